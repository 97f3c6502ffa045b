import Foundation
import XCTest

/// What the servers refuse or delay, each kept in the window with the text: a 429 waits as
/// Retry-After says, a refusal (422) needs an edit and the edited text is a new post, a revoked
/// token (401) asks to sign in again. The server never gets the post twice.
final class PostingFailureTests: SandboxTestCase {
    /// The stand-in's arrival times of requests to `path`, in seconds.
    func arrivals(_ path: String, in sandbox: NetworkSandbox) -> [Double] {
        (sandbox.state["requests"] as? [[String: Any]] ?? []).filter { $0["path"] as? String == path }
            .compactMap { $0["time"] as? Double }
    }

    func testA429IsRetriedNoSoonerThanRetryAfterSays() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            [
                "method": "/api/v1/statuses", "status": 429, "retryAfter": 3,
                "json": ["error": "Too many requests"] as [String: Any],
            ]
        ])
        let window = try sandbox.send("Patience", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")  // at once: the window waits for the server's time
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let times = arrivals("/api/v1/statuses", in: sandbox)
        XCTAssertEqual(times.count, 2)
        XCTAssertGreaterThanOrEqual((times.last ?? 0) - (times.first ?? 0), 3, "Retry-After: 3")
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// 422: Mastodon's own words; Send again unchanged sends nothing, an edited text is posted.
    func testARefusalNeedsAnEditAndTheEditedTextIsPostedOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            [
                "method": "/api/v1/statuses", "status": 422,
                "json": ["error": "Validation failed: <b>Text</b> looks like spam"] as [String: Any],
            ]
        ])
        let window = try sandbox.send("Buy now", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")
        XCTAssertTrue(window.waitForText("Buy now"))
        XCTAssertEqual(arrivals("/api/v1/statuses", in: sandbox).count, 1, "a refusal is not sent again unchanged")
        window.key("End")
        window.type(", please")
        XCTAssertTrue(window.waitForText("Buy now, please"))
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Buy now, please"])
    }

    /// 401: the token was revoked elsewhere. The post is kept; closing exits 4.
    func testARevokedTokenAsksToSignInAgainAndKeepsThePost() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            ["method": "/api/v1/statuses", "status": 401, "json": ["error": "The access token was revoked"]]
        ])
        let window = try sandbox.send("Still here", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("Escape")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 4)
        XCTAssertEqual(try String(contentsOf: sandbox.draftFile, encoding: .utf8), "Still here")
        XCTAssertTrue(try String(contentsOf: sandbox.outboxFile, encoding: .utf8).contains("signInAgain"))
        XCTAssertEqual(sandbox.statuses.count, 0)
    }

    /// No answer within the bounded wait (30 seconds): the outcome is unknown, the window says so,
    /// and Retry's same Idempotency-Key gets the status the slow server made after all.
    func testATimeoutIsAnUnknownOutcomeAndRetryPostsOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "delay": 32]])
        let window = try sandbox.send("Slow server", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post", timeout: 60), window.stderrSoFar)
        XCTAssertTrue(try String(contentsOf: sandbox.outboxFile, encoding: .utf8).contains("timeout"))
        XCTAssertTrue(waitUntil(timeout: 20) { sandbox.statuses.count == 1 }, "the server finished it late")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }
}
