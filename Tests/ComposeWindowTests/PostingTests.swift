import Foundation
import XCTest

/// Send to a signed-in account, for real: the window under Xvfb, the stand-ins under the networks'
/// real names, the keyring on its private bus. The server ends up with exactly one post whatever
/// fails on the way, and until it has it the window, the draft and the outbox keep the text.
final class PostingTests: SandboxTestCase {
    func testSendPostsToMastodonOnceAndPrintsTheLink() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let text = "Hello from compose-window 分享新鲜事 https://example.com/x"
        let window = try sandbox.send(text, to: "mastodon")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
        let status = try XCTUnwrap(sandbox.statuses.first)
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(status["text"] as? String, text, "exactly as typed")
        XCTAssertEqual((status["key"] as? String)?.count, 32, "an Idempotency-Key")
        XCTAssertTrue(status["visibility"] is NSNull, "no visibility: the account's own default")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path), "the outbox is emptied")
        XCTAssertEqual(sandbox.placesHolding(sandbox.postingSecrets, outputs: ["stderr": finished.stderr]), [])
    }

    /// The connection is cut after Mastodon made the status: the outcome is unknown, the window
    /// stays with the text read-only, and Retry, once the settle time is over (under a clock 60
    /// times faster), finds the status among the account's own by its source text and posts nothing.
    func testAnUnknownOutcomeIsLookedUpAndPostsOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Once, and only once", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertTrue(window.isRunning, "the window stays with the text")
        XCTAssertEqual(sandbox.statuses.count, 1, "the server made it before the cut")
        let outbox = try String(contentsOf: sandbox.outboxFile, encoding: .utf8)
        XCTAssertTrue(outbox.contains("Once, and only once") && outbox.contains("outcomeUnknown"), outbox)

        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 1, "found, not sent again")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path))
    }

    /// Closing the window before the network took the post: exit 4, nothing on standard output,
    /// the draft and the outbox keep the text.
    func testClosingBeforeTheNetworkTookThePostExitsFourAndKeepsIt() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "status": 503, "json": [:] as [String: Any]]])
        let window = try sandbox.send("Keep me", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("Escape")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 4, finished.stderr)
        XCTAssertEqual(finished.stdout.count, 0)
        let draft = sandbox.home.appendingPathComponent("state/compose-window/drafts/default.txt")
        XCTAssertEqual(try String(contentsOf: draft, encoding: .utf8), "Keep me")
        XCTAssertTrue(try String(contentsOf: sandbox.outboxFile, encoding: .utf8).contains("Keep me"))
        XCTAssertEqual(sandbox.statuses.count, 0)
    }

    func testSendPostsToBlueskyARecordTheLexiconAccepts() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let text = "Hi @alice.bsky.social, see https://example.com/a/very/long/path/that/is/shortened #compose"
        let window = try sandbox.send(text, to: "bluesky")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let record = try XCTUnwrap(sandbox.records.first)
        XCTAssertEqual(sandbox.records.count, 1)
        let uri = try XCTUnwrap(record["uri"] as? String)
        let key = try XCTUnwrap(uri.split(separator: "/").last.map(String.init))
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://bsky.app/profile/alice.bsky.social/post/\(key)\n"
        )
        XCTAssertEqual(
            sandbox.requests.first { $0.path.hasSuffix("createRecord") }?.host, "morel.us-east.host.bsky.network")
        // The mention resolved to the account's DID, the link kept whole in its facet.
        let value = try XCTUnwrap(record["value"] as? [String: Any])
        let facets = try XCTUnwrap(value["facets"] as? [[String: Any]])
        let features = facets.compactMap { ($0["features"] as? [[String: Any]])?.first }
        XCTAssertEqual(features.compactMap { $0["did"] as? String }, ["did:plc:alicexxxxxxxxxxxxxxxxxxx"])
        XCTAssertEqual(
            features.compactMap { $0["uri"] as? String }, ["https://example.com/a/very/long/path/that/is/shortened"])
        XCTAssertEqual(features.compactMap { $0["tag"] as? String }, ["compose"])
        // A validator no one here wrote accepts what was sent.
        try assertTheLexiconAccepts(record)
        XCTAssertEqual(sandbox.placesHolding(sandbox.postingSecrets, outputs: ["stderr": finished.stderr]), [])
    }

    /// The connection is cut after the PDS stored the record: Retry asks getRecord under the key
    /// chosen before sending, finds it, and creates nothing more.
    func testBlueskyAsksForTheRecordBeforeCreatingItAgain() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        try sandbox.inject([["method": "createRecord", "drop": "after"]])
        let window = try sandbox.send("Exactly one record", to: "bluesky")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertEqual(sandbox.records.count, 1)
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.records.count, 1)
        let paths = sandbox.requests.map(\.path).filter { $0.contains("Record") }
        XCTAssertEqual(
            paths,
            [
                "/xrpc/com.atproto.repo.createRecord", "/xrpc/com.atproto.repo.getRecord",
            ])
        let key = try XCTUnwrap((sandbox.records.first?["uri"] as? String)?.split(separator: "/").last)
        XCTAssertTrue(String(decoding: finished.stdout, as: UTF8.self).hasSuffix("/post/\(key)\n"))
    }

    /// An expired access token: refreshSession, the new tokens to the keyring, the record made once.
    /// The refresh itself fails for a moment (no answer): that is a network failure, for Retry, not
    /// "sign in again"; the post request was answered, so nothing may be there. Retry refreshes
    /// and posts once.
    func testABlueskyRefreshThatGetsNoAnswerStaysARetry() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let expired: [String: Any] = [
            "method": "createRecord", "status": 400, "json": ["error": "ExpiredToken", "message": "Token has expired"],
        ]
        try sandbox.inject([expired, ["method": "refreshSession", "drop": "before"]])
        let window = try sandbox.send("Refreshed later", to: "bluesky")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        let outbox = try String(contentsOf: sandbox.outboxFile, encoding: .utf8)
        XCTAssertFalse(outbox.contains("signInAgain"), outbox)
        XCTAssertTrue(outbox.contains("\"mayHave\":false") || outbox.contains("\"mayHave\" : false"), outbox)
        try sandbox.inject([expired])
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.records.count, 1)
    }

    func testAnExpiredBlueskyTokenIsRefreshedAndKeptInTheKeyring() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        try sandbox.inject(
            [
                [
                    "method": "createRecord", "status": 400,
                    "json": ["error": "ExpiredToken", "message": "Token has expired"],
                ]
            ])
        let window = try sandbox.send("After a refresh", to: "bluesky")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.records.count, 1)
        XCTAssertEqual(sandbox.sessions.map { $0["ended"] as? Bool }, [true, false], "the old session gave way")
        let stored = try XCTUnwrap(try sandbox.keyringSecret(network: "bluesky", account: "@alice.bsky.social"))
        XCTAssertTrue(stored.contains(sandbox.sessions[1]["refreshJwt"] as? String ?? "?"))
        XCTAssertEqual(sandbox.placesHolding(sandbox.postingSecrets, outputs: ["stderr": finished.stderr]), [])
    }
}
