import Foundation
import XCTest

/// Mastodon keeps a scheduled post (the setting's default) against the stand-in, which serves
/// scheduled statuses as docs/servers.md reads Mastodon's code: `--at` gives it the time and the
/// images at Send; the server publishes it at its time (the stand-in's clock moved on), and the
/// timer's `--deliver` finds the status it became and gives its link; Discard and Post now
/// withdraw it there first (DELETE), so it is never published as well.
final class ScheduledOnServerTests: SandboxTestCase {
    /// An hour from the test's first use of it (lazy: XCTest makes the instances at the start).
    private lazy var inAnHour: String = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3_600))

    private func kept(_ sandbox: NetworkSandbox) -> [[String: Any]] {
        sandbox.state["scheduled"] as? [[String: Any]] ?? []
    }

    private func keptTexts(_ sandbox: NetworkSandbox) -> [String?] {
        kept(sandbox).map { ($0["params"] as? [String: Any])?["text"] as? String }
    }

    /// `text` scheduled for `time` (`--at`), then a window opened on its scheduled draft (with
    /// `--to network`, or with `--draft NAME` alone for nil).
    private func scheduledWindow(
        _ text: String, in sandbox: NetworkSandbox, at time: String, openedTo network: String? = "mastodon"
    ) throws -> ComposeProcess {
        let first = try sandbox.send(text, to: "mastodon", extra: ["--at", time])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        return try sandbox.open(try sandbox.scheduledDraft(), to: network)
    }

    /// The stand-in's clock past the hour (the server publishes what is due), then the timer's
    /// unit run a minute after the post's time.
    private func timerAfterItsTime(_ sandbox: NetworkSandbox) throws -> (code: Int32, stdout: String, stderr: String) {
        try sandbox.inject([["method": "clock", "advance": 3_660]])
        return try sandbox.runTheUnit(clockAhead: "+62m")
    }

    func testMastodonKeepsItAndTheTimerFindsWhatItBecame() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let window = try sandbox.send("Kept by the server", to: "mastodon", extra: ["--at", inAnHour])
        let closed = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(closed.code, 0, closed.stderr)
        XCTAssertEqual(closed.stdout, Data(), "not posted yet: no link")
        XCTAssertEqual(keptTexts(sandbox), ["Kept by the server"], "scheduled at Send")
        XCTAssertEqual(sandbox.statuses.count, 0)
        let draft = try sandbox.scheduledDraft()
        let listed = try sandbox.composeWindow(["--outbox"]).stdout
        XCTAssertTrue(listed.contains("\tkept by mastodon.social\n"), listed)

        // Before its time the timer asks nothing; the server's own clock publishes it.
        let early = try sandbox.runTheUnit(clockAhead: "+50m")
        XCTAssertEqual(early.code, 0, early.stderr)
        XCTAssertEqual(early.stdout, "")
        XCTAssertEqual(kept(sandbox).count, 1)
        let due = try timerAfterItsTime(sandbox)
        XCTAssertEqual(due.code, 0, due.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Kept by the server"], "published once")
        XCTAssertTrue(due.stdout.hasPrefix("https://mastodon.social/"), due.stdout)
        XCTAssertEqual(kept(sandbox).count, 0)
        XCTAssertEqual(try sandbox.composeWindow(["--outbox"]).stdout, "")
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "")
        let timer = sandbox.userUnits.appendingPathComponent("compose-window-deliver-\(draft).timer")
        XCTAssertFalse(FileManager.default.fileExists(atPath: timer.path), "its timer goes with it")
    }

    /// A server that ignores `scheduled_at` publishes the post at Send (#61): the script gets its
    /// link and one line saying it went at once, not at its time; nothing is left to post again.
    /// It used to say nothing, as if the post had gone as planned.
    func testAServerThatIgnoresTheTimeIsSaidPlainly() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setAccounts(["mastodonIgnoresScheduledAt": true])
        let window = try sandbox.send("Not yet, please", to: "mastodon", extra: ["--at", inAnHour])
        let closed = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(closed.code, 0, closed.stderr)
        XCTAssertTrue(String(decoding: closed.stdout, as: UTF8.self).hasPrefix("https://mastodon.social/"))
        let lines = closed.stderr.split(separator: "\n").filter { $0.contains("published the post at once") }
        XCTAssertEqual(lines.count, 1, closed.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Not yet, please"])
        XCTAssertEqual(try sandbox.composeWindow(["--outbox"]).stdout, "", "nothing left to post at its time")
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "")
        XCTAssertEqual(try sandbox.composeWindow(["--deliver"]).code, 0)
        XCTAssertEqual(sandbox.statuses.count, 1, "never posted again")
    }

    /// The server refuses the time as under 5 minutes ahead by its clock (ahead of this one): the
    /// post waits here instead, and the timer posts it. The same for a German account, whose
    /// refusal is in German (Mastodon answers in the account's locale: docs/servers.md, gaps 2).
    func testATimeTheServerRefusesWaitsHere() throws {
        for locale in ["en", "de"] {
            let sandbox = try NetworkSandbox.signedIn("mastodon")
            try sandbox.setAccounts(["mastodonLocale": locale])
            try sandbox.inject([["method": "clock", "advance": 3_400]])
            let window = try sandbox.send("Waits here", to: "mastodon", extra: ["--at", inAnHour])
            XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 30)).code, 0, locale)
            XCTAssertEqual(kept(sandbox).count, 0, locale)
            let refusals = (sandbox.state["refusals"] as? [[String: Any]] ?? []).compactMap {
                ($0["answer"] as? [String: Any])?["error"] as? String
            }
            let words = locale == "de" ? "Das geplante Datum muss in der Zukunft liegen" : "date must be in the future"
            XCTAssertEqual(refusals, ["Validation failed: Scheduled at " + words], locale)
            _ = try sandbox.scheduledDraft()
            let due = try sandbox.runTheUnit(clockAhead: "+61m")
            XCTAssertEqual(due.code, 0, due.stderr)
            XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Waits here"], locale)
        }
    }

    /// Before Mastodon 4.2.9 a repeated Idempotency-Key of a scheduled post makes a second one
    /// (docs/servers.md, gaps 1): a lost answer is looked up among the scheduled statuses before
    /// anything is sent again, so the post is kept there once.
    func testALostAnswerOnAServerBeforeTheKeyFixIsLookedUpNeverScheduledTwice() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setAccounts(["mastodonScheduledKeyRepeats": true])
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Kept once", to: "mastodon", extra: ["--at", inAnHour], faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertEqual(keptTexts(sandbox), ["Kept once"], "the first request made it")
        window.key("ctrl+Return")  // Retry: looked up first
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(keptTexts(sandbox), ["Kept once"], "never scheduled twice")
        let posts = sandbox.requests.filter { $0.path == "/api/v1/statuses" }
        XCTAssertEqual(posts.count, 1, "never sent again")
    }

    /// Post now in the window on the kept post (Alt+P): withdrawn there, then posted once; in a
    /// window opened with `--to mastodon` and in one opened with `--draft NAME` alone (#61).
    func testPostNowWithdrawsItThereThenPostsItOnce() throws {
        try postNowWithdrawsItThereThenPostsItOnce(openedTo: "mastodon")
    }

    func testPostNowWithdrawsItThereInAWindowOpenedOnTheDraftAlone() throws {
        try postNowWithdrawsItThereThenPostsItOnce(openedTo: nil)
    }

    private func postNowWithdrawsItThereThenPostsItOnce(openedTo network: String?) throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let window = try scheduledWindow("Sooner, once", in: sandbox, at: inAnHour, openedTo: network)
        window.key("alt+p")
        let posted = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(posted.code, 0, posted.stderr)
        XCTAssertTrue(String(decoding: posted.stdout, as: UTF8.self).hasPrefix("https://mastodon.social/"))
        XCTAssertEqual(kept(sandbox).count, 0, "withdrawn there")
        XCTAssertEqual(try timerAfterItsTime(sandbox).code, 0)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Sooner, once"], "never published as well")
    }

    /// An edit of the kept post, sent: the old version is withdrawn, the new one kept instead;
    /// in a window opened with `--to mastodon` and in one opened with `--draft NAME` alone (#61).
    func testAnEditReplacesItThereOnce() throws {
        try anEditReplacesItThereOnce(openedTo: "mastodon")
    }

    func testAnEditReplacesItThereInAWindowOpenedOnTheDraftAlone() throws {
        try anEditReplacesItThereOnce(openedTo: nil)
    }

    private func anEditReplacesItThereOnce(openedTo network: String?) throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let window = try scheduledWindow("First wording", in: sandbox, at: inAnHour, openedTo: network)
        window.key("ctrl+a")
        window.type("Second wording")
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 30)).code, 0)
        XCTAssertEqual(keptTexts(sandbox), ["Second wording"])
        let due = try timerAfterItsTime(sandbox)
        XCTAssertEqual(due.code, 0, due.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Second wording"])
    }

    /// Discard… in the window opened on the kept post as the docs say (`--draft NAME` alone), confirmed
    /// (#61): withdrawn there (DELETE) before the post, its draft and its timer go; the server
    /// publishes nothing at its time. It used to send nothing and keep the post.
    func testDiscardInTheWindowWithdrawsItThere() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let window = try scheduledWindow("Withdrawn from the window", in: sandbox, at: inAnHour, openedTo: nil)
        XCTAssertEqual(kept(sandbox).count, 1)
        window.key("alt+i")  // the bar's D_iscard…
        XCTAssertTrue(window.waitForWindows(2), "the confirmation")
        window.key("alt+d")
        let closed = try XCTUnwrap(window.finish(timeout: 30), window.stderrSoFar)
        XCTAssertEqual(closed.code, 1, closed.stderr)
        XCTAssertEqual(kept(sandbox).count, 0, "withdrawn there")
        XCTAssertEqual(try sandbox.composeWindow(["--outbox"]).stdout, "")
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "")
        XCTAssertEqual(try timerAfterItsTime(sandbox).code, 0)
        XCTAssertEqual(sandbox.statuses.count, 0, "never published")
    }

    /// Discard… from the Drafts list, confirmed: `--deliver` withdraws it there, then the post,
    /// its draft and its timer go; the server publishes nothing at its time.
    func testDiscardFromTheDraftsListWithdrawsItThere() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let first = try sandbox.send("Not after all", to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let window = try sandbox.reopen(to: "mastodon")
        // New draft → Open → Post now → Discard…, then the confirmation's Discard.
        window.key("ctrl+shift+d")
        window.key("Tab", "Tab", "Tab", "Return")
        XCTAssertTrue(window.waitForWindows(2), "the confirmation")
        window.key("alt+d")
        XCTAssertTrue(waitUntil(timeout: 30) { self.kept(sandbox).isEmpty }, "withdrawn by --deliver")
        XCTAssertTrue(waitUntil(timeout: 30) { (try? sandbox.composeWindow(["--outbox"]).stdout) == "" })
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "")
        window.key("Escape", "Escape")
        _ = window.finish(timeout: 30)
        XCTAssertEqual(try timerAfterItsTime(sandbox).code, 0)
        XCTAssertEqual(sandbox.statuses.count, 0)
    }

    /// Send later… again on the kept post (Ctrl+Shift+L, the hour one down, Enter): the server
    /// moves it (PUT), the same scheduled status, and the outbox waits for the new time.
    func testAnotherTimeMovesItThere() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let inTwoHours = ISO8601DateFormatter().string(from: Date().addingTimeInterval(7_200))
        let first = try sandbox.send("Moved", to: "mastodon", extra: ["--at", inTwoHours])
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 0)
        let before = try XCTUnwrap(kept(sandbox).first?["scheduled_at"] as? Double)
        let draft = try sandbox.scheduledDraft()
        let window = try sandbox.open(draft)
        window.key("ctrl+shift+l")
        XCTAssertTrue(window.waitForWindows(2), "the dialog")
        window.key("Down", "Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 30)).code, 0)
        XCTAssertEqual(kept(sandbox).count, 1, "the same scheduled status")
        let after = try XCTUnwrap(kept(sandbox).first?["scheduled_at"] as? Double)
        XCTAssertNotEqual(after, before)
        let data = try Data(contentsOf: sandbox.outboxDirectory.appendingPathComponent(draft + ".json"))
        let file = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual((file["hold"] as? [String: Any])?["until"] as? Double, after.rounded(.down))
        XCTAssertEqual(sandbox.statuses.count, 0)
    }
}
