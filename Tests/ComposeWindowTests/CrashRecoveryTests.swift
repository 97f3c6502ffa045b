import Foundation
import XCTest

/// kill -9 while the post is on its way: the next start with the same draft shows the post, and
/// Send in that window is the safe retry. The network ends up with exactly one post.
final class CrashRecoveryTests: SandboxTestCase {
    /// Waits (with a deadline) until the stand-in has received a request to `path`.
    func waitForRequest(_ path: String, in sandbox: NetworkSandbox) -> Bool {
        waitUntil(timeout: 20) { sandbox.requests.contains { $0.path == path } }
    }

    /// Killed while Mastodon is still making the status (the request arrived, no answer yet): the
    /// outbox says it may have been sent; Send in the next window waits out the settle time (a clock
    /// 60 times faster here) and finds the status by lookup.
    /// Sends `text` to the Mastodon stand-in and kills the window once the request has arrived,
    /// before the answer (it takes 2 s).
    func killedDuringTheMastodonRequest(_ text: String) throws -> NetworkSandbox {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "delay": 2]])
        let first = try sandbox.send(text, to: "mastodon")
        XCTAssertTrue(waitForRequest("/api/v1/statuses", in: sandbox))
        first.signal(SIGKILL)
        _ = first.finish()
        return sandbox
    }

    func testKilledDuringTheMastodonRequestThenSentAgainPostsOnce() throws {
        let sandbox = try killedDuringTheMastodonRequest("Survives a kill -9")
        let outbox = try String(contentsOf: sandbox.outboxFile, encoding: .utf8)
        XCTAssertTrue(outbox.contains("\"sending\""), outbox)
        XCTAssertTrue(waitUntil(timeout: 20) { sandbox.statuses.count == 1 }, "the server finished the status")

        // The next start with the same draft: the post is back, and Send is the retry.
        let second = try sandbox.reopen(to: "mastodon", faster: 60)
        XCTAssertTrue(second.waitForText("Survives a kill -9"))
        second.key("ctrl+Return")
        let finished = try XCTUnwrap(second.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
        XCTAssertEqual(sandbox.statuses.count, 1, "exactly one status")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.draftFile.path))
    }

    /// Killed during the request with the draft edited since (an edit made in a window killed
    /// before Send, while `--deliver` sent the post: the time explorer found it lost): the next
    /// window shows the post as it may have been sent, and the edit is a draft of its own, said in
    /// the bar, never overwritten by the autosave; Send posts the post once and leaves the edit.
    func testAnEditTheDraftHoldsIsKeptAsADraftOfItsOwnWhenThePostResumes() throws {
        let sandbox = try killedDuringTheMastodonRequest("As it was sent")
        try "An edit made meanwhile".write(to: sandbox.draftFile, atomically: true, encoding: .utf8)
        let kept = sandbox.draftFile.deletingLastPathComponent().appendingPathComponent("default-edit.txt")

        let second = try sandbox.reopen(to: "mastodon", faster: 60)
        XCTAssertTrue(second.waitForText("As it was sent"))
        XCTAssertTrue(
            waitUntil(timeout: 20) { (try? String(contentsOf: kept, encoding: .utf8)) == "An edit made meanwhile" },
            "the edit is a draft of its own")
        second.key("ctrl+Return")
        let finished = try XCTUnwrap(second.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertTrue(finished.stderr.contains("default-edit"), finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1, "exactly one status")
        XCTAssertEqual(try String(contentsOf: kept, encoding: .utf8), "An edit made meanwhile", "still there")
    }

    /// Killed while the PDS is still writing the record: Send in the next window asks getRecord
    /// under the key chosen before, finds it, and creates nothing more.
    func testKilledDuringTheBlueskyRequestThenSentAgainCreatesOneRecord() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        try sandbox.inject([["method": "createRecord", "delay": 2]])
        let first = try sandbox.send("One record, one kill", to: "bluesky")
        XCTAssertTrue(waitForRequest("/xrpc/com.atproto.repo.createRecord", in: sandbox))
        first.signal(SIGKILL)
        _ = first.finish()
        XCTAssertTrue(waitUntil(timeout: 20) { sandbox.records.count == 1 }, "the PDS finished the record")

        let second = try sandbox.reopen(to: "bluesky")
        XCTAssertTrue(second.waitForText("One record, one kill"))
        second.key("ctrl+Return")
        let finished = try XCTUnwrap(second.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.records.count, 1)
        XCTAssertEqual(
            sandbox.requests.map(\.path).filter { $0.contains("Record") },
            ["/xrpc/com.atproto.repo.createRecord", "/xrpc/com.atproto.repo.getRecord"])
    }

    /// Killed after a failure that certainly sent nothing (the connection closed before TLS began):
    /// the next window says the post was not sent, and Send posts it once.
    func testAPostThatCertainlyReachedNoNetworkIsSentOnceLater() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let first = try sandbox.window("Not sent yet", to: "mastodon")
        // The window asks the server's limits first; the next connection after that is Send's.
        XCTAssertTrue(waitForRequest("/api/v2/instance", in: sandbox))
        try sandbox.inject([["method": "connect"]])
        first.key("ctrl+Return")
        XCTAssertTrue(first.waitForStderr(containing: "did not take the post"), first.stderrSoFar)
        let outbox = try String(contentsOf: sandbox.outboxFile, encoding: .utf8)
        XCTAssertTrue(outbox.contains("notSent"), outbox)
        first.signal(SIGKILL)
        _ = first.finish()
        XCTAssertEqual(sandbox.statuses.count, 0)

        let second = try sandbox.reopen(to: "mastodon")
        XCTAssertTrue(second.waitForText("Not sent yet"))
        second.key("ctrl+Return")
        let finished = try XCTUnwrap(second.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }
}
