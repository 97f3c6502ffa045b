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
