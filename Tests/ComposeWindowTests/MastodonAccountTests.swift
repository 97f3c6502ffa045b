import Foundation
import XCTest

/// `--sign-in mastodon --instance HOST` as RFC 8252 has native apps sign in, against a Mastodon
/// stand-in at mastodon.social: the app registered for two scopes, the person's consent in their
/// default browser (a script that reads the page and answers it), PKCE checked by the server, the
/// redirect caught on 127.0.0.1; the token in the keyring only, revoked on signing out.
final class MastodonAccountTests: SandboxTestCase {
    func signIn(_ sandbox: NetworkSandbox) throws -> (code: Int32, stdout: String, stderr: String) {
        try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"])
    }

    var tokens: (NetworkSandbox) -> [[String: Any]] { { $0.state["tokens"] as? [[String: Any]] ?? [] } }

    func secrets(_ sandbox: NetworkSandbox) -> [String] {
        tokens(sandbox).compactMap { $0["token"] as? String }
            + (sandbox.state["apps"] as? [[String: Any]] ?? []).compactMap { $0["client_secret"] as? String }
    }

    func testSigningInThroughTheBrowserKeepsTheTokenInTheKeyringOnly() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.approve)
        let signedIn = try signIn(sandbox)
        XCTAssertEqual(signedIn.code, 0, signedIn.stderr)
        XCTAssertEqual(signedIn.stdout, "Signed in as @alice@mastodon.social\n")
        XCTAssertEqual(signedIn.stderr, "")
        XCTAssertEqual(
            sandbox.requests.map(\.path),
            [
                "/api/v1/apps", "/oauth/authorize", "/oauth/authorize", "/oauth/token",
                "/api/v1/accounts/verify_credentials",
            ])
        XCTAssertTrue(sandbox.requests.allSatisfy { $0.host == "mastodon.social" })

        // Registered for posting and the account's name only, redirected to a loopback port.
        let app = try XCTUnwrap((sandbox.state["apps"] as? [[String: Any]])?.first)
        XCTAssertEqual(app["scopes"] as? String, "write:statuses write:media read:accounts read:search read:statuses")
        let redirect = try XCTUnwrap(app["redirect_uri"] as? String)
        XCTAssertTrue(redirect.hasPrefix("http://127.0.0.1:") && redirect.hasSuffix("/callback"), redirect)
        let opened = try XCTUnwrap(sandbox.browserLines("opened").first)
        XCTAssertTrue(opened.hasPrefix("https://mastodon.social/oauth/authorize?"), opened)
        XCTAssertEqual(FakeDesktop.parameter("code_challenge_method", of: opened), "S256")
        XCTAssertEqual(FakeDesktop.parameter("redirect_uri", of: opened), redirect)
        XCTAssertGreaterThanOrEqual(FakeDesktop.parameter("state", of: opened)?.count ?? 0, 32)
        XCTAssertEqual(sandbox.browserLines("landed-status"), ["200"])

        let token = try XCTUnwrap(tokens(sandbox).first)
        XCTAssertEqual(tokens(sandbox).count, 1)
        let stored = try XCTUnwrap(try sandbox.keyringSecret(network: "mastodon", account: "@alice@mastodon.social"))
        let kept = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: String])
        XCTAssertEqual(kept["access_token"], token["token"] as? String)
        XCTAssertEqual(kept["client_secret"], app["client_secret"] as? String)

        let listed = try sandbox.composeWindow(["--accounts"])
        XCTAssertEqual(listed.stdout, "mastodon @alice@mastodon.social\n")
        XCTAssertEqual(
            sandbox.placesHolding(
                secrets(sandbox),
                outputs: ["stdout": signedIn.stdout, "stderr": signedIn.stderr, "list": listed.stdout]),
            [])
    }

    func testADeniedSignInExitsOneWithTheServersWordsAndKeepsNothing() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.deny)
        let denied = try signIn(sandbox)
        XCTAssertEqual(denied.code, 1)
        XCTAssertEqual(denied.stdout, "")
        XCTAssertEqual(
            denied.stderr,
            "compose-window: mastodon.social did not sign in: "
                + "The resource owner or authorization server denied the request.\n")
        XCTAssertTrue(tokens(sandbox).isEmpty)
        XCTAssertEqual(try sandbox.composeWindow(["--accounts"]).stdout, "")
    }

    /// A page nobody answers: after 5 minutes the sign-in gives up (exit 1) and keeps nothing. The
    /// 5 minutes pass 60 times faster under libfaketime (its clock and its poll timeouts), from
    /// outside the app, which is run as it is.
    func testAnAbandonedSignInGivesUpAfterFiveMinutes() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.ignore)
        let started = Date()
        let run = try ComposeProcess(
            ["--sign-in", "mastodon", "--instance", "mastodon.social"],
            stateHome: sandbox.home.appendingPathComponent("state"), environment: sandbox.environment,
            launcher: sandbox.launcher("/usr/bin/faketime") + ["-f", "+0 x60", ComposeProcess.binary.path])
        let finished = try XCTUnwrap(run.finish(timeout: 60), "still waiting after a minute (5 fast minutes)")
        XCTAssertEqual(finished.code, 1, finished.stderr)
        XCTAssertTrue(finished.stderr.contains("no answer from the browser within 5 minutes"), finished.stderr)
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 4, "gave up before 5 (fast) minutes")
        XCTAssertEqual(sandbox.browserLines("opened").count, 1, "the authorization page was opened")
        XCTAssertTrue(tokens(sandbox).isEmpty)
        XCTAssertEqual(try sandbox.composeWindow(["--accounts"]).stdout, "")
    }

    /// The listener takes exactly the awaited redirect: a made-up state, another path and another
    /// address get nothing (an error page, or no connection at all), and the sign-in goes on.
    func testTheLoopbackListenerTakesOnlyTheAwaitedRedirect() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.forgeThenApprove)
        let signedIn = try signIn(sandbox)
        XCTAssertEqual(signedIn.code, 0, signedIn.stderr)
        XCTAssertEqual(sandbox.browserLines("forged"), ["400", "400", "000"])
        XCTAssertEqual(tokens(sandbox).count, 1, "one token, from the one real redirect")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/oauth/token" }.count, 1)
    }

    func testSigningOutRevokesTheTokenAndForgetsTheAccount() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.approve)
        XCTAssertEqual(try signIn(sandbox).code, 0)
        let signedOut = try sandbox.composeWindow(["--sign-out", "@alice@mastodon.social"])
        XCTAssertEqual(signedOut.code, 0, signedOut.stderr)
        XCTAssertEqual(signedOut.stdout, "Signed out of @alice@mastodon.social\n")
        XCTAssertEqual(sandbox.requests.last?.path, "/oauth/revoke")
        XCTAssertEqual(tokens(sandbox).map { $0["revoked"] as? Bool }, [true])
        XCTAssertNil(try sandbox.keyringSecret(network: "mastodon", account: "@alice@mastodon.social"))
        XCTAssertEqual(try sandbox.composeWindow(["--accounts"]).stdout, "")
    }
}
