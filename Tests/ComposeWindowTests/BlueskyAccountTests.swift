import Foundation
import XCTest

/// `--sign-in bluesky`, `--accounts` and `--sign-out` against an atproto stand-in under Bluesky's
/// real host names, with a real gnome-keyring: the tokens end up in the keyring and nowhere else,
/// the app password nowhere at all. XCTest, as the sandbox's daemons must get SIGTERM.
final class BlueskyAccountTests: SandboxTestCase {
    static let handle = "alice.bsky.social"
    static let appPassword = "k3yq-7xwp-m2rd-\(UUID().uuidString.prefix(4).lowercased())"
    static let pds = "morel.us-east.host.bsky.network"

    func sandbox(keyring: Bool = true, trusted: Bool = true) throws -> NetworkSandbox {
        try NetworkSandbox(bluesky: [Self.handle: Self.appPassword], keyring: keyring, trusted: trusted)
    }

    func signIn(_ sandbox: NetworkSandbox, password: String = appPassword) throws -> (
        code: Int32, stdout: String, stderr: String
    ) {
        try sandbox.composeWindow(["--sign-in", "bluesky", "--handle", Self.handle], stdin: password + "\n")
    }

    /// Every token the stand-in issued, and the app password.
    func secrets(_ sandbox: NetworkSandbox) -> [String] {
        sandbox.sessions.flatMap { [$0["accessJwt"] as? String ?? "", $0["refreshJwt"] as? String ?? ""] }
            + [Self.appPassword]
    }

    func testSigningInKeepsTheSessionInTheKeyringAndTheAccountInTheList() throws {
        let sandbox = try sandbox()
        let signedIn = try signIn(sandbox)
        XCTAssertEqual(signedIn.code, 0, signedIn.stderr)
        XCTAssertEqual(signedIn.stdout, "Signed in as @alice.bsky.social\n")
        XCTAssertEqual(signedIn.stderr, "")
        XCTAssertEqual(sandbox.requests.map(\.path), ["/xrpc/com.atproto.server.createSession"])
        XCTAssertEqual(sandbox.requests.first?.host, "bsky.social")

        let session = try XCTUnwrap(sandbox.sessions.first)
        let stored = try XCTUnwrap(try sandbox.keyringSecret(network: "bluesky", account: "@alice.bsky.social"))
        let tokens = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: String])
        XCTAssertEqual(tokens["accessJwt"], session["accessJwt"] as? String)
        XCTAssertEqual(tokens["refreshJwt"], session["refreshJwt"] as? String)

        // Signing in again replaces the account: it is listed once.
        XCTAssertEqual(try signIn(sandbox).code, 0)
        let listed = try sandbox.composeWindow(["--accounts"])
        XCTAssertEqual(listed.code, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "bluesky @alice.bsky.social\n")
        // The search finds what it looks for where it is.
        XCTAssertEqual(sandbox.placesHolding([stored], outputs: ["probe": "…" + stored + "…"]), ["probe"])
        XCTAssertEqual(
            sandbox.placesHolding(
                secrets(sandbox),
                outputs: [
                    "sign-in stdout": signedIn.stdout, "sign-in stderr": signedIn.stderr, "--accounts": listed.stdout,
                ]
            ), [])
    }

    func testARefusedAppPasswordExitsOneWithTheServersReasonAndKeepsNothing() throws {
        let sandbox = try sandbox()
        let refused = try signIn(sandbox, password: "not-the-app-password")
        XCTAssertEqual(refused.code, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr, "compose-window: Bluesky refused the sign-in: Invalid identifier or password\n")
        XCTAssertNil(try sandbox.keyringSecret(network: "bluesky", account: "@alice.bsky.social"))
        XCTAssertEqual(try sandbox.composeWindow(["--accounts"]).stdout, "")
        XCTAssertEqual(sandbox.placesHolding(["not-the-app-password"], outputs: ["stderr": refused.stderr]), [])
    }

    func testSigningOutEndsTheSessionAtTheAccountsServerAndForgetsIt() throws {
        let sandbox = try sandbox()
        XCTAssertEqual(try signIn(sandbox).code, 0)
        let signedOut = try sandbox.composeWindow(["--sign-out", "alice.bsky.social"])
        XCTAssertEqual(signedOut.code, 0, signedOut.stderr)
        XCTAssertEqual(signedOut.stdout, "Signed out of @alice.bsky.social\n")
        // deleteSession, on the PDS the DID document names.
        XCTAssertEqual(sandbox.requests.last?.path, "/xrpc/com.atproto.server.deleteSession")
        XCTAssertEqual(sandbox.requests.last?.host, Self.pds)
        XCTAssertEqual(sandbox.sessions.map { $0["ended"] as? Bool }, [true])
        XCTAssertNil(try sandbox.keyringSecret(network: "bluesky", account: "@alice.bsky.social"))
        XCTAssertEqual(try sandbox.composeWindow(["--accounts"]).stdout, "")

        let again = try sandbox.composeWindow(["--sign-out", "@alice.bsky.social"])
        XCTAssertEqual(again.code, 2)
        XCTAssertEqual(again.stderr, "compose-window: no account “@alice.bsky.social” is signed in (see --accounts)\n")
        XCTAssertEqual(sandbox.placesHolding(secrets(sandbox), outputs: ["stdout": signedOut.stdout]), [])
    }

    /// With no Secret Service the sign-in cannot be kept: exit 3 with one line naming what to
    /// install, the session just opened is ended at the server, and nothing is written.
    func testWithNoSecretServiceSigningInExitsThreeAndLeavesNoSession() throws {
        let sandbox = try sandbox(keyring: false)
        let failed = try signIn(sandbox)
        XCTAssertEqual(failed.code, 3)
        XCTAssertEqual(failed.stdout, "")
        XCTAssertTrue(failed.stderr.contains("gnome-keyring"), failed.stderr)
        XCTAssertEqual(failed.stderr.filter { $0 == "\n" }.count, 1, failed.stderr)
        XCTAssertEqual(sandbox.sessions.map { $0["ended"] as? Bool }, [true])
        XCTAssertEqual(try sandbox.composeWindow(["--accounts"]).stdout, "")
        XCTAssertEqual(sandbox.placesHolding(secrets(sandbox), outputs: ["stderr": failed.stderr]), [])
    }

    /// The system's certificate checks decide: a server the trust bundle does not vouch for never
    /// gets the request, let alone the app password.
    func testAServerTheSystemDoesNotTrustIsNeverSentTheAppPassword() throws {
        let sandbox = try sandbox(trusted: false)
        let failed = try signIn(sandbox)
        XCTAssertEqual(failed.code, 3)
        XCTAssertTrue(failed.stderr.hasPrefix("compose-window: cannot reach bsky.social: "), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("TLS"), failed.stderr)
        XCTAssertEqual(sandbox.requests.count, 0)
    }

    /// From a terminal, a dialog asks for the app password (never an argument), and Return in it
    /// signs in.
    func testFromATerminalADialogAsksForTheAppPassword() throws {
        let sandbox = try sandbox()
        // script(1) gives compose-window a terminal for standard input, as a person's shell does.
        let command = ComposeProcess.binary.path + " --sign-in bluesky --handle " + Self.handle
        let run = try ComposeProcess(
            ["-qec", command, "/dev/null"], stateHome: sandbox.home.appendingPathComponent("state"),
            environment: sandbox.environment, launcher: sandbox.launcher("/usr/bin/script"))
        var dialog = ""
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                dialog =
                    Xdotool.run("search", "--onlyvisible", "--name", "^Sign in to Bluesky$")
                    .split(separator: "\n").first.map(String.init) ?? ""
                return !dialog.isEmpty
            }, "no dialog")
        XCTAssertTrue(sandbox.requests.isEmpty, "nothing is sent before the password is given")
        Xdotool.run("windowfocus", "--sync", dialog)
        Xdotool.run("type", "--delay", "20", Self.appPassword)
        Xdotool.run("key", "Return")
        let finished = try XCTUnwrap(run.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertTrue(String(decoding: finished.stdout, as: UTF8.self).contains("Signed in as @alice.bsky.social"))
        XCTAssertNotNil(try sandbox.keyringSecret(network: "bluesky", account: "@alice.bsky.social"))
    }

    /// A redirect is never followed, least of all to plain http: the app password goes to the
    /// address asked and nowhere else.
    func testARedirectToPlainHTTPIsNotFollowed() throws {
        let sandbox = try sandbox()
        try JSONSerialization.data(withJSONObject: [
            [
                "method": "createSession", "status": 302, "json": [:] as [String: Any],
                "location": "http://bsky.social/xrpc/com.atproto.server.createSession",
            ]
        ]).write(to: sandbox.directory.appendingPathComponent("faults.json"), options: .atomic)
        let refused = try signIn(sandbox)
        XCTAssertEqual(refused.code, 3)
        XCTAssertTrue(refused.stderr.contains("HTTP 302"), refused.stderr)
        XCTAssertEqual(sandbox.requests.count, 1, "nothing followed the redirect")
        XCTAssertEqual(try sandbox.composeWindow(["--accounts"]).stdout, "")
    }
}
