import Foundation
import XCTest

/// Send later for real: `--at` moves the post into a draft of its own with a systemd user timer,
/// checked by `systemd-analyze verify`, and the timer's own command line (`--deliver`, with the
/// unit's environment) run under faketime at its time posts it to the Mastodon stand-in exactly
/// once: never before its time, never twice, never from under a window that holds it. Mastodon is
/// not given the time here (the setting off): the post waits on this machine, as a Bluesky post or
/// a thread always does (ScheduledOnServerTests has Mastodon keeping it).
final class ScheduledPostTests: SandboxTestCase {
    /// An hour from the test's first use of it, as `--at` takes it (UTC). Lazy: XCTest makes every
    /// test case's instance when the run starts, minutes before the test runs.
    private lazy var inAnHour: String = {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date().addingTimeInterval(3_600))
    }()

    func testAtSchedulesThePostAndTheTimerPostsItOnceAtItsTime() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let window = try sandbox.send("Later, at its time", to: "mastodon", extra: ["--at", inAnHour])
        let closed = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(closed.code, 0, closed.stderr)
        XCTAssertEqual(closed.stdout, Data(), "nothing is posted yet, so no link")
        // No systemd user manager in the sandbox: the window says how the post will go instead.
        XCTAssertTrue(closed.stderr.contains("no systemd timer"), closed.stderr)
        XCTAssertEqual(sandbox.statuses.count, 0)
        let draft = try sandbox.scheduledDraft()
        XCTAssertTrue(draft.hasPrefix("scheduled-"), draft)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.draftFile.path), "the default draft is free")

        // The units, as systemd reads them.
        let units = sandbox.userUnits
        let timer = units.appendingPathComponent("compose-window-deliver-\(draft).timer")
        let timerText = try String(contentsOf: timer, encoding: .utf8)
        XCTAssertTrue(timerText.contains("Persistent=true"), timerText)
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: units.appendingPathComponent("timers.target.wants/\(timer.lastPathComponent)").path)
        XCTAssertEqual(link, "../" + timer.lastPathComponent)
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let verified = try Shell.run(
            "/usr/bin/systemd-analyze",
            ["verify", "--user", timer.path, units.appendingPathComponent("compose-window-deliver.service").path],
            environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": sandbox.home.path, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(verified.code, 0, verified.stdout + verified.stderr)
        // systemd's own reading of OnCalendar: the time asked for, to the second.
        let calendar = timerText.split(separator: "\n").first { $0.hasPrefix("OnCalendar=") }.map {
            String($0.dropFirst("OnCalendar=".count))
        }
        let read = try Shell.run(
            "/usr/bin/systemd-analyze", ["calendar", calendar ?? ""], environment: ["TZ": "UTC", "PATH": "/usr/bin"])
        let atUTC = inAnHour.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
        XCTAssertTrue(read.stdout.contains(atUTC), read.stdout)

        // Before its time the timer's command posts nothing; at it, once; after, nothing more.
        let early = try sandbox.runTheUnit(clockAhead: "+50m")
        XCTAssertEqual(early.code, 0, early.stderr)
        XCTAssertEqual(sandbox.statuses.count, 0, "never before its time")
        let due = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(due.code, 0, due.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Later, at its time"])
        XCTAssertTrue(due.stdout.hasPrefix("https://mastodon.social/"), due.stdout)
        let again = try sandbox.runTheUnit(clockAhead: "+62m")
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1, "a second timer posts nothing more")
        XCTAssertEqual(try sandbox.composeWindow(["--outbox"]).stdout, "")
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: timer.path), "its timer goes with it")
    }

    /// The timer fires while a window holds the scheduled post: the window has it, `--deliver`
    /// leaves it alone; an edit there changes what goes, and the timer then posts the edit once.
    func testAWindowHoldingThePostKeepsItAndItsEditIsWhatGoes() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let first = try sandbox.send("First wording", to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let draft = try sandbox.scheduledDraft()
        let window = try sandbox.open(draft)
        let skipped = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(skipped.code, 0, skipped.stderr)
        XCTAssertTrue(skipped.stderr.contains("open in a window"), skipped.stderr)
        XCTAssertEqual(sandbox.statuses.count, 0)
        // Edited and sent again: still scheduled, with the new words.
        window.key("ctrl+a")
        window.type("Second wording")
        window.key("ctrl+Return")
        let rescheduled = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(rescheduled.code, 0, rescheduled.stderr)
        XCTAssertEqual(try sandbox.scheduledDraft(), draft, "the same scheduled post")
        XCTAssertEqual(sandbox.statuses.count, 0)
        let due = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(due.code, 0, due.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Second wording"])
    }

    /// Posts scheduled for one minute, one after another as a script schedules a morning's posts
    /// (#61): each keeps a draft of its own, even once the window before it has closed, and each
    /// goes once at its time. The first was lost before (the second took its draft's name).
    func testPostsForTheSameMinuteEachKeepTheirOwnAndEachGoOnce() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let texts = ["First of the morning", "Second of the morning", "Third of the morning"]
        for text in texts {
            let window = try sandbox.send(text, to: "mastodon", extra: ["--at", inAnHour])
            let closed = try XCTUnwrap(window.finish(timeout: 30))
            XCTAssertEqual(closed.code, 0, closed.stderr)
        }
        let listed = try sandbox.composeWindow(["--outbox"]).stdout.split(separator: "\n")
        XCTAssertEqual(listed.count, 3, "\(listed)")
        XCTAssertEqual(Set(listed.map { $0.split(separator: "\t").first ?? "" }).count, 3, "three drafts")
        for text in texts { XCTAssertTrue(listed.contains { $0.hasSuffix(text) || $0.contains(text + "\t") }, text) }
        XCTAssertEqual(try sandbox.runTheUnit(clockAhead: "+50m").code, 0)
        XCTAssertEqual(sandbox.statuses.count, 0, "never before its time")
        let due = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(due.code, 0, due.stderr)
        XCTAssertEqual(Set(sandbox.statuses.compactMap { $0["text"] as? String }), Set(texts))
        XCTAssertEqual(sandbox.statuses.count, 3, "each once")
        XCTAssertEqual(try sandbox.runTheUnit(clockAhead: "+62m").code, 0)
        XCTAssertEqual(sandbox.statuses.count, 3)
        XCTAssertEqual(try sandbox.composeWindow(["--outbox"]).stdout, "")
    }

    /// Post now, from the window on the scheduled draft: it goes at once, and its timer and draft
    /// with it.
    func testPostNowPostsItAtOnceAndItsTimerGoes() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let first = try sandbox.send("Sooner than planned", to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let draft = try sandbox.scheduledDraft()
        let timer = sandbox.userUnits.appendingPathComponent("compose-window-deliver-\(draft).timer")
        XCTAssertTrue(FileManager.default.fileExists(atPath: timer.path))
        let window = try sandbox.open(draft)
        window.key("alt+p")
        let posted = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(posted.code, 0, posted.stderr)
        XCTAssertTrue(String(decoding: posted.stdout, as: UTF8.self).hasPrefix("https://mastodon.social/"))
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Sooner than planned"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: timer.path), "its timer went with it")
        XCTAssertEqual(try sandbox.composeWindow(["--outbox"]).stdout, "")
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "")
        // The timer, had systemd kept it, would find nothing: still one post.
        XCTAssertEqual(try sandbox.runTheUnit(clockAhead: "+61m").code, 0)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// No systemd user manager: the first window started after the time (on another draft)
    /// starts `--deliver`, which posts it once.
    func testWithoutSystemdTheFirstStartAfterTheTimePostsIt() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let first = try sandbox.send("Posted at the next start", to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let early = try sandbox.open("default", clockAhead: "+30m")
        XCTAssertEqual(sandbox.statuses.count, 0)
        early.key("Escape")
        _ = early.finish(timeout: 30)
        let late = try sandbox.open("default", clockAhead: "+61m")
        XCTAssertTrue(waitUntil(timeout: 30) { sandbox.statuses.count == 1 }, "posted by the start's --deliver")
        XCTAssertTrue(waitUntil(timeout: 30) { (try? sandbox.composeWindow(["--outbox"]).stdout) == "" })
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Posted at the next start"])
        late.key("Escape")
        _ = late.finish(timeout: 30)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// Send later… from the keyboard alone: Ctrl+Shift+L, the hour has the focus, Tab to the
    /// minute, Enter schedules; the post waits for that time in a draft of its own.
    func testSendLaterSchedulesFromTheKeyboard() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let window = try sandbox.window("Chosen in the dialog", to: "mastodon")
        window.key("ctrl+shift+l")
        XCTAssertTrue(window.waitForWindows(2), "the dialog")
        window.key("Tab", "ctrl+a", "4", "5", "Return")
        let closed = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(closed.code, 0, closed.stderr)
        XCTAssertEqual(sandbox.statuses.count, 0)
        let draft = try sandbox.scheduledDraft()
        let data = try Data(contentsOf: sandbox.outboxDirectory.appendingPathComponent(draft + ".json"))
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let until = try XCTUnwrap((file["hold"] as? [String: Any])?["until"] as? Double)
        let now = Date().timeIntervalSince1970
        XCTAssertGreaterThan(until, now + 10 * 60, "the suggestion's hour, at :45")
        XCTAssertLessThanOrEqual(until, now + 2 * 3_600)
        XCTAssertEqual(Calendar.current.component(.minute, from: Date(timeIntervalSince1970: until)), 45)
        XCTAssertEqual(file["text"] as? String, "Chosen in the dialog")
    }

    /// An edit made in the scheduled post's window and closed without Send is the person's: the
    /// timer posts what was scheduled, and the edit stays in its draft (the explorer found this).
    func testAnEditClosedWithoutSendStaysInTheDraft() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let first = try sandbox.send("As scheduled", to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let draft = try sandbox.scheduledDraft()
        let window = try sandbox.open(draft)
        window.key("End")
        window.type(", reworded")
        XCTAssertTrue(window.waitForText("As scheduled, reworded"))
        window.key("Escape")
        XCTAssertNotNil(window.finish(timeout: 30))
        let due = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(due.code, 0, due.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["As scheduled"])
        XCTAssertTrue(due.stderr.contains("the edit is kept"), due.stderr)
        let drafts = try sandbox.composeWindow(["--drafts"])
        XCTAssertTrue(drafts.stdout.hasPrefix(draft + "\t"), drafts.stdout)
        XCTAssertTrue(drafts.stdout.contains("\twritten\t"), drafts.stdout)
        XCTAssertTrue(drafts.stdout.hasSuffix("As scheduled, reworded\n"), drafts.stdout)
    }

    /// The Drafts list acts on a scheduled post without opening it: Post now posts it once (the
    /// window starts `--deliver`), by keyboard alone.
    func testPostNowFromTheDraftsList() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let first = try sandbox.send("Posted from the list", to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let window = try sandbox.reopen(to: "mastodon")
        // New draft → Open → Post now.
        window.key("ctrl+shift+d")
        window.key("Tab", "Tab", "Return")
        XCTAssertTrue(waitUntil(timeout: 30) { sandbox.statuses.count == 1 }, "posted by --deliver")
        XCTAssertTrue(waitUntil(timeout: 30) { (try? sandbox.composeWindow(["--outbox"]).stdout) == "" })
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Posted from the list"])
        XCTAssertTrue(window.isRunning, "this window stays")
        window.key("Escape", "Escape")
        _ = window.finish(timeout: 30)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// Discard… from the Drafts list, confirmed: the post, its draft and its timer go; the timer's
    /// command, had systemd kept it, posts nothing.
    func testDiscardFromTheDraftsList() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let first = try sandbox.send("Not after all", to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let draft = try sandbox.scheduledDraft()
        let window = try sandbox.reopen(to: "mastodon")
        // New draft → Open → Post now → Discard…, then the confirmation's Discard.
        window.key("ctrl+shift+d")
        window.key("Tab", "Tab", "Tab", "Return")
        XCTAssertTrue(window.waitForWindows(2), "the confirmation")
        window.key("alt+d")
        XCTAssertTrue(waitUntil(timeout: 30) { (try? sandbox.composeWindow(["--outbox"]).stdout) == "" })
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "")
        let timer = sandbox.userUnits.appendingPathComponent("compose-window-deliver-\(draft).timer")
        XCTAssertFalse(FileManager.default.fileExists(atPath: timer.path))
        window.key("Escape", "Escape")
        _ = window.finish(timeout: 30)
        XCTAssertEqual(try sandbox.runTheUnit(clockAhead: "+61m").code, 0)
        XCTAssertEqual(sandbox.statuses.count, 0)
    }
}
