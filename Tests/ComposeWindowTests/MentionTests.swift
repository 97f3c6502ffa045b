import Foundation
import PlaceholderTestSupport
import XCTest

/// Mentions as you type, for real: '@' and two letters ask the signed-in account's network (the
/// stand-ins' account search, under the real host names), after a pause in typing; GtkSourceView's
/// list shows what it found and Return takes one. A Bluesky account chosen so goes into the post's
/// facet with the list's DID, which resolveHandle does not know: no look-up at Send.
final class MentionTests: SandboxTestCase {
    static let people = """
        {"mastodon": [{"acct": "bob@other.example", "display_name": "Bob Example"},
                      {"acct": "bonnie@third.example", "display_name": "Bonnie"}],
         "bluesky": [{"handle": "bob.bsky.social", "did": "did:plc:bobfromthelistxxxxxxxxx", "displayName": "Bob"},
                     {"handle": "bonnie.example.com", "did": "did:web:bonnie.example.com"}]}
        """

    /// The queries of every request to `path` the stand-ins received.
    func searches(_ sandbox: NetworkSandbox, _ path: String, in list: String = "requests") -> [[String: String]] {
        (sandbox.state[list] as? [[String: Any]] ?? []).filter { $0["path"] as? String == path }
            .map { $0["query"] as? [String: String] ?? [:] }
    }

    /// Return takes the list's first account: the list closes, the text becomes `text`, and
    /// "see you" typed after it follows it.
    func take(in window: ComposeProcess, becoming text: String, file: StaticString = #filePath, line: UInt = #line) {
        window.key("Return")
        XCTAssertTrue(window.waitForWindows(1), "the list closed", file: file, line: line)
        XCTAssertTrue(window.waitForText(text, file: file, line: line))
        window.type("see you")
        XCTAssertTrue(window.waitForText(text + "see you", file: file, line: line))
    }

    func sandbox(_ network: String) throws -> NetworkSandbox {
        let sandbox = try NetworkSandbox.signedIn(network)
        try Data(Self.people.utf8).write(to: sandbox.directory.appendingPathComponent("people.json"), options: .atomic)
        return sandbox
    }

    func testABlueskyAccountChosenFromTheListIsMentionedWithItsDID() throws {
        let sandbox = try sandbox("bluesky")
        let window = try sandbox.window("Hi ", to: "bluesky")
        XCTAssertTrue(window.waitForText("Hi "))  // and the caret at its end
        window.type("@bo")
        let typeahead = "/xrpc/app.bsky.actor.searchActorsTypeahead"
        XCTAssertTrue(waitUntil(timeout: 10) { searches(sandbox, typeahead).contains { $0["q"] == "bo" } })
        XCTAssertTrue(window.waitForWindows(2), "the list of accounts")
        take(in: window, becoming: "Hi @bob.bsky.social ")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)

        XCTAssertEqual(searches(sandbox, typeahead).map { $0["q"] }, ["bo"], "one search, after the pause")
        XCTAssertEqual(searches(sandbox, typeahead).first?["limit"], "8")
        let record = try XCTUnwrap(sandbox.records.last)
        let value = try XCTUnwrap(record["value"] as? [String: Any])
        XCTAssertEqual(value["text"] as? String, "Hi @bob.bsky.social see you")
        let facet = try XCTUnwrap((value["facets"] as? [[String: Any]])?.first)
        XCTAssertEqual((facet["index"] as? [String: Int])?["byteStart"], 3)
        XCTAssertEqual((facet["index"] as? [String: Int])?["byteEnd"], 19)
        let feature = try XCTUnwrap((facet["features"] as? [[String: Any]])?.first)
        XCTAssertEqual(feature["did"] as? String, "did:plc:bobfromthelistxxxxxxxxx", "the list's DID")
        XCTAssertFalse(
            sandbox.requests.contains { $0.path == "/xrpc/com.atproto.identity.resolveHandle" },
            "no second look-up at Send")
        let verdict = try AtprotoValidator.check(
            try JSONSerialization.data(withJSONObject: record["body"] ?? [:]), root: ReplyTests.root)
        XCTAssertEqual(verdict.status, 0, verdict.output)
    }

    /// The draft keeps an account chosen from the list: after kill -9, the restored draft's Send
    /// mentions it with the list's DID and looks nothing up.
    func testADraftKeepsTheChosenAccountThroughACrash() throws {
        let sandbox = try sandbox("bluesky")
        let window = try sandbox.window("Hi ", to: "bluesky")
        XCTAssertTrue(window.waitForText("Hi "))
        window.type("@bo")
        XCTAssertTrue(window.waitForWindows(2), "the list of accounts")
        window.key("Return")
        XCTAssertTrue(window.waitForText("Hi @bob.bsky.social "))
        let options = sandbox.home.appendingPathComponent("state/compose-window/drafts/default.options.json")
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                ((try? String(contentsOf: options, encoding: .utf8)) ?? "").contains("did:plc:bobfromthelistxxxxxxxxx")
            }, "the draft's options")
        window.signal(SIGKILL)
        _ = window.finish(timeout: 10)

        let reopened = try sandbox.reopen(to: "bluesky")
        XCTAssertTrue(reopened.waitForText("Hi @bob.bsky.social "))
        reopened.key("ctrl+Return")
        let finished = try XCTUnwrap(reopened.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let value = try XCTUnwrap(sandbox.records.last?["value"] as? [String: Any])
        let feature = (value["facets"] as? [[String: Any]])?.first.flatMap {
            ($0["features"] as? [[String: Any]])?.first
        }
        XCTAssertEqual(feature?["did"] as? String, "did:plc:bobfromthelistxxxxxxxxx")
        XCTAssertFalse(sandbox.requests.contains { $0.path == "/xrpc/com.atproto.identity.resolveHandle" })
    }

    /// A slow search is called off when the person types on (the stand-in sees the connection
    /// closed); the next one's list shows without waiting for it; Escape closes the list and not the
    /// window; Ctrl+Space asks again; Mastodon is never asked to fetch (no `resolve`).
    func testATypedOnSearchIsCalledOffAndTheListWaitsForNothing() throws {
        let sandbox = try sandbox("mastodon")
        let search = "/api/v1/accounts/search"
        // Longer than the wait below for the list: a list that waited for this answer fails it.
        try sandbox.inject([["method": search, "delay": 15]])
        let window = try sandbox.window("Hi ", to: "mastodon")
        XCTAssertTrue(window.waitForText("Hi "))
        window.type("@bo")
        XCTAssertTrue(waitUntil(timeout: 10) { searches(sandbox, search).contains { $0["q"] == "bo" } })
        window.type("b")
        XCTAssertTrue(window.waitForWindows(2, timeout: 10), "the second search's list, while the first waits")
        window.key("Escape")
        XCTAssertTrue(window.waitForWindows(1))
        XCTAssertTrue(window.isRunning, "Escape closed the list, not the window")
        window.key("ctrl+space")
        XCTAssertTrue(window.waitForWindows(2), "asked for again")
        take(in: window, becoming: "Hi @bob@other.example ")
        XCTAssertTrue(
            waitUntil(timeout: 25) { searches(sandbox, search, in: "hungUp").contains { $0["q"] == "bo" } },
            "the first search was called off")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.last?["text"] as? String, "Hi @bob@other.example see you")
        let queries = searches(sandbox, search)
        XCTAssertTrue(queries.contains { $0["q"] == "bob" })
        XCTAssertFalse(queries.contains { $0["resolve"] != nil }, "typing never makes the server fetch")
    }

    /// Offline, a mention offers nothing and typing goes on; back online, the next one is offered
    /// (and Tab takes it).
    func testOfflineThereAreNoSuggestionsAndOnlineAgainThereAre() throws {
        let sandbox = try sandbox("bluesky")
        let window = try sandbox.window("Hi ", to: "bluesky")
        XCTAssertTrue(window.waitForText("Hi "))
        try sandbox.pointNetworkNames(at: nil)
        window.type("@bo")
        XCTAssertTrue(window.waitForText("Hi @bo"), "typing went on")
        try sandbox.pointNetworkNames(at: "127.0.0.1")
        window.type("b")
        XCTAssertTrue(window.waitForWindows(2), "the list, online again")
        window.key("Tab")  // as Return does
        XCTAssertTrue(window.waitForText("Hi @bob.bsky.social "))
        let typeahead = "/xrpc/app.bsky.actor.searchActorsTypeahead"
        XCTAssertFalse(searches(sandbox, typeahead).contains { $0["q"] == "bo" }, "nothing reached it offline")
        window.key("Escape")
        XCTAssertTrue(window.waitForWindows(2), "the question whether to discard the text")
    }
}
