import Foundation
import XCTest

/// Send to a signed-in account, for real: the window under Xvfb, the stand-ins under the networks'
/// real names, the keyring on its private bus. The server ends up with exactly one post whatever
/// fails on the way, and until it has it the window, the draft and the outbox keep the text.
final class PostingTests: XCTestCase {
    static let appPassword = "pq7r-k2mx-w9ts-\(UUID().uuidString.prefix(4).lowercased())"

    /// A sandbox with one account signed in through the command line, as a person would.
    func signedIn(_ network: String) throws -> NetworkSandbox {
        let sandbox = try NetworkSandbox(bluesky: ["alice.bsky.social": Self.appPassword])
        let signIn: (code: Int32, stdout: String, stderr: String)
        if network == "mastodon" {
            try sandbox.registerBrowser(.approve)
            signIn = try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"])
        } else {
            signIn = try sandbox.composeWindow(
                ["--sign-in", "bluesky", "--handle", "alice.bsky.social"], stdin: Self.appPassword + "\n")
        }
        XCTAssertEqual(signIn.code, 0, signIn.stderr)
        return sandbox
    }

    /// Faults the stand-in applies to the next matching requests (standin.py).
    func inject(_ faults: [[String: Any]], into sandbox: NetworkSandbox) throws {
        try JSONSerialization.data(withJSONObject: faults).write(
            to: sandbox.directory.appendingPathComponent("faults.json"))
    }

    /// The window, opened on `text` for `network`, with Send pressed.
    func send(_ text: String, to network: String, in sandbox: NetworkSandbox, extra: [String] = []) throws
        -> ComposeProcess
    {
        let window = try ComposeProcess(
            ["--to", network, "--no-spell"] + extra, stateHome: sandbox.home.appendingPathComponent("state"),
            stdin: Data(text.utf8), environment: sandbox.environment,
            launcher: sandbox.launcher(ComposeProcess.binary.path))
        XCTAssertTrue(window.waitForWindow())
        window.key("ctrl+Return")
        return window
    }

    var outboxFile: (NetworkSandbox) -> URL {
        { $0.home.appendingPathComponent("state/compose-window/outbox/default.json") }
    }

    var statuses: (NetworkSandbox) -> [[String: Any]] { { $0.state["statuses"] as? [[String: Any]] ?? [] } }
    var records: (NetworkSandbox) -> [[String: Any]] { { $0.state["records"] as? [[String: Any]] ?? [] } }

    func secrets(_ sandbox: NetworkSandbox) -> [String] {
        (sandbox.state["tokens"] as? [[String: Any]] ?? []).compactMap { $0["token"] as? String }
            + sandbox.sessions.flatMap { [$0["accessJwt"] as? String ?? "", $0["refreshJwt"] as? String ?? ""] }
            + [Self.appPassword]
    }

    func testSendPostsToMastodonOnceAndPrintsTheLink() throws {
        let sandbox = try signedIn("mastodon")
        let text = "Hello from compose-window 分享新鲜事 https://example.com/x"
        let window = try send(text, to: "mastodon", in: sandbox)
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
        let status = try XCTUnwrap(statuses(sandbox).first)
        XCTAssertEqual(statuses(sandbox).count, 1)
        XCTAssertEqual(status["text"] as? String, text, "exactly as typed")
        XCTAssertEqual((status["key"] as? String)?.count, 32, "an Idempotency-Key")
        XCTAssertTrue(status["visibility"] is NSNull, "no visibility: the account's own default")
        XCTAssertFalse(FileManager.default.fileExists(atPath: outboxFile(sandbox).path), "the outbox is emptied")
        XCTAssertEqual(sandbox.placesHolding(secrets(sandbox), outputs: ["stderr": finished.stderr]), [])
    }

    /// The connection is cut after Mastodon made the status: the outcome is unknown, the window
    /// stays, and Send again (Retry) carries the same Idempotency-Key, so the server answers with
    /// the status it already has.
    func testAnUnknownOutcomeIsRetriedWithTheSameKeyAndPostsOnce() throws {
        let sandbox = try signedIn("mastodon")
        try inject([["method": "/api/v1/statuses", "drop": "after"]], into: sandbox)
        let window = try send("Once, and only once", to: "mastodon", in: sandbox)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertTrue(window.isRunning, "the window stays with the text")
        XCTAssertEqual(statuses(sandbox).count, 1, "the server made it before the cut")
        let outbox = try String(contentsOf: outboxFile(sandbox), encoding: .utf8)
        XCTAssertTrue(outbox.contains("Once, and only once") && outbox.contains("outcomeUnknown"), outbox)

        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
        XCTAssertEqual(statuses(sandbox).count, 1)
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outboxFile(sandbox).path))
    }

    /// Closing the window before the network took the post: exit 4, nothing on standard output,
    /// the draft and the outbox keep the text.
    func testClosingBeforeTheNetworkTookThePostExitsFourAndKeepsIt() throws {
        let sandbox = try signedIn("mastodon")
        try inject([["method": "/api/v1/statuses", "status": 503, "json": [:] as [String: Any]]], into: sandbox)
        let window = try send("Keep me", to: "mastodon", in: sandbox)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("Escape")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 4, finished.stderr)
        XCTAssertEqual(finished.stdout.count, 0)
        let draft = sandbox.home.appendingPathComponent("state/compose-window/drafts/default.txt")
        XCTAssertEqual(try String(contentsOf: draft, encoding: .utf8), "Keep me")
        XCTAssertTrue(try String(contentsOf: outboxFile(sandbox), encoding: .utf8).contains("Keep me"))
        XCTAssertEqual(statuses(sandbox).count, 0)
    }

    func testSendPostsToBlueskyARecordTheLexiconAccepts() throws {
        let sandbox = try signedIn("bluesky")
        let text = "Hi @alice.bsky.social, see https://example.com/a/very/long/path/that/is/shortened #compose"
        let window = try send(text, to: "bluesky", in: sandbox)
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let record = try XCTUnwrap(records(sandbox).first)
        XCTAssertEqual(records(sandbox).count, 1)
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
        let body = try JSONSerialization.data(withJSONObject: try XCTUnwrap(record["body"]))
        let verdict = try Shell.run(
            Shell.packageRoot.appendingPathComponent(".build/atproto/bin/python").path,
            [Shell.packageRoot.appendingPathComponent("scripts/check-bluesky-record.py").path], input: body)
        XCTAssertEqual(verdict.code, 0, verdict.stdout + verdict.stderr)
        XCTAssertEqual(sandbox.placesHolding(secrets(sandbox), outputs: ["stderr": finished.stderr]), [])
    }

    /// The connection is cut after the PDS stored the record: Retry asks getRecord under the key
    /// chosen before sending, finds it, and creates nothing more.
    func testBlueskyAsksForTheRecordBeforeCreatingItAgain() throws {
        let sandbox = try signedIn("bluesky")
        try inject([["method": "createRecord", "drop": "after"]], into: sandbox)
        let window = try send("Exactly one record", to: "bluesky", in: sandbox)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertEqual(records(sandbox).count, 1)
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(records(sandbox).count, 1)
        let paths = sandbox.requests.map(\.path).filter { $0.contains("Record") }
        XCTAssertEqual(
            paths,
            [
                "/xrpc/com.atproto.repo.createRecord", "/xrpc/com.atproto.repo.getRecord",
            ])
        let key = try XCTUnwrap((records(sandbox).first?["uri"] as? String)?.split(separator: "/").last)
        XCTAssertTrue(String(decoding: finished.stdout, as: UTF8.self).hasSuffix("/post/\(key)\n"))
    }

    /// An expired access token: refreshSession, the new tokens to the keyring, the record made once.
    func testAnExpiredBlueskyTokenIsRefreshedAndKeptInTheKeyring() throws {
        let sandbox = try signedIn("bluesky")
        try inject(
            [
                [
                    "method": "createRecord", "status": 400,
                    "json": ["error": "ExpiredToken", "message": "Token has expired"],
                ]
            ],
            into: sandbox)
        let window = try send("After a refresh", to: "bluesky", in: sandbox)
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(records(sandbox).count, 1)
        XCTAssertEqual(sandbox.sessions.map { $0["ended"] as? Bool }, [true, false], "the old session gave way")
        let stored = try XCTUnwrap(try sandbox.keyringSecret(network: "bluesky", account: "@alice.bsky.social"))
        XCTAssertTrue(stored.contains(sandbox.sessions[1]["refreshJwt"] as? String ?? "?"))
        XCTAssertEqual(sandbox.placesHolding(secrets(sandbox), outputs: ["stderr": finished.stderr]), [])
    }
}
