import Foundation
import PlaceholderTestSupport
import XCTest

/// Quotes and who may reply, for real, on the stand-ins (which check gates and quotes as the PDS
/// and Mastodon 4.5 do, and stricter: a gate must name its own post, a quote a stored record):
/// Bluesky's gates in the post's own applyWrites, exactly once through a lost answer; Mastodon's
/// quote policy and quoted_status_id where the server's API version says it takes them; a quote's
/// link where a network cannot quote; Quote a post… in the window.
final class QuoteAndGateTests: SandboxTestCase {
    static let root = ReplyTests.root

    /// The records the stand-in keeps, by collection.
    func records(_ sandbox: NetworkSandbox, _ collection: String) -> [[String: Any]] {
        sandbox.records.filter { ($0["uri"] as? String)?.contains("/\(collection)/") == true }
    }

    func validate(_ record: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        let verdict = try AtprotoValidator.check(
            try JSONSerialization.data(withJSONObject: record["body"] ?? [:]), root: Self.root)
        XCTAssertEqual(verdict.status, 0, verdict.output, file: file, line: line)
    }

    /// Waits for the window to have the Mastodon server's answer (its API version), which it caches.
    func waitForServerLimits(_ sandbox: NetworkSandbox) {
        let cache = sandbox.home.appendingPathComponent("cache/compose-window/mastodon/mastodon.social.json")
        XCTAssertTrue(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: cache.path) }, "the server asked")
    }

    /// The gates go in the post's own commit, each under its key and naming it; the answer lost
    /// after the commit is read back, never sent again: one post, one threadgate, one postgate.
    func testABlueskyPostGoesWithItsGatesOnceThroughALostAnswer() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        try sandbox.inject([["method": "applyWrites", "drop": "after"]])
        let window = try sandbox.send("Only people I follow", to: "bluesky", extra: ["--who-may-reply", "following"])
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertEqual(sandbox.records.count, 3, "the commit was made, its answer lost")
        window.key("ctrl+Return")  // Retry: read back first
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let posts = records(sandbox, "app.bsky.feed.post")
        let threadgates = records(sandbox, "app.bsky.feed.threadgate")
        let postgates = records(sandbox, "app.bsky.feed.postgate")
        XCTAssertEqual([posts.count, threadgates.count, postgates.count], [1, 1, 1], "\(sandbox.records)")
        let post = try XCTUnwrap(posts.first)
        let key = try XCTUnwrap((post["uri"] as? String)?.split(separator: "/").last)
        for gate in threadgates + postgates {
            XCTAssertEqual((gate["uri"] as? String)?.split(separator: "/").last, key, "under the post's key")
            XCTAssertEqual((gate["value"] as? [String: Any])?["post"] as? String, post["uri"] as? String)
            XCTAssertEqual(gate["via"] as? String, "applyWrites")
            try validate(gate)
        }
        try validate(post)
        let allow = (threadgates.first?["value"] as? [String: Any])?["allow"] as? [[String: Any]]
        XCTAssertEqual(allow?.compactMap { $0["$type"] as? String }, ["app.bsky.feed.threadgate#followingRule"])
        XCTAssertTrue(
            String(decoding: finished.stdout, as: UTF8.self).hasSuffix("/post/\(key)\n"), "its link, once")
        XCTAssertEqual(
            sandbox.requests.map(\.path).filter { $0.contains("Record") || $0.contains("Writes") },
            ["/xrpc/com.atproto.repo.applyWrites", "/xrpc/com.atproto.repo.getRecord"], "read back, never written again"
        )
    }

    /// Cross-posted to nobody (Bluesky named first: the Mastodon server is asked all the same):
    /// Bluesky's gates, Mastodon 4.5's quote policy; `--preview` shows both.
    /// On a server before 4.5 no policy is sent, and nothing is limited there.
    func testNobodyMayReplyGoesToEachNetworkAsItCan() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let window = try sandbox.window(
            "Nobody answers this", to: "bluesky,mastodon", extra: ["--who-may-reply", "nobody"])
        waitForServerLimits(sandbox)
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar).code, 0)
        XCTAssertEqual(sandbox.statuses.last?["quote_approval_policy"] as? String, "nobody")
        let threadgate = try XCTUnwrap(records(sandbox, "app.bsky.feed.threadgate").first)
        XCTAssertEqual(((threadgate["value"] as? [String: Any])?["allow"] as? [Any])?.count, 0, "nobody")
        XCTAssertEqual(records(sandbox, "app.bsky.feed.postgate").count, 1)

        let preview = try sandbox.composeWindow(
            ["--to", "mastodon,bluesky", "--preview", "--who-may-reply", "following", "--text", "Hi"])
        XCTAssertEqual(preview.code, 0, preview.stderr)
        XCTAssertTrue(preview.stdout.contains(#""quote_approval_policy":"followers""#), preview.stdout)
        XCTAssertTrue(preview.stdout.contains("com.atproto.repo.applyWrites"), preview.stdout)

        try sandbox.setAccounts(["mastodonApiVersion": 0])  // a server from before 4.5
        try FileManager.default.removeItem(
            at: sandbox.home.appendingPathComponent("cache/compose-window/mastodon/mastodon.social.json"))
        let older = try sandbox.window("Older server", to: "mastodon", extra: ["--who-may-reply", "nobody"])
        waitForServerLimits(sandbox)
        let olderPreview = try sandbox.composeWindow(
            ["--to", "mastodon", "--preview", "--who-may-reply", "nobody", "--text", "Hi"])
        XCTAssertFalse(olderPreview.stdout.contains("quote_approval_policy"), olderPreview.stdout)
        older.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(older.finish(timeout: 60), older.stderrSoFar).code, 0)
        XCTAssertEqual(sandbox.statuses.last?["text"] as? String, "Older server")
    }

    /// Everyone is said to Mastodon as `public`, never left to the account's default quote policy,
    /// which 4.5's migration made nobody or followers for many; signed in again, the account's
    /// default is where a post to Mastodon alone starts, until someone chooses (`--who-may-reply
    /// everyone` too); a cross-post starts at everyone, since a Mastodon quote default is no
    /// Bluesky reply limit (docs/servers.md, gaps 7; #61).
    func testEveryoneIsSaidAsPublicAndTheAccountsOwnDefaultIsWhereTheWindowStarts() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        try sandbox.setAccounts(["mastodonQuotePolicy": "nobody"])  // changed on the web since
        func post(_ text: String, to networks: String, extra: [String] = []) throws {
            let window = try sandbox.window(text, to: networks, extra: extra)
            waitForServerLimits(sandbox)
            window.key("ctrl+Return")
            XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar).code, 0, text)
            XCTAssertEqual(sandbox.statuses.last?["text"] as? String, text)
        }
        try post("Anyone may quote this", to: "mastodon")
        XCTAssertEqual(sandbox.statuses.last?["quote_approval_policy"] as? String, "public")

        let signIn = try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"])
        XCTAssertEqual(signIn.code, 0, signIn.stderr)
        try post("As my account says", to: "mastodon")
        XCTAssertEqual(sandbox.statuses.last?["quote_approval_policy"] as? String, "nobody")
        try post("Chosen on the command line", to: "mastodon", extra: ["--who-may-reply", "everyone"])
        XCTAssertEqual(sandbox.statuses.last?["quote_approval_policy"] as? String, "public")
        try post("To both", to: "mastodon,bluesky")
        XCTAssertEqual(sandbox.statuses.last?["quote_approval_policy"] as? String, "public")
        XCTAssertEqual(records(sandbox, "app.bsky.feed.threadgate").count, 0, "no Bluesky reply limit")
        XCTAssertEqual(records(sandbox, "app.bsky.feed.postgate").count, 0)
    }

    /// A Bluesky post quoted: embedded on Bluesky (with its cid; the SDK accepts the record), its
    /// link at the end of the Mastodon status.
    func testABlueskyQuoteIsEmbeddedThereAndLinkedOnMastodon() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let first = try sandbox.send("The post quoted", to: "bluesky")
        let posted = try XCTUnwrap(first.finish(timeout: 30))
        XCTAssertEqual(posted.code, 0, posted.stderr)
        let link = String(decoding: posted.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
        let quoted = try XCTUnwrap(sandbox.records.first)

        let window = try sandbox.window("Look at this", to: "mastodon,bluesky", extra: ["--quote", link])
        waitForServerLimits(sandbox)
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar).code, 0)
        let post = try XCTUnwrap(records(sandbox, "app.bsky.feed.post").last)
        let embed = (post["value"] as? [String: Any])?["embed"] as? [String: Any]
        XCTAssertEqual(embed?["$type"] as? String, "app.bsky.embed.record")
        XCTAssertEqual((embed?["record"] as? [String: String])?["cid"], quoted["cid"] as? String)
        try validate(post)
        XCTAssertEqual(sandbox.statuses.last?["text"] as? String, "Look at this\n\n" + link)
        XCTAssertTrue(
            sandbox.statuses.last?["quoted_status_id"] is NSNull || sandbox.statuses.last?["quoted_status_id"] == nil)
    }

    /// Who may reply, chosen in the window with the keyboard: out of the text to the menu (the first
    /// of the row for Bluesky), three steps down to Nobody; the post goes with both gates.
    func testWhoMayReplyIsChosenInTheWindow() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window("Chosen with the keyboard", to: "bluesky")
        window.key("ctrl+Tab")  // out of the text, to who may reply
        window.key("Down", "Down", "Down")
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar).code, 0)
        let threadgate = try XCTUnwrap(records(sandbox, "app.bsky.feed.threadgate").first, "\(sandbox.records)")
        XCTAssertEqual(((threadgate["value"] as? [String: Any])?["allow"] as? [Any])?.count, 0, "nobody")
        XCTAssertEqual(records(sandbox, "app.bsky.feed.postgate").count, 1)
    }

    /// `--preview` of a thread that quotes: the first post leaves room for the link that ends it,
    /// as the window does, so that every part fits Bluesky's 300.
    func testAQuotingThreadsFirstPostFitsWithItsLink() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let words = Array(repeating: "word", count: 110).joined(separator: " ")
        let preview = try sandbox.composeWindow([
            "--to", "bluesky", "--preview", "--thread", "--text", words,
            "--quote", "https://example.social/@bob/1100",
        ])
        XCTAssertEqual(preview.code, 0, preview.stderr)
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(preview.stdout.utf8)) as? [String: Any], preview.stdout)
        let posts = try XCTUnwrap(json["posts"] as? [[String: Any]])
        XCTAssertGreaterThan(posts.count, 1, "a thread")
        for post in posts {
            let text = try XCTUnwrap(
                ((post["body"] as? [String: Any])?["record"] as? [String: Any])?["text"] as? String)
            XCTAssertLessThanOrEqual(text.count, 300, text)
        }
        let first = ((posts[0]["body"] as? [String: Any])?["record"] as? [String: Any])?["text"] as? String
        XCTAssertTrue(first?.hasSuffix("example.social/@bob/1100") == true, first ?? "")
        XCTAssertEqual(json["quoteFoundAtSend"] as? String, "https://example.social/@bob/1100")
    }

    /// A Mastodon post found through the account's own server is quoted by its id there.
    func testMastodonQuotesAPostItsServerFound() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let remote = """
            [{"url": "https://other.example/@bob/42",
              "status": {"account": {"id": "5", "username": "bob", "acct": "bob@other.example"},
                         "content": "<p>Quote me</p>", "mentions": [], "visibility": "public",
                         "quote_approval": {"automatic": ["public"], "manual": [], "current_user": "automatic"}}}]
            """
        try Data(remote.utf8).write(to: sandbox.directory.appendingPathComponent("remote.json"), options: .atomic)
        let window = try sandbox.window("Agreed", to: "mastodon", extra: ["--quote", "https://other.example/@bob/42"])
        waitForServerLimits(sandbox)
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar).code, 0)
        let bob = try XCTUnwrap(
            sandbox.statuses.first {
                ($0["json"] as? [String: Any])?["url"] as? String == "https://other.example/@bob/42"
            })
        let quote = try XCTUnwrap(sandbox.statuses.last)
        XCTAssertEqual(quote["text"] as? String, "Agreed", "quoted, not linked")
        XCTAssertEqual(quote["quoted_status_id"] as? String, (bob["json"] as? [String: Any])?["id"] as? String)

        let missing = try sandbox.composeWindow([
            "--to", "mastodon", "--quote", "https://other.example/@nobody/1", "--text", "x",
        ])
        XCTAssertEqual(missing.code, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--quote: no post was found"), missing.stderr)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, "one line")
    }

    /// Quote a post… (Ctrl+Shift+Q) in the window: the address typed, the post found, and Send
    /// (which waits while it is found) embeds it.
    func testQuoteAPostFromTheWindow() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let first = try sandbox.send("From the window", to: "bluesky")
        let posted = try XCTUnwrap(first.finish(timeout: 30))
        let link = String(decoding: posted.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
        let window = try sandbox.window("Quoting it", to: "bluesky")
        window.key("ctrl+shift+q")
        XCTAssertTrue(window.waitForWindows(2), "the dialog")
        window.type(link)
        window.key("Return")
        let options = sandbox.home.appendingPathComponent("state/compose-window/drafts/default.options.json")
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                (try? String(contentsOf: options, encoding: .utf8))?.contains("\"cid\"") == true
            }, "found, and kept with the draft")
        window.focusWindowAgain()
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar).code, 0)
        let post = try XCTUnwrap(records(sandbox, "app.bsky.feed.post").last)
        let embed = (post["value"] as? [String: Any])?["embed"] as? [String: Any]
        XCTAssertEqual((embed?["record"] as? [String: String])?["uri"], sandbox.records.first?["uri"] as? String)
    }
}
