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

    /// Sign in to Bluesky… asks for the handle and the app password in one dialog (typed as a
    /// person types them; the password reaches xdotool on its standard input, never an argument).
    func testSigningInToBlueskyFromTheMenuThenSendPosts() throws {
        let sandbox = try NetworkSandbox(bluesky: ["alice.bsky.social": NetworkSandbox.appPassword])
        let window = try sandbox.window("Signed in to Bluesky from the menu", to: "bluesky")
        Xdotool.run("key", "alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { window.visibleWindows >= 2 }, "the menu did not open")
        Xdotool.run("key", "u")  // Sign in to Bl_uesky…
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Sign in to Bluesky$").isEmpty)
        Xdotool.run("type", "--delay", "20", "alice.bsky.social")
        window.key("Tab")
        let typed = try Shell.run(
            "/usr/bin/xdotool", ["type", "--delay", "20", "--file", "-"], input: Data(NetworkSandbox.appPassword.utf8))
        XCTAssertEqual(typed.code, 0, typed.stderr)
        window.key("Return")
        XCTAssertTrue(waitUntil(timeout: 30) { self.settings(sandbox).contains("@alice.bsky.social") })
        XCTAssertTrue(window.waitForWindows(1))
        XCTAssertNotNil(try sandbox.keyringSecret(network: "bluesky", account: "@alice.bsky.social"))
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertTrue(
            String(decoding: finished.stdout, as: UTF8.self).hasPrefix(
                "https://bsky.app/profile/alice.bsky.social/post/"))
        XCTAssertEqual(sandbox.records.count, 1)
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
