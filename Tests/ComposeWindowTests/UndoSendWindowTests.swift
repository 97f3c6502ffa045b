import Foundation
import XCTest

/// Undo Send in a window started from the desktop, for real against the Mastodon stand-in: the
/// post waits in the outbox while the bar counts down, nothing reaching the server; Undo takes it
/// back; closing meanwhile keeps it unsent for the next start.
final class UndoSendWindowTests: SandboxTestCase {
    private func outbox(_ sandbox: NetworkSandbox) -> String {
        (try? String(contentsOf: sandbox.outboxFile, encoding: .utf8)) ?? ""
    }

    /// Seconds from now until the outbox's hold ends (nil: no hold).
    private func holdSecondsLeft(_ sandbox: NetworkSandbox) -> Double? {
        guard let data = try? Data(contentsOf: sandbox.outboxFile),
            let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let until = (file["hold"] as? [String: Any])?["until"] as? Double
        else { return nil }
        return until - Date().timeIntervalSince1970
    }

    private func statusRequests(_ sandbox: NetworkSandbox) -> Int {
        sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count
    }

    func testUndoTakesThePostBackAndSendAfterItPostsOnlyTheNewText() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setting("undo-send-seconds=8")
        let window = try sandbox.send("First thought", to: "mastodon", extra: ["--desktop"])
        XCTAssertTrue(waitUntil(timeout: 10) { self.outbox(sandbox).contains("undoSend") }, "recorded, held")
        XCTAssertTrue(self.outbox(sandbox).contains("First thought"))
        XCTAssertGreaterThan(holdSecondsLeft(sandbox) ?? 0, 5, "the setting's 8 s, not the default 5")
        window.key("alt+u")
        XCTAssertTrue(waitUntil(timeout: 10) { !FileManager.default.fileExists(atPath: sandbox.outboxFile.path) })
        XCTAssertTrue(window.isRunning, "Undo keeps the window")
        XCTAssertEqual(statusRequests(sandbox), 0, "nothing left")
        // The text is the person's again: typed on, and sent after a countdown of its own.
        window.key("End")
        window.type(", second")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["First thought, second"])
        XCTAssertEqual(statusRequests(sandbox), 1)
    }

    /// The seconds are set in the Drafts list, by keyboard (Alt+E there): the next Send waits that
    /// long. GSettings keeps it (the keyfile here).
    func testTheSecondsAreSetInTheDraftsList() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let window = try sandbox.window("Set in the list", to: "mastodon", extra: ["--desktop"])
        window.key("ctrl+shift+d")
        window.key("alt+e", "ctrl+a")
        window.type("12")
        window.key("Tab", "Escape")
        let keyfile = sandbox.home.appendingPathComponent("config/glib-2.0/settings/keyfile")
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                ((try? String(contentsOf: keyfile, encoding: .utf8)) ?? "").contains("undo-send-seconds=12")
            }, "kept by GSettings")
        window.key("ctrl+Return")
        XCTAssertTrue(waitUntil(timeout: 10) { self.outbox(sandbox).contains("undoSend") })
        XCTAssertGreaterThan(holdSecondsLeft(sandbox) ?? 0, 9, "12 s, not the default 5")
        window.key("alt+u")
        XCTAssertTrue(waitUntil(timeout: 10) { !FileManager.default.fileExists(atPath: sandbox.outboxFile.path) })
        XCTAssertEqual(statusRequests(sandbox), 0)
    }

    /// The countdown ends and the post goes by itself, exactly once.
    func testTheCountdownEndsAndThePostGoesOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setting("undo-send-seconds=2")
        let window = try sandbox.send("After two seconds", to: "mastodon", extra: ["--desktop"])
        XCTAssertTrue(waitUntil(timeout: 10) { self.outbox(sandbox).contains("undoSend") })
        XCTAssertLessThan(holdSecondsLeft(sandbox) ?? 99, 3, "the setting's 2 s")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["After two seconds"])
        XCTAssertEqual(statusRequests(sandbox), 1)
    }

    func testClosingDuringTheCountdownKeepsItUnsentForTheNextStart() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setting("undo-send-seconds=30")
        let window = try sandbox.send("Not yet", to: "mastodon", extra: ["--desktop"])
        XCTAssertTrue(waitUntil(timeout: 10) { self.outbox(sandbox).contains("undoSend") })
        window.key("Escape")
        let closed = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(closed.code, 4, closed.stderr)
        XCTAssertTrue(closed.stderr.contains("closed before the post left"), closed.stderr)
        XCTAssertEqual(statusRequests(sandbox), 0)
        XCTAssertTrue(outbox(sandbox).contains("Not yet"), "the outbox keeps it")
        // What a script sees of it: the draft waiting, and Mastodon's post waiting, unsent.
        let drafts = try sandbox.composeWindow(["--drafts"])
        XCTAssertEqual(drafts.code, 0, drafts.stderr)
        let draft = drafts.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        XCTAssertEqual(draft.count, 1, drafts.stdout)
        XCTAssertEqual(
            draft.first.map { [$0[0], $0[2], $0[3], $0[4], $0[5]] },
            ["default", "waiting", "0", "@alice@mastodon.social", "Not yet"])
        let waiting = try sandbox.composeWindow(["--outbox"])
        XCTAssertEqual(waiting.code, 0, waiting.stderr)
        XCTAssertEqual(waiting.stdout, "default\t@alice@mastodon.social\twaiting\t-\tNot yet\t\n")
        // The next start (a script's: no countdown) shows it, and Send posts it once.
        let again = try sandbox.reopen(to: "mastodon")
        again.key("ctrl+Return")
        let finished = try XCTUnwrap(again.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Not yet"])
        XCTAssertEqual(try sandbox.composeWindow(["--outbox"]).stdout, "", "posted: the outbox is empty")
        XCTAssertEqual(try sandbox.composeWindow(["--drafts"]).stdout, "", "and the draft is gone")
    }

    /// `--no-delay` from the desktop: no countdown, whatever the setting.
    func testNoDelayPostsAtOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setting("undo-send-seconds=30")
        let window = try sandbox.send("Right now", to: "mastodon", extra: ["--desktop", "--no-delay"])
        let finished = try XCTUnwrap(window.finish(timeout: 20))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }
}
