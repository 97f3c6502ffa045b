import Foundation
import XCTest

/// An outbox entry belongs to the draft it came from: a script (`--no-draft`, `--text`, standard
/// input) never shows or sends another invocation's post, and its standard output holds only its own
/// link; a post a run leaves behind is taken over by the next start without text of its own. And a
/// cross-post one network refused: an edit goes to that network alone.
final class OutboxOwnershipTests: SandboxTestCase {
    func entries(_ sandbox: NetworkSandbox) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: sandbox.outboxDirectory.path))?.sorted() ?? []
    }

    func texts(_ sandbox: NetworkSandbox) -> [String?] { sandbox.statuses.map { $0["text"] as? String } }

    /// `git log -1 --format=%B | compose-window --no-draft > msg.txt` after another run left a post:
    /// msg.txt gets this run's link alone, the other post is not sent, and the desktop's next start
    /// (no text of its own) offers it and posts it once.
    func testANoDraftScriptNeverSendsAnotherRunsPostAndTheNextStartTakesItOver() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "status": 503, "json": [:] as [String: Any]]])
        let left = try sandbox.send("Left behind", to: "mastodon", extra: ["--no-draft"])
        XCTAssertTrue(left.waitForStderr(containing: "did not take the post"), left.stderrSoFar)
        left.key("Escape")
        let closed = try XCTUnwrap(left.finish(timeout: 30))
        XCTAssertEqual(closed.code, 4, closed.stderr)
        XCTAssertEqual(closed.stdout, Data())
        XCTAssertEqual(entries(sandbox).filter { $0.hasPrefix(".run-") }.count, 1, "\(entries(sandbox))")
        XCTAssertFalse(entries(sandbox).contains("default.json"))

        let script = try sandbox.send("Mine alone", to: "mastodon", extra: ["--no-draft"])
        let posted = try XCTUnwrap(script.finish(timeout: 30))
        XCTAssertEqual(posted.code, 0, posted.stderr)
        XCTAssertEqual(texts(sandbox), ["Mine alone"], "the other run's post is not sent")
        XCTAssertEqual(
            String(decoding: posted.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")

        // The desktop's next start: the post left behind comes back. The 503 may have stored it, so
        // Send waits out the settle time (a clock 60 times faster) and looks it up first.
        let desktop = try sandbox.reopen(to: "mastodon", faster: 60)
        XCTAssertTrue(desktop.waitForText("Left behind"))
        desktop.key("ctrl+Return")
        let finished = try XCTUnwrap(desktop.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(texts(sandbox), ["Mine alone", "Left behind"])
        XCTAssertEqual(entries(sandbox), [], "nothing left in the outbox")
    }

    /// A script with a text of its own, on the draft whose outbox holds another post: that post is
    /// set aside (said on standard error), this one is posted, and a later start without text
    /// posts the other.
    func testAScriptWithItsOwnTextSetsTheDraftsPostAside() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            [
                "method": "/api/v1/statuses", "status": 422,
                "json": ["error": "Validation failed: try later"] as [String: Any],
            ]
        ])
        let first = try sandbox.send("First", to: "mastodon")
        XCTAssertTrue(first.waitForStderr(containing: "did not take the post"), first.stderrSoFar)
        first.key("Escape")
        XCTAssertEqual(try XCTUnwrap(first.finish(timeout: 30)).code, 4)
        XCTAssertTrue(entries(sandbox).contains("default.json"))

        let second = try sandbox.window("Second", to: "mastodon")
        XCTAssertTrue(second.waitForStderr(containing: "was set aside"), second.stderrSoFar)
        XCTAssertTrue(second.waitForText("Second"), "its own text, not the other post")
        second.key("ctrl+Return")
        let posted = try XCTUnwrap(second.finish(timeout: 30))
        XCTAssertEqual(posted.code, 0, posted.stderr)
        XCTAssertEqual(texts(sandbox), ["Second"])
        XCTAssertEqual(
            String(decoding: posted.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
        XCTAssertEqual(entries(sandbox).filter { $0.hasPrefix(".stranded-") }.count, 1, "\(entries(sandbox))")

        let later = try sandbox.reopen(to: "mastodon")
        XCTAssertTrue(later.waitForText("First"))
        later.key("ctrl+Return")
        let finished = try XCTUnwrap(later.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(texts(sandbox), ["Second", "First"])
        XCTAssertEqual(entries(sandbox), [])
    }

    /// Cross-posted: Mastodon took it, Bluesky refused it (too long for it, say). The edit goes to
    /// Bluesky alone; Mastodon keeps what it has and is never sent the edit.
    func testACrossPostOneNetworkRefusedThenAnEditGoesToThatNetworkAlone() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        try sandbox.inject([
            [
                "method": "createRecord", "status": 400,
                "json": ["error": "InvalidRequest", "message": "Record/text must not be longer than 300 graphemes"]
                    as [String: Any],
            ]
        ])
        let window = try sandbox.send("Long version", to: "mastodon,bluesky")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertEqual(texts(sandbox), ["Long version"])
        window.key("ctrl+a", "BackSpace")
        window.type("Short")
        XCTAssertTrue(window.waitForText("Short"), "a refused post can be edited")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(texts(sandbox), ["Long version"], "Mastodon is never sent the edit")
        XCTAssertEqual(
            sandbox.records.map { ($0["value"] as? [String: Any])?["text"] as? String }, ["Short"])
        XCTAssertEqual(String(decoding: finished.stdout, as: UTF8.self).split(separator: "\n").count, 2)
    }

    /// Discard… after an unknown outcome: confirmed, the post is abandoned (its outbox entry and
    /// draft go, exit 1) and nothing more is sent; not confirmed, the error bar comes back.
    /// `COMPOSE_TEST_SCREENSHOT`: where to put pictures of the confirmation and of the bar.
    func testDiscardAbandonsThePostOnceConfirmed() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Never mind", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("alt+i")  // "D_iscard…" in the error bar
        XCTAssertTrue(window.waitForWindows(2), "the confirmation is open")
        if let picture = ProcessInfo.processInfo.environment["COMPOSE_TEST_SCREENSHOT"] {
            _ = try? Shell.run("/usr/bin/import", ["-window", "root", picture + "-dialog.png"])
        }
        window.key("alt+k")  // "_Keep editing": nothing changes, the error bar is back
        XCTAssertTrue(window.waitForWindows(1))
        XCTAssertTrue(window.waitForText("Never mind"))
        if let picture = ProcessInfo.processInfo.environment["COMPOSE_TEST_SCREENSHOT"] {
            _ = try? Shell.run("/usr/bin/import", ["-window", "root", picture + "-bar.png"])
        }
        window.key("alt+i")
        XCTAssertTrue(window.waitForWindows(2))
        window.key("alt+d")  // "_Discard"
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 1, finished.stderr)
        XCTAssertEqual(finished.stdout, Data())
        XCTAssertEqual(entries(sandbox), [], "the outbox entry is gone")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.draftFile.path), "and the draft")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 1, "nothing more sent")
    }
}
