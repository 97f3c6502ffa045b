import Foundation
import XCTest

/// What the servers refuse or delay, each kept in the window with the text: a 429 waits as
/// Retry-After says, a refusal (422) is sent again by Retry and an edit of it is the post, a revoked
/// token (401) asks to sign in again and Retry then posts, a lost answer is looked up. The server
/// never gets the post twice.
final class PostingFailureTests: SandboxTestCase {
    /// The stand-in's arrival times of requests to `path`, in seconds.
    func arrivals(_ path: String, in sandbox: NetworkSandbox) -> [Double] {
        (sandbox.state["requests"] as? [[String: Any]] ?? []).filter { $0["path"] as? String == path }
            .compactMap { $0["time"] as? Double }
    }

    /// The system's monotonic clock, which the stand-in's arrival times are read from.
    static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    func testA429IsRetriedNoSoonerThanRetryAfterSays() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try askToWait(sandbox, seconds: 3)
        try retriedOnce("Patience", in: sandbox, noSoonerThan: 3, "Retry-After: 3")
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// Send, refused for now; Retry pressed at once: the window waits for the server's time, then
    /// the second request posts it, `seconds` or more after the first.
    private func retriedOnce(_ text: String, in sandbox: NetworkSandbox, noSoonerThan seconds: Double, _ why: String)
        throws
    {
        let window = try sandbox.send(text, to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")  // at once: the window waits for the server's time
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let times = arrivals("/api/v1/statuses", in: sandbox)
        XCTAssertEqual(times.count, 2)
        XCTAssertGreaterThanOrEqual((times.last ?? 0) - (times.first ?? 0), seconds, why)
    }

    /// The bar promised a retry after a 429; the person went on rewording. The half-written
    /// sentence never goes by itself: the edit calls the retry off, and Send posts the finished text.
    func testAnEditCallsOffThePromisedRetryAndSendPostsTheNewText() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try askToWait(sandbox, seconds: 3)
        let window = try sandbox.send("It went well", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("End")
        window.type(" and then, when I")
        XCTAssertTrue(window.waitForText("It went well and then, when I"))
        let due = (arrivals("/api/v1/statuses", in: sandbox).first ?? 0) + 3
        // The moment the window would have retried, and a second and a half more.
        XCTAssertTrue(waitUntil(timeout: 10) { Self.monotonic() > due + 1.5 })
        XCTAssertEqual(arrivals("/api/v1/statuses", in: sandbox).count, 1, "the half-written text went by itself")
        window.type(" saw it, I knew.")
        XCTAssertTrue(window.waitForText("It went well and then, when I saw it, I knew."))
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            sandbox.statuses.map { $0["text"] as? String }, ["It went well and then, when I saw it, I knew."])
    }

    /// Mastodon's 429 has no Retry-After, only X-RateLimit-Reset (Rack::Attack): the window waits
    /// until then, not a minute, and no sooner.
    func testAMastodon429WaitsForItsRateLimitReset() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([
            [
                "method": "/api/v1/statuses", "status": 429, "rateLimitReset": 3,
                "json": ["error": "Too many requests"] as [String: Any],
            ]
        ])
        try retriedOnce("Patience, Mastodon", in: sandbox, noSoonerThan: 2.5, "X-RateLimit-Reset: 3 s on")
    }

    /// A retry that falls due while Discard…'s confirmation is open waits for the answer: nothing is
    /// sent behind the person's back while they decide to abandon the post; "Keep editing" lets it go.
    func testARetryDueWhileDiscardIsAskedWaitsForTheAnswer() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        // Six seconds, not two: on a loaded CI machine, two seconds passed between the refusal and
        // the window reading alt+i, and the retry went before the confirmation could open.
        let retryAfter = 6
        try askToWait(sandbox, seconds: retryAfter)
        let window = try sandbox.send("Maybe not", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("alt+i")  // "D_iscard…"
        XCTAssertTrue(window.waitForWindows(2), "the confirmation is open")
        let due = (arrivals("/api/v1/statuses", in: sandbox).first ?? 0) + Double(retryAfter)
        XCTAssertLessThan(Self.monotonic(), due, "the confirmation opened only after the retry was due")
        // The moment the window would have retried, and a second and a half more.
        XCTAssertTrue(waitUntil(timeout: 15) { Self.monotonic() > due + 1.5 })
        XCTAssertEqual(arrivals("/api/v1/statuses", in: sandbox).count, 1, "sent while Discard was asked")
        window.key("alt+k")  // "_Keep editing": the retry that fell due goes now
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// A retry that falls due while a sign-in from the menu is under way waits for it to end (Send
    /// waits for a sign-in), and goes then: here the person gives up on the browser and presses Stop.
    func testARetryDueWhileSigningInGoesWhenTheSignInEnds() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.registerBrowser(.ignore)
        try askToWait(sandbox, seconds: 2)
        let window = try sandbox.send("After the sign-in", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { window.visibleWindows >= 2 }, "the menu did not open")
        window.key("o")  // Sign in to Mast_odon…
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Mastodon server$").isEmpty)
        let openedBefore = sandbox.browserLines("opened").count  // signing in for the sandbox opened one
        window.key("Return")
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.browserLines("opened").count == openedBefore + 1 }, "no browser")
        let due = (arrivals("/api/v1/statuses", in: sandbox).first ?? 0) + 2
        XCTAssertTrue(waitUntil(timeout: 10) { Self.monotonic() > due + 1.5 })
        XCTAssertEqual(arrivals("/api/v1/statuses", in: sandbox).count, 1, "sent during the sign-in")
        window.key("alt+p")  // "Sto_p": the sign-in ends, the retry that fell due goes
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["After the sign-in"])
    }

    /// 422: Mastodon's own words, and Retry sends the post again with its key, as Mastodon's own
    /// composer does; when the server refuses again its words show again. An edit then is the post.
    func testARefusalIsSentAgainByRetryAndAnEditIsThePost() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let refusal: [String: Any] = [
            "method": "/api/v1/statuses", "status": 422,
            "json": ["error": "Validation failed: <b>Text</b> looks like spam"] as [String: Any],
        ]
        try sandbox.inject([refusal, refusal])
        let window = try sandbox.send("Buy now", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("ctrl+Return")
        XCTAssertTrue(
            waitUntil(timeout: 10) { self.arrivals("/api/v1/statuses", in: sandbox).count == 2 }, "sent again")
        XCTAssertTrue(window.waitForText("Buy now"))
        let keys = sandbox.requests.filter { $0.path == "/api/v1/statuses" }
        XCTAssertEqual(keys.count, 2)
        window.key("End")
        window.type(", please")
        XCTAssertTrue(window.waitForText("Buy now, please"), "a refused post can be edited")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Buy now, please"])
    }

    /// 401, then signing in again from the window's own menu: the post's bar comes back once the
    /// sign-in is done, and its Retry posts once.
    func testARevokedTokenThenSigningInFromTheMenuBringsRetryBack() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "revokeTokens"]])
        let window = try sandbox.send("Back again", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { window.visibleWindows >= 2 }, "the menu did not open")
        window.key("o")  // Sign in to Mast_odon…
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Mastodon server$").isEmpty)
        window.key("Return")  // the server shown is the account's
        XCTAssertTrue(waitUntil(timeout: 30) { self.tokens(in: sandbox) == 2 }, "signed in again")
        XCTAssertTrue(window.waitForWindows(1))
        // "_Retry" in the post's bar, back once the window has the keyring's answer: pressed until
        // it is there (before, Alt+R finds nothing to press; after, the run has no Retry to press).
        XCTAssertTrue(
            waitUntil(timeout: 30) {
                window.key("alt+r")
                return !window.isRunning
            }, "no Retry after signing in")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Back again"])
    }

    /// Mastodon answers the next status with 429 and `Retry-After: seconds`.
    private func askToWait(_ sandbox: NetworkSandbox, seconds: Int) throws {
        try sandbox.inject([
            [
                "method": "/api/v1/statuses", "status": 429, "retryAfter": seconds,
                "json": ["error": "Too many requests"] as [String: Any],
            ]
        ])
    }

    private func tokens(in sandbox: NetworkSandbox) -> Int {
        (sandbox.state["tokens"] as? [[String: Any]])?.count ?? 0
    }

    /// 401: the token was revoked at the server. The post is kept; the person signs in again (from
    /// the command line, while the window stays), and Retry posts it once, with the same key.
    func testARevokedTokenThenSigningInAgainThenRetryPostsOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "revokeTokens"]])
        let window = try sandbox.send("Still here", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertTrue(try String(contentsOf: sandbox.outboxFile, encoding: .utf8).contains("signInAgain"))
        window.key("ctrl+Return")
        XCTAssertTrue(
            waitUntil(timeout: 10) { self.arrivals("/api/v1/statuses", in: sandbox).count == 2 },
            "Retry tries again, and is refused again")
        let signIn = try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"])
        XCTAssertEqual(signIn.code, 0, signIn.stderr)
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Still here"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path))
    }

    /// Closing while a network has not taken the post: exit 4, the draft and the outbox keep it.
    func testARevokedTokenKeepsThePostWhenTheWindowIsClosed() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "revokeTokens"]])
        let window = try sandbox.send("Still here", to: "mastodon")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("Escape")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 4)
        XCTAssertEqual(try String(contentsOf: sandbox.draftFile, encoding: .utf8), "Still here")
        XCTAssertTrue(try String(contentsOf: sandbox.outboxFile, encoding: .utf8).contains("signInAgain"))
        XCTAssertEqual(sandbox.statuses.count, 0)
    }

    /// No answer within the bounded wait (30 seconds, here under a clock 60 times faster): the
    /// outcome is unknown and the text read-only until it is known. Retry waits out the settle time
    /// (two minutes), looks the status up among the account's own; not there yet, it is sent again
    /// with its key, which meets the first still at work: Mastodon's lock holds it until the first
    /// is stored (up to 10 s) and answers with that status. One status, never two.
    func testATimeoutIsLookedUpAfterTheSettleTimeAndPostsOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "delay": 3]])
        let window = try sandbox.send("Slow server", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post", timeout: 60), window.stderrSoFar)
        XCTAssertTrue(try String(contentsOf: sandbox.outboxFile, encoding: .utf8).contains("timeout"))
        window.key("End")
        window.type(" edited")
        XCTAssertTrue(window.waitForText("Slow server"), "read-only while Mastodon may have it")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(
            window.finish(timeout: 60), "\(window.stderrSoFar) \(sandbox.requests.map(\.path))")
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Slow server"])
        XCTAssertTrue(
            sandbox.requests.contains { $0.path.hasSuffix("/accounts/1/statuses") }, "looked up before sent again")
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
    }

    /// A server from before Mastodon's idempotency lock makes a second status for a repeat that
    /// arrives while the first is still at work: the settle time keeps Retry from sending one.
    func testAServerWithoutTheLockGetsNoRepeatWhileTheFirstIsAtWork() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon", mastodonBeforeTheLock: true)
        try sandbox.inject([["method": "/api/v1/statuses", "delay": 1.5]])
        let window = try sandbox.send("Old server", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post", timeout: 60), window.stderrSoFar)
        window.key("ctrl+Return")  // at once: within the settle time
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.map { $0["text"] as? String }, ["Old server"])
        XCTAssertEqual(arrivals("/api/v1/statuses", in: sandbox).count, 1, "never posted again")
    }

    /// The key expired (the server's clock an hour on, as the next day would be): the same key
    /// would make a second status, so the status is found by lookup instead.
    func testAnExpiredKeyIsNeverTrustedTheStatusIsLookedUp() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "drop": "after"]])
        let window = try sandbox.send("Next day", to: "mastodon", faster: 60)
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertEqual(sandbox.statuses.count, 1, "the server made it before the cut")
        try sandbox.inject([["method": "clock", "advance": 3_700]])
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1, "one status")
        XCTAssertEqual(arrivals("/api/v1/statuses", in: sandbox).count, 1, "found, not posted again")
    }
}
