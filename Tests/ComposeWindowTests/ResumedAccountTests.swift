import Foundation
import XCTest

/// A post left in the outbox goes on, when the window opens again, from the account it was started
/// with: never the network's first account.
final class ResumedAccountTests: SandboxTestCase {
    func testAResumedPostGoesFromTheAccountItWasStartedWith() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")  // @alice@mastodon.social, the first
        try sandbox.setAccounts(["mastodon": "bob"])
        let second = try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"])
        XCTAssertEqual(second.code, 0, second.stderr)
        // Bob's post, refused this once; the window closed: the outbox keeps it (exit 4).
        try sandbox.inject([
            ["method": "/api/v1/statuses", "status": 422, "json": ["error": "Validation failed: try later"]]
        ])
        let window = try sandbox.send("Bob's words", to: "mastodon", extra: ["--account", "@bob@mastodon.social"])
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("Escape")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 30)).code, 4)
        // Opened again from the desktop, without --account: Send goes on as Bob.
        let reopened = try sandbox.reopen(to: "mastodon")
        XCTAssertTrue(reopened.waitForText("Bob's words"))
        reopened.key("ctrl+Return")
        let finished = try XCTUnwrap(reopened.finish(timeout: 30), reopened.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["account"] as? String }, ["bob"])
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self).hasPrefix("https://mastodon.social/@bob/"), true)
    }
}
