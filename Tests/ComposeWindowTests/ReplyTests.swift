import Foundation
import PlaceholderTestSupport
import XCTest

/// `--reply-to`, for real: the post found through the account's own network before any window
/// (Mastodon's search fetches a post from another server; Bluesky's handle and record), the window
/// saying what it answers, and the reply (a thread too) answering it on the stand-ins, which
/// refuse a reply to a post they do not hold.
final class ReplyTests: SandboxTestCase {
    /// The checkout (scripts/, .build/atproto).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Bob's post on another server, which the account's server fetches when asked with
    /// resolve=true; it mentions Carol and Alice herself, and only Bob's followers may see it.
    static let remote = """
        [{"url": "https://other.example/@bob/42",
          "status": {"account": {"id": "5", "username": "bob", "acct": "bob@other.example"},
                     "content": "<p>Fish &amp; chips tonight?<br>Bring friends.</p>",
                     "mentions": [{"acct": "carol@third.example"}, {"acct": "alice"}],
                     "visibility": "private"}}]
        """

    func testAMastodonReplyStartsWithItsMentionsAndAnswersThePostFromAnotherServer() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try Data(Self.remote.utf8).write(to: sandbox.directory.appendingPathComponent("remote.json"), options: .atomic)
        let window = try sandbox.window("Yes!", to: "mastodon", extra: ["--reply-to", "https://other.example/@bob/42"])
        XCTAssertTrue(window.waitForText("@bob@other.example @carol@third.example Yes!"), "Mastodon's own mentions")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let parent = try XCTUnwrap(
            sandbox.statuses.first {
                ($0["json"] as? [String: Any])?["url"] as? String == "https://other.example/@bob/42"
            })
        let reply = try XCTUnwrap(sandbox.statuses.last)
        XCTAssertEqual(reply["text"] as? String, "@bob@other.example @carol@third.example Yes!")
        XCTAssertEqual(reply["in_reply_to_id"] as? String, (parent["json"] as? [String: Any])?["id"] as? String)
        XCTAssertEqual(reply["visibility"] as? String, "private", "no more public than Bob's post")
    }

    /// Bob deleted his post while Alice wrote: Mastodon refuses the reply (404). The bar says so
    /// plainly; Retry would fail the same way, so it offers to post without answering, and that
    /// posts her words once, answering nothing.
    func testAReplyToADeletedPostIsSaidAndPostsWithoutAnsweringIt() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try Data(Self.remote.utf8).write(to: sandbox.directory.appendingPathComponent("remote.json"), options: .atomic)
        let window = try sandbox.window("Yes!", to: "mastodon", extra: ["--reply-to", "https://other.example/@bob/42"])
        XCTAssertTrue(window.waitForText("@bob@other.example @carol@third.example Yes!"))
        try sandbox.inject([["method": "deleteStatus", "url": "https://other.example/@bob/42"]])
        window.key("ctrl+Return")
        XCTAssertTrue(
            waitUntil(timeout: 30) {
                (try? String(contentsOf: sandbox.outboxFile, encoding: .utf8))?.contains("parentGone") == true
            }, window.stderrSoFar)
        window.key("alt+w")  // "Post _without answering"
        let finished = try XCTUnwrap(window.finish(timeout: 30), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let reply = try XCTUnwrap(sandbox.statuses.last)
        XCTAssertEqual(reply["text"] as? String, "@bob@other.example @carol@third.example Yes!")
        XCTAssertTrue(reply["in_reply_to_id"] is NSNull || reply["in_reply_to_id"] == nil)
        XCTAssertEqual(sandbox.statuses.count, 1, "posted once")
    }

    /// `--reply-to URL --thread` without `--to`: the thread goes to the post's network, its first
    /// post answering the post and the second the first.
    func testAReplyThreadWithoutToGoesToThePostsNetwork() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try Data(Self.remote.utf8).write(to: sandbox.directory.appendingPathComponent("remote.json"), options: .atomic)
        let window = try ComposeProcess(
            ["--reply-to", "https://other.example/@bob/42", "--thread", "--no-spell"],
            stateHome: sandbox.home.appendingPathComponent("state"), stdin: Data("One.\n---\nTwo.".utf8),
            environment: sandbox.environment, launcher: sandbox.launcher(ComposeProcess.binary.path))
        sandbox.track(window)
        XCTAssertTrue(window.waitForWindow())
        XCTAssertTrue(window.waitForText("@bob@other.example @carol@third.example One.\n---\nTwo."))
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let bob = sandbox.statuses.first { $0["text"] as? String == "" }
        let first = sandbox.statuses.first { ($0["text"] as? String)?.hasSuffix("One.") == true }
        let second = sandbox.statuses.first { $0["text"] as? String == "Two." }
        XCTAssertNotNil(bob)
        XCTAssertEqual(first?["in_reply_to_id"] as? String, (bob?["json"] as? [String: Any])?["id"] as? String)
        XCTAssertEqual(second?["in_reply_to_id"] as? String, (first?["json"] as? [String: Any])?["id"] as? String)
        XCTAssertEqual(sandbox.statuses.count, 3, "Bob's, then the two posts, once each")
    }

    func testAPostThatCannotBeFoundIsExitTwoAndNoWindow() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let finished = try refusedReply(to: "https://other.example/@nobody/1", in: sandbox)
        XCTAssertTrue(
            finished.stderr.contains("no post was found at “https://other.example/@nobody/1”"), finished.stderr)
        XCTAssertEqual(finished.stderr.split(separator: "\n").count, 1, "one line")
        XCTAssertEqual(sandbox.statuses.count, 0)
    }

    /// Mastodon's search refuses a token without read:search (one from before it was asked for):
    /// exit 2, one line saying to sign in again, and no window.
    func testASearchTheServerRefusesAsksToSignInAgain() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            [
                "method": "/api/v2/search", "status": 403,
                "json": ["error": "This action is outside the authorized scopes"],
            ]
        ])
        let finished = try refusedReply(to: "https://other.example/@bob/42", in: sandbox)
        XCTAssertTrue(finished.stderr.contains("refused the search; sign in again"), finished.stderr)
        XCTAssertEqual(finished.stderr.split(separator: "\n").count, 1, "one line")
    }

    /// A 403 for another reason (the post's author blocks this account: docs/servers.md) is not a
    /// sign-in problem (#61): the post is not found from this account, and no sign-in is asked for.
    func testASearchRefusedForAnotherReasonIsNotASignInProblem() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            ["method": "/api/v2/search", "status": 403, "json": ["error": "This action is not allowed"]]
        ])
        let finished = try refusedReply(to: "https://other.example/@bob/42", in: sandbox)
        XCTAssertTrue(finished.stderr.contains("no post was found at"), finished.stderr)
        XCTAssertFalse(finished.stderr.contains("sign in"), finished.stderr)
        XCTAssertEqual(finished.stderr.split(separator: "\n").count, 1, "one line")
    }

    /// `--reply-to url` with text on standard input, which must end in exit 2 and no window.
    func refusedReply(to url: String, in sandbox: NetworkSandbox) throws -> (code: Int32, stdout: Data, stderr: String)
    {
        let process = try ComposeProcess(
            ["--reply-to", url, "--no-spell"],
            stateHome: sandbox.home.appendingPathComponent("state"), stdin: Data("text".utf8),
            environment: sandbox.environment, launcher: sandbox.launcher(ComposeProcess.binary.path))
        let finished = try XCTUnwrap(process.finish(timeout: 30))
        XCTAssertEqual(finished.code, 2, finished.stderr)
        return finished
    }

    /// A reply thread on Bluesky: its first post answers the parent, and every post has the
    /// conversation's first post as root; each record validates with the atproto SDK.
    func testABlueskyReplyThreadAnswersTheConversation() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let first = try sandbox.send("The post answered", to: "bluesky")
        let posted = try XCTUnwrap(first.finish(timeout: 30))
        XCTAssertEqual(posted.code, 0, posted.stderr)
        let link = String(decoding: posted.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)

        let window = try sandbox.window("One.\n---\nTwo.", to: "bluesky", extra: ["--reply-to", link])
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let records = sandbox.records
        XCTAssertEqual(records.count, 3)
        func ref(_ record: [String: Any]) -> [String: String] {
            ["uri": record["uri"] as? String ?? "", "cid": record["cid"] as? String ?? ""]
        }
        func reply(_ record: [String: Any]) -> [String: [String: String]]? {
            (record["value"] as? [String: Any])?["reply"] as? [String: [String: String]]
        }
        XCTAssertEqual(reply(records[1])?["parent"], ref(records[0]))
        XCTAssertEqual(reply(records[1])?["root"], ref(records[0]))
        XCTAssertEqual(reply(records[2])?["parent"], ref(records[1]))
        XCTAssertEqual(reply(records[2])?["root"], ref(records[0]), "the conversation's first post")
        for record in records {
            let verdict = try AtprotoValidator.check(
                try JSONSerialization.data(withJSONObject: record["body"] ?? [:]), root: Self.root)
            XCTAssertEqual(verdict.status, 0, verdict.output)
        }
    }
}
