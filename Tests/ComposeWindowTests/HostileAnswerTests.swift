import Foundation
import XCTest

/// A server's answer is input (#61): one trickled a byte at a time (each byte inside the I/O
/// timeout) ends at the whole answer's deadline instead of keeping "Posting…" up for ever; one
/// over the size cap is not read. Either way the post may be on the server, so Send looks it up
/// and it is posted once. The window's clock runs 60 times faster (the 2-minute deadline in 2 s).
final class HostileAnswerTests: SandboxTestCase {
    func testATrickledAnswerEndsAtItsDeadlineAndThePostIsFoundOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        // A byte every 0.1 s: 6 s of the window's clock, well inside its 30 s I/O timeout.
        try sandbox.inject([["method": "/api/v1/statuses", "trickle": 0.1]])
        let window = try sandbox.send("Slowly answered", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertTrue(waitUntil(timeout: 30) { !((sandbox.state["hungUp"] as? [Any]) ?? []).isEmpty }, "hung up")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.filter { $0["text"] as? String == "Slowly answered" }.count, 1)
    }

    func testAnAnswerOverTheCapIsNotReadAndThePostIsFoundOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "pad": 5 << 20]])
        let window = try sandbox.send("Bloated answer", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60), window.stderrSoFar)
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.filter { $0["text"] as? String == "Bloated answer" }.count, 1)
        let paths = sandbox.requests.map(\.path)
        XCTAssertTrue(paths.contains { $0.hasPrefix("/api/v1/accounts/") }, "looked up, not taken: \(paths)")
    }
}
