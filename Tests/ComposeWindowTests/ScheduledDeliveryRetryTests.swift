import Foundation
import XCTest

/// `--deliver` finishes or asks (#61): woken before the network is back, it asks no server and sets
/// its timer again (it used to fail once and never try again); a server's 5xx is tried again the
/// same way; a revoked sign-in is said once, and no later run asks the server about it again.
final class ScheduledDeliveryRetryTests: SandboxTestCase {
    /// An hour from the test's first use of it (lazy: XCTest makes the instances at the start).
    private lazy var inAnHour: String = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3_600))

    private func scheduled(_ text: String, in sandbox: NetworkSandbox) throws -> URL {
        let window = try sandbox.send(text, to: "mastodon", extra: ["--at", inAnHour])
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 30)).code, 0)
        let draft = try sandbox.scheduledDraft()
        return sandbox.userUnits.appendingPathComponent("compose-window-deliver-\(draft).timer")
    }

    private func statusRequests(_ sandbox: NetworkSandbox) -> Int {
        sandbox.requests.filter { $0.path.hasPrefix("/api/v1/") }.count
    }

    func testWithoutANetworkNoServerIsAskedAndTheTimerIsSetAgain() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let timer = try scheduled("After the wake-up", in: sandbox)
        let armed = try String(contentsOf: timer, encoding: .utf8)
        let asked = statusRequests(sandbox)
        try sandbox.setOnline(false)
        let offline = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(offline.code, 0, offline.stderr)
        XCTAssertTrue(offline.stderr.contains("no network"), offline.stderr)
        XCTAssertEqual(statusRequests(sandbox), asked, "no server asked")
        XCTAssertNotEqual(try String(contentsOf: timer, encoding: .utf8), armed, "its timer set again, later")
        try sandbox.setOnline(true)
        let online = try sandbox.runTheUnit(clockAhead: "+63m")
        XCTAssertEqual(online.code, 0, online.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["After the wake-up"])
    }

    func testAServerErrorIsTriedAgainLaterAndThePostGoesOnce() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let timer = try scheduled("Through a 503", in: sandbox)
        let armed = try String(contentsOf: timer, encoding: .utf8)
        try sandbox.inject([["method": "/api/v1/statuses", "status": 503]])
        let failed = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(failed.code, 0, "not the person's to settle: " + failed.stderr)
        XCTAssertTrue(failed.stderr.contains("tried again at"), failed.stderr)
        XCTAssertNotEqual(try String(contentsOf: timer, encoding: .utf8), armed, "its timer set again")
        XCTAssertEqual(sandbox.statuses.count, 0)
        let again = try sandbox.runTheUnit(clockAhead: "+63m")
        XCTAssertEqual(again.code, 0, again.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Through a 503"])
    }

    func testARevokedSignInIsSaidOnceAndNotAskedAgain() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let timer = try scheduled("Needs a sign-in", in: sandbox)
        try sandbox.inject([["method": "revokeTokens"]])
        let refused = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(refused.code, 4, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("was not posted"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: timer.path), "no timer asks again")
        let asked = statusRequests(sandbox)
        let later = try sandbox.runTheUnit(clockAhead: "+2h")
        XCTAssertEqual(later.code, 0, later.stderr)
        XCTAssertEqual(statusRequests(sandbox), asked, "the server is not asked again")
        XCTAssertEqual(sandbox.statuses.count, 0)
        XCTAssertTrue(try sandbox.composeWindow(["--outbox"]).stdout.contains("\tfailed\t"), "kept for the person")
    }

    /// Signed out since it was scheduled: said once; a later run, from a timer or a window's start,
    /// says nothing more and asks no server (#61: it was said at every run).
    func testAnAccountSignedOutSinceIsSaidOnce() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let timer = try scheduled("Signed out since", in: sandbox)
        XCTAssertEqual(try sandbox.composeWindow(["--sign-out", "@alice@mastodon.social"]).code, 0)
        let first = try sandbox.runTheUnit(clockAhead: "+61m")
        XCTAssertEqual(first.code, 4, first.stderr)
        XCTAssertTrue(first.stderr.contains("is not signed in"), first.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: timer.path), "no timer asks again")
        let later = try sandbox.runTheUnit(clockAhead: "+2h")
        XCTAssertEqual(later.code, 0, later.stderr)
        XCTAssertFalse(later.stderr.contains("is not signed in"), "said once: " + later.stderr)
        XCTAssertTrue(try sandbox.composeWindow(["--outbox"]).stdout.contains("Signed out since"), "kept")
    }

    /// A window opened on a post whose time passed unposted (the machine slept through it) posts
    /// it without a click, as `--deliver` would (#61, found by the time explorer: it waited for
    /// Send, while every `--deliver` left the post to it).
    func testAWindowOpenedOnAPostWhoseTimePassedPostsIt() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        _ = try scheduled("Slept through its time", in: sandbox)
        // It may post and close before a test could see it mapped.
        let window = try sandbox.open(try sandbox.scheduledDraft(), clockAhead: "+2h", waitsForItsWindow: false)
        XCTAssertTrue(waitUntil(timeout: 30) { sandbox.statuses.count == 1 }, window.stderrSoFar)
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Slept through its time"])
    }

    /// That window's run sets the post's timer a minute on first: killed after its server failed
    /// (a window killed would otherwise leave nothing to wake the post), the timer is set, and the
    /// unit posts the post once.
    func testAWindowThatCannotPostADuePostLeavesItsTimerSet() throws {
        let sandbox = try NetworkSandbox.waitingHere()
        let timer = try scheduled("Back to its timer", in: sandbox)
        let armed = try String(contentsOf: timer, encoding: .utf8)
        let draft = try sandbox.scheduledDraft()
        try sandbox.inject([["method": "/api/v1/statuses", "status": 503]])
        let window = try sandbox.open(draft, clockAhead: "+2h")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post", timeout: 30), window.stderrSoFar)
        XCTAssertTrue(
            waitUntil(timeout: 20) { (try? String(contentsOf: timer, encoding: .utf8)).map { $0 != armed } == true },
            "its timer set again by the window's run")
        // The window, which faketime runs as its child: faketime then exits as it should (killed,
        // it would leave its semaphore in /dev/shm for a later faketime with its PID to trip on).
        kill(window.applicationPID, SIGKILL)
        _ = window.finish()
        XCTAssertTrue(FileManager.default.fileExists(atPath: timer.path), "a killed window leaves it set")
        // The 503 may have stored it: the unit waits for it to settle, then posts it, once.
        let first = try sandbox.runTheUnit(clockAhead: "+2h2m")
        XCTAssertEqual(first.code, 0, first.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: timer.path), "set again for later")
        let later = try sandbox.runTheUnit(clockAhead: "+3h")
        XCTAssertEqual(later.code, 0, later.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Back to its timer"], later.stderr)
    }
}
