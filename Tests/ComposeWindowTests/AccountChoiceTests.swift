import Foundation
import XCTest

/// `--account`: with two Bluesky accounts signed in, Send posts with the one named (without `--to`
/// its network is the target); an account that is not signed in, or of another network than
/// `--to`, is a usage error before any window.
final class AccountChoiceTests: SandboxTestCase {
    func testSendPostsWithTheAccountNamed() throws {
        let sandbox = try NetworkSandbox(bluesky: [
            "alice.bsky.social": "alice-app-pw", "bob.bsky.social": "bob-app-pw",
        ])
        for (handle, password) in [("alice.bsky.social", "alice-app-pw"), ("bob.bsky.social", "bob-app-pw")] {
            let signedIn = try sandbox.composeWindow(["--sign-in", "bluesky", "--handle", handle], stdin: password)
            XCTAssertEqual(signedIn.code, 0, signedIn.stderr)
        }
        XCTAssertEqual(
            try sandbox.composeWindow(["--accounts"]).stdout, "bluesky @alice.bsky.social\nbluesky @bob.bsky.social\n")
        let window = try ComposeProcess(
            ["--account", "@bob.bsky.social", "--no-spell"], stateHome: sandbox.home.appendingPathComponent("state"),
            stdin: Data("From Bob".utf8), environment: sandbox.environment,
            launcher: sandbox.launcher(ComposeProcess.binary.path))
        XCTAssertTrue(window.waitForWindow())
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let uri = try XCTUnwrap(sandbox.records.first?["uri"] as? String)
        XCTAssertTrue(uri.hasPrefix("at://did:plc:bobxxxxxxxxxxxxxxxxxxxxx/"), uri)
        XCTAssertTrue(
            String(decoding: finished.stdout, as: UTF8.self).hasPrefix("https://bsky.app/profile/bob.bsky.social/post/")
        )
    }

    func testAnAccountNotSignedInOrOfAnotherNetworkIsAUsageError() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let unknown = try sandbox.composeWindow(["--account", "@carol.bsky.social"])
        XCTAssertEqual(unknown.code, 2)
        XCTAssertEqual(
            unknown.stderr, "compose-window: --account: no account “@carol.bsky.social” is signed in (see --accounts)\n"
        )
        let mismatched = try sandbox.composeWindow(["--account", "@alice.bsky.social", "--to", "mastodon"])
        XCTAssertEqual(mismatched.code, 2)
        XCTAssertTrue(mismatched.stderr.contains("not for --to mastodon"), mismatched.stderr)
    }
}
