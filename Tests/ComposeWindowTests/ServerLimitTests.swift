import Foundation
import XCTest

/// The counter takes a Mastodon server's own limit (GET /api/v2/instance) for a signed-in account,
/// cached per server and asked again after a day; `--limit` still wins.
final class ServerLimitTests: SandboxTestCase {
    func cacheFile(_ sandbox: NetworkSandbox) -> URL {
        sandbox.home.appendingPathComponent("cache/compose-window/mastodon/mastodon.social.json")
    }

    func cached(_ sandbox: NetworkSandbox) -> [String: Any]? {
        (try? Data(contentsOf: cacheFile(sandbox))).flatMap { try? JSONSerialization.jsonObject(with: $0) }
            as? [String: Any]
    }

    var instanceRequests: (NetworkSandbox) -> Int { { $0.requests.filter { $0.path == "/api/v2/instance" }.count } }

    func testAPostOverFiveHundredFitsAServerThatAllowsAThousand() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon", mastodonLimit: 1000)
        let text = String(repeating: "长文", count: 300)
        let window = try sandbox.window(text, to: "mastodon")
        // The cache is written in the same main-loop turn as the limit is taken: keys come after.
        XCTAssertTrue(waitUntil(timeout: 20) { self.cached(sandbox) != nil }, "no answer cached")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.first?["text"] as? String, text)
        let statuses = (cached(sandbox)?["configuration"] as? [String: Any])?["statuses"] as? [String: Any]
        XCTAssertEqual(statuses?["max_characters"] as? Int, 1000)

        // A day has not passed: the next window asks nothing.
        let again = try sandbox.window("x", to: "mastodon")
        again.key("Escape")
        XCTAssertEqual(again.finish()?.code, 1)
        XCTAssertEqual(instanceRequests(sandbox), 1)
    }

    /// A server that counts a URL as 5 characters: 17 + 5 fits its 30, though Mastodon's usual 23
    /// would not (Send is disabled over the limit, and the window would never exit).
    func testTheServersURLWeightIsCounted() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon", mastodonLimit: 30, mastodonURLLength: 5)
        let text = "Counted as five: https://example.com/a/rather/long/path/to/share"
        let window = try sandbox.window(text, to: "mastodon")
        XCTAssertTrue(waitUntil(timeout: 20) { self.cached(sandbox) != nil }, "no answer cached")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30), "Send stayed disabled")
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.first?["text"] as? String, text)
        let statuses = (cached(sandbox)?["configuration"] as? [String: Any])?["statuses"] as? [String: Any]
        XCTAssertEqual(statuses?["characters_reserved_per_url"] as? Int, 5)
    }

    func testLimitStillWinsOverTheServers() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon", mastodonLimit: 1000)
        let window = try sandbox.window(String(repeating: "长", count: 600), to: "mastodon", extra: ["--limit", "550"])
        XCTAssertTrue(waitUntil(timeout: 20) { self.cached(sandbox) != nil }, "no answer cached")
        // Send is disabled over --limit: Ctrl+Enter does nothing, and Escape closes the unchanged text.
        window.key("ctrl+Return", "Escape")
        XCTAssertEqual(window.finish(timeout: 30)?.code, 1)
        XCTAssertEqual(sandbox.statuses.count, 0)
    }

    /// A server from before Mastodon 4.0 has no /api/v2/instance (404): it is an older server, with
    /// the default limits and no quotes, cached as such, not asked again at every start (#61).
    func testAServerBeforeFourIsCachedAsOlderNotAskedAtEveryStart() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setAccounts(["mastodonApiVersion": -1])
        let window = try sandbox.window("x", to: "mastodon")
        XCTAssertTrue(waitUntil(timeout: 20) { self.cached(sandbox) != nil }, "the 404 was not cached")
        window.key("Escape")
        _ = window.finish()
        XCTAssertEqual(cached(sandbox)?["api_versions"] as? [String: Int], ["mastodon": 0], "no quotes")
        let statuses = (cached(sandbox)?["configuration"] as? [String: Any])?["statuses"] as? [String: Any]
        XCTAssertEqual(statuses?.isEmpty, true, "no figures: the defaults")
        let again = try sandbox.window(String(repeating: "长", count: 500), to: "mastodon")
        again.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(again.finish(timeout: 30)).code, 0, "500 fits the default limit")
        XCTAssertEqual(instanceRequests(sandbox), 1)
    }

    /// The cache is input (#61): one over a megabyte is not read (nor one nested past any answer),
    /// but asked again and replaced.
    func testACacheTooLargeOrTooDeepIsAskedAgain() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon", mastodonLimit: 1000)
        try FileManager.default.createDirectory(
            at: cacheFile(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        let now = Int(Date().timeIntervalSince1970)
        let fresh =
            #"{"fetched_at": \#(now), "api_versions": {"mastodon": 7}, "#
            + #""configuration": {"statuses": {"max_characters": 700}}}"#
        for hostile in [fresh + String(repeating: " ", count: 1 << 20), String(repeating: "[", count: 100_000)] {
            try hostile.write(to: cacheFile(sandbox), atomically: true, encoding: .utf8)
            let before = instanceRequests(sandbox)
            let window = try sandbox.window("x", to: "mastodon")
            XCTAssertTrue(waitUntil(timeout: 20) { self.instanceRequests(sandbox) == before + 1 }, "not asked again")
            XCTAssertTrue(waitUntil(timeout: 20) { self.cached(sandbox) != nil }, "not replaced")
            window.key("Escape")
            _ = window.finish()
            let statuses = (cached(sandbox)?["configuration"] as? [String: Any])?["statuses"] as? [String: Any]
            XCTAssertEqual(statuses?["max_characters"] as? Int, 1000)
        }
    }

    func testACacheADayOldIsAskedAgain() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon", mastodonLimit: 1000)
        let old = Int(Date().timeIntervalSince1970) - 2 * 24 * 3600
        try FileManager.default.createDirectory(
            at: cacheFile(sandbox).deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: [
            "fetched_at": old, "configuration": ["statuses": ["max_characters": 700]],
        ]).write(to: cacheFile(sandbox))
        let window = try sandbox.window("x", to: "mastodon")
        XCTAssertTrue(waitUntil(timeout: 20) { (self.cached(sandbox)?["fetched_at"] as? Int ?? old) > old })
        window.key("Escape")
        _ = window.finish()
        XCTAssertEqual(instanceRequests(sandbox), 1)
        let statuses = (cached(sandbox)?["configuration"] as? [String: Any])?["statuses"] as? [String: Any]
        XCTAssertEqual(statuses?["max_characters"] as? Int, 1000)
    }
}
