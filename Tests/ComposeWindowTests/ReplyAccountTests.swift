import Foundation
import XCTest

/// A reply stays a reply on its own network: "Post to" offers only accounts that can answer the
/// post, and an account on another Mastodon server finds it through its own server first (a status
/// id is only its server's: the stand-ins refuse another server's). Driven with the keyboard.
final class ReplyAccountTests: SandboxTestCase {
    /// Bob's post, which mentions Carol and Alice's account on fosstodon.org.
    static let remote = ReplyTests.remote.replacingOccurrences(
        of: #"{"acct": "alice"}"#, with: #"{"acct": "alice@fosstodon.org"}"#)
    static let asMastodonSocial = "@bob@other.example @carol@third.example @alice@fosstodon.org Yes!"

    /// Alice on mastodon.social (the first), then on fosstodon.org, then on Bluesky: the order
    /// "Post to" would list them in if it listed all three.
    func signedInTwiceAndToBluesky() throws -> NetworkSandbox {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let second = try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "fosstodon.org"])
        XCTAssertEqual(second.code, 0, second.stderr)
        let bluesky = try sandbox.composeWindow(
            ["--sign-in", "bluesky", "--handle", "alice.bsky.social"], stdin: NetworkSandbox.appPassword + "\n")
        XCTAssertEqual(bluesky.code, 0, bluesky.stderr)
        try Data(Self.remote.utf8).write(to: sandbox.directory.appendingPathComponent("remote.json"), options: .atomic)
        return sandbox
    }

    /// The last account "Post to" lists, picked with the keyboard: from the menu's end (wrapping
    /// up), past "Sign out of …", "Sign in to Bluesky…" and "Sign in to Mastodon…".
    func pickLastAccount(in window: ComposeProcess) {
        window.key("alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { window.visibleWindows >= 2 }, "the menu did not open")
        for _ in 0..<4 { window.key("Up") }
        window.key("Return")
    }

    /// Send, pressed until a status is posted (it only rings while the post is being found through
    /// a newly chosen account's server), or the window has gone.
    func pressSendUntilPosted(_ window: ComposeProcess, in sandbox: NetworkSandbox) {
        let posted = {
            sandbox.requests.contains { $0.verb == "POST" && $0.path == "/api/v1/statuses" } || !window.isRunning
        }
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                window.key("ctrl+Return")
                return waitUntil(timeout: 1, posted)
            }, window.stderrSoFar)
    }

    /// Bob's post found through `host`'s search, as the stand-in keeps it.
    func bobsPost(on host: String, in sandbox: NetworkSandbox) -> String? {
        let found = sandbox.statuses.first {
            ($0["json"] as? [String: Any])?["url"] as? String == "https://other.example/@bob/42"
                && $0["host"] as? String == host
        }
        return (found?["json"] as? [String: Any])?["id"] as? String
    }

    /// The last account offered is fosstodon.org's, not Bluesky's (a Mastodon post is answered on
    /// Mastodon); chosen, it finds Bob's post through fosstodon.org, and the reply goes from there
    /// answering fosstodon.org's id for it, once, no longer mentioning the account it posts from.
    func testAnAccountOnAnotherServerFindsThePostThroughItsOwnServer() throws {
        let sandbox = try signedInTwiceAndToBluesky()
        let window = try sandbox.window("Yes!", to: "mastodon", extra: ["--reply-to", "https://other.example/@bob/42"])
        XCTAssertTrue(window.waitForText(Self.asMastodonSocial))
        pickLastAccount(in: window)
        XCTAssertTrue(window.waitForText("@bob@other.example @carol@third.example Yes!", timeout: 20))
        XCTAssertTrue(
            waitUntil(timeout: 20) { self.bobsPost(on: "fosstodon.org", in: sandbox) != nil },
            "the post was not looked up through fosstodon.org: " + window.stderrSoFar)
        pressSendUntilPosted(window, in: sandbox)
        let finished = try XCTUnwrap(window.finish(timeout: 30), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertTrue(
            String(decoding: finished.stdout, as: UTF8.self).hasPrefix("https://fosstodon.org/@alice/"),
            String(decoding: finished.stdout, as: UTF8.self))
        let replies = sandbox.statuses.filter { ($0["text"] as? String)?.hasSuffix("Yes!") == true }
        XCTAssertEqual(replies.count, 1, "posted once")
        XCTAssertEqual(replies.first?["text"] as? String, "@bob@other.example @carol@third.example Yes!")
        XCTAssertEqual(replies.first?["host"] as? String, "fosstodon.org")
        XCTAssertEqual(replies.first?["in_reply_to_id"] as? String, bobsPost(on: "fosstodon.org", in: sandbox))
        XCTAssertNotEqual(bobsPost(on: "fosstodon.org", in: sandbox), bobsPost(on: "mastodon.social", in: sandbox))
        XCTAssertTrue(sandbox.records.isEmpty, "nothing on Bluesky")
    }

    /// fosstodon.org cannot find the post: the bar says so, the account stays mastodon.social's,
    /// and Send answers the post from there: never a post that answers nothing.
    func testAnAccountWhoseServerCannotFindThePostIsNotTaken() throws {
        let sandbox = try signedInTwiceAndToBluesky()
        let window = try sandbox.window("Yes!", to: "mastodon", extra: ["--reply-to", "https://other.example/@bob/42"])
        XCTAssertTrue(window.waitForText(Self.asMastodonSocial))
        try sandbox.inject([
            ["method": "/api/v2/search", "status": 200, "json": ["accounts": [], "statuses": [], "hashtags": []]]
        ])
        pickLastAccount(in: window)
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                sandbox.requests.contains { $0.host == "fosstodon.org" && $0.path == "/api/v2/search" }
            },
            window.stderrSoFar)
        XCTAssertTrue(
            window.waitForStderr(
                containing:
                    "@alice@fosstodon.org’s server could not find the post; the reply stays with @alice@mastodon.social."
            ), window.stderrSoFar)
        pressSendUntilPosted(window, in: sandbox)
        let finished = try XCTUnwrap(window.finish(timeout: 30), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let replies = sandbox.statuses.filter { ($0["text"] as? String)?.hasSuffix("Yes!") == true }
        XCTAssertEqual(replies.count, 1, "posted once")
        XCTAssertEqual(replies.first?["host"] as? String, "mastodon.social")
        XCTAssertEqual(replies.first?["text"] as? String, Self.asMastodonSocial)
        XCTAssertEqual(replies.first?["in_reply_to_id"] as? String, bobsPost(on: "mastodon.social", in: sandbox))
    }

    /// Signed out of the only Mastodon account while writing a reply: Send says to sign in, and
    /// never hands the text to the browser's compose page, which would post it answering nothing.
    func testAReplyWithoutAnAccountIsNeverHandedToTheBrowser() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try Data(ReplyTests.remote.utf8).write(
            to: sandbox.directory.appendingPathComponent("remote.json"), options: .atomic)
        let window = try sandbox.window("Yes!", to: "mastodon", extra: ["--reply-to", "https://other.example/@bob/42"])
        XCTAssertTrue(window.waitForText("@bob@other.example @carol@third.example Yes!"))
        let opened = sandbox.browserLines("opened").count  // the sign-in's page
        chooseInTargetMenu("g") { window.visibleWindows }  // Sign out of @alice@mastodon.social
        XCTAssertTrue(
            waitUntil(timeout: 30) {
                (sandbox.state["tokens"] as? [[String: Any]])?.allSatisfy { $0["revoked"] as? Bool == true } == true
            })
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                window.key("ctrl+Return")
                return window.waitForStderr(containing: "A reply is posted by a signed-in Mastodon account", timeout: 1)
            }, window.stderrSoFar)
        XCTAssertTrue(window.isRunning, "the window stays with the reply")
        XCTAssertEqual(sandbox.browserLines("opened").count, opened, "nothing handed to the browser")
        XCTAssertTrue(sandbox.statuses.allSatisfy { $0["key"] is NSNull || $0["key"] == nil }, "nothing posted")
        window.signal(SIGTERM)  // ended as a session's end ends it (exit 1)
        XCTAssertEqual(window.finish(timeout: 30)?.code, 1)
    }
}
