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

    /// Opens "Post to" (Alt+T) and picks the item whose mnemonic is `key`; waits for the dialog
    /// titled `title` it opens.
    func openDialog(_ key: String, titled title: String, over window: ComposeProcess) {
        Xdotool.run("key", "alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { window.visibleWindows >= 2 }, "the menu did not open")
        Xdotool.run("key", key)
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^\(title)$").isEmpty)
    }

    /// Once `account` of `network` is signed in from the dialog: it is listed and in the keyring,
    /// the dialog is gone, and Send posts; what it printed.
    func sendAfterSigningIn(
        _ account: String, network: String, in sandbox: NetworkSandbox, window: ComposeProcess
    ) throws -> String {
        XCTAssertTrue(waitUntil(timeout: 30) { self.settings(sandbox).contains(account) })
        XCTAssertTrue(window.waitForWindows(1))
        XCTAssertNotNil(try sandbox.keyringSecret(network: network, account: account))
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        return String(decoding: finished.stdout, as: UTF8.self)
    }

    func testSigningInFromTheMenuThenSendPosts() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.approve)
        let window = try sandbox.window("Signed in from the menu", to: "mastodon")
        openDialog("o", titled: "Mastodon server", over: window)  // Sign in to Mast_odon…
        Xdotool.run("type", "--delay", "20", "mastodon.social")
        window.key("Return")
        let printed = try sendAfterSigningIn(
            "@alice@mastodon.social", network: "mastodon", in: sandbox, window: window)
        XCTAssertEqual(printed, "https://mastodon.social/@alice/110000000000000001\n")
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// Sign in to Bluesky… asks for the handle and the app password in one dialog (typed as a
    /// person types them; the password reaches xdotool on its standard input, never an argument).
    func testSigningInToBlueskyFromTheMenuThenSendPosts() throws {
        let sandbox = try NetworkSandbox(bluesky: ["alice.bsky.social": NetworkSandbox.appPassword])
        let window = try sandbox.window("Signed in to Bluesky from the menu", to: "bluesky")
        openDialog("u", titled: "Sign in to Bluesky", over: window)  // Sign in to Bl_uesky…
        Xdotool.run("type", "--delay", "20", "alice.bsky.social")
        window.key("Tab")
        let typed = try Shell.run(
            "/usr/bin/xdotool", ["type", "--delay", "20", "--file", "-"], input: Data(NetworkSandbox.appPassword.utf8))
        XCTAssertEqual(typed.code, 0, typed.stderr)
        window.key("Return")
        let printed = try sendAfterSigningIn("@alice.bsky.social", network: "bluesky", in: sandbox, window: window)
        XCTAssertTrue(printed.hasPrefix("https://bsky.app/profile/alice.bsky.social/post/"), printed)
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
