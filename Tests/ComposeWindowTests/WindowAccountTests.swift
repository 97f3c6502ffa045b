import Foundation
import XCTest

/// The "Post to" menu has what the command line has: sign in (the server asked, then the browser),
/// the accounts, sign out. Driven as a person does it, with the keyboard.
final class WindowAccountTests: SandboxTestCase {
    /// What GSettings keeps (the keyfile backend) says about the accounts.
    func settings(_ sandbox: NetworkSandbox) -> String {
        (try? String(
            contentsOf: sandbox.home.appendingPathComponent("config/glib-2.0/settings/keyfile"), encoding: .utf8)) ?? ""
    }

    func testSigningInFromTheMenuThenSendPosts() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.approve)
        let window = try sandbox.window("Signed in from the menu", to: "mastodon")
        Xdotool.run("key", "alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { window.visibleWindows >= 2 }, "the menu did not open")
        Xdotool.run("key", "o")  // Sign in to Mast_odon…
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Mastodon server$").isEmpty)
        Xdotool.run("type", "--delay", "20", "mastodon.social")
        window.key("Return")
        XCTAssertTrue(waitUntil(timeout: 30) { self.settings(sandbox).contains("@alice@mastodon.social") })
        XCTAssertTrue(window.waitForWindows(1))
        XCTAssertNotNil(try sandbox.keyringSecret(network: "mastodon", account: "@alice@mastodon.social"))
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            String(decoding: finished.stdout, as: UTF8.self), "https://mastodon.social/@alice/110000000000000001\n")
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    func testSigningOutFromTheMenuRevokesTheToken() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let window = try sandbox.window("Signing out", to: "mastodon")
        chooseInTargetMenu("g") { window.visibleWindows }  // Sign out of @alice@mastodon.social
        XCTAssertTrue(waitUntil(timeout: 30) { !self.settings(sandbox).contains("@alice@mastodon.social") })
        XCTAssertEqual((sandbox.state["tokens"] as? [[String: Any]])?.map { $0["revoked"] as? Bool }, [true])
        XCTAssertNil(try sandbox.keyringSecret(network: "mastodon", account: "@alice@mastodon.social"))
        window.key("Escape")
        XCTAssertEqual(window.finish(timeout: 30)?.code, 1)
    }
}
