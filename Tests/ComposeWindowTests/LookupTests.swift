import Foundation
import XCTest

/// A lost answer on Mastodon, looked up as docs/servers.md says Mastodon lists statuses: only
/// statuses made since the request left, paged back past a page of newer ones, matched by source
/// text; what it cannot decide is the person's call; a sign-in from before read:statuses is asked
/// to sign in again. Each against the stand-in, through the real window, one status at the end.
final class LookupTests: SandboxTestCase {
    /// Whether the outbox comes to hold `word` (a failure's kind) within a minute.
    func outboxSays(_ word: String, in sandbox: NetworkSandbox) -> Bool {
        waitUntil(timeout: 60) {
            (try? String(contentsOf: sandbox.outboxFile, encoding: .utf8))?.contains(word) == true
        }
    }

    /// A script posting "Deploy OK" every day, one answer lost (the request never reached the
    /// server): yesterday's status is not today's. Today's is posted, and its link printed.
    func testAnOlderPostWithTheSameWordsIsNeverTakenForThisOne() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            ["method": "seed", "statuses": [["text": "Deploy OK", "age": 86_400]]],
            ["method": "/api/v1/statuses", "drop": "before"],
        ])
        let window = try sandbox.send("Deploy OK", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let made = sandbox.statuses.filter { $0["text"] as? String == "Deploy OK" }
        XCTAssertEqual(made.count, 2, "yesterday's and today's")
        let today = try XCTUnwrap(made.last?["json"] as? [String: Any])
        XCTAssertEqual(String(decoding: finished.stdout, as: UTF8.self), (today["url"] as? String ?? "?") + "\n")
    }

    /// The post stored, its answer lost; 45 newer statuses and boosts, and the key's hour over: it
    /// is found past the first page (max_id), never posted again.
    func testAPostPushedPastAPageOfNewerStatusesIsFound() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Pushed down", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        let newer = (0..<45).map { ["text": "elsewhere \($0)", "reblog": $0 % 3 == 0] as [String: Any] }
        try sandbox.inject([["method": "seed", "statuses": newer], ["method": "clock", "advance": 3_700]])
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.filter { $0["text"] as? String == "Pushed down" }.count, 1)
        XCTAssertTrue(
            (sandbox.state["requests"] as? [[String: Any]] ?? []).contains {
                ($0["query"] as? [String: String])?["max_id"] != nil
            }, "read back past the first page")
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
    }

    /// Edited on the web after the answer was lost: its source is the new text, so the window asks,
    /// showing it; "It is this post" finishes with its link, and nothing is posted again.
    func testAPostEditedOnTheWebIsThePersonsCall() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Typo hree", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        try sandbox.inject([["method": "edit", "text": "Typo here"], ["method": "clock", "advance": 3_700]])
        window.key("ctrl+Return")
        XCTAssertTrue(outboxSays("cannotTell", in: sandbox), window.stderrSoFar)
        XCTAssertTrue(window.isRunning, "the window waits for the person")
        window.key("alt+y")  // "_Yes, it is this post"
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
    }

    /// A server from before 3.5 has no /source: the window asks; "Post it" sends it again with its
    /// key, which the server still holds, so it answers with the status it made.
    func testAServerWithoutSourceAsksAndPostItKeepsTheKey() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setAccounts(["mastodonWithoutSource": true])
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Old server", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")
        XCTAssertTrue(outboxSays("cannotTell", in: sandbox), window.stderrSoFar)
        window.key("alt+p")  // "_Post it"
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1, "the key answered with the status it made")
        let posts = (sandbox.state["requests"] as? [[String: Any]] ?? []).filter {
            $0["path"] as? String == "/api/v1/statuses" && $0["verb"] as? String == "POST"
        }
        XCTAssertEqual(posts.count, 2, "sent again only when the person said so")
    }

    /// Signed in before compose-window asked for read:statuses: the look-up's 403 says to sign in
    /// again, the post is kept, and after signing in Retry finds it and posts nothing twice.
    func testASignInWithoutReadStatusesAsksToSignInAgainThenPostsOnce() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.setAccounts(["mastodonOldClientScopes": "write:statuses write:media read:accounts read:search"])
        try sandbox.registerBrowser(.approve)
        XCTAssertEqual(try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"]).code, 0)
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Old sign-in", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")
        XCTAssertTrue(outboxSays("scopesMissing", in: sandbox), window.stderrSoFar)
        try sandbox.setAccounts(["mastodonOldClientScopes": NSNull()])
        let signIn = try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"])
        XCTAssertEqual(signIn.code, 0, signIn.stderr)
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Old sign-in"])
    }
}

extension NetworkSandbox {
    /// Changes to the stand-in's accounts.json (read at each request); NSNull removes a key.
    func setAccounts(_ changes: [String: Any]) throws {
        let file = directory.appendingPathComponent("accounts.json")
        var accounts = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        for (key, value) in changes { accounts[key] = value is NSNull ? nil : value }
        try JSONSerialization.data(withJSONObject: accounts).write(to: file, options: .atomic)
    }
}
