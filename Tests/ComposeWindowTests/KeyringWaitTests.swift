import Foundation
import PlaceholderXProbe
import XCTest

/// The main thread never waits on the keyring (a D-Bus service) or on a sign-in: with
/// gnome-keyring stopped in its tracks (SIGSTOP, the slowest a keyring can be), the window still
/// answers keys at once; and while the browser is asked, the person goes on writing, Send waits,
/// and Stop ends the sign-in.
final class KeyringWaitTests: SandboxTestCase {
    /// Send asks the keyring for the account's token and the keyring never answers: Cancel still
    /// closes the window at once, the post kept (exit 4). A synchronous lookup would hold the main
    /// loop for libsecret's D-Bus timeout (25 s).
    func testCancelIsAnsweredWhileTheKeyringIsStuck() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let keyring = try XCTUnwrap(sandbox.keyringDaemon, "no gnome-keyring-daemon in the sandbox")
        let window = try sandbox.window("Waiting for the keyring", to: "mastodon")
        kill(keyring, SIGSTOP)
        defer { kill(keyring, SIGCONT) }
        window.key("ctrl+Return")
        // The outbox is written before the keyring is asked.
        XCTAssertTrue(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: sandbox.outboxFile.path) })
        window.key("Escape")
        let finished = try XCTUnwrap(window.finish(timeout: 5), "Cancel waited for the keyring")
        XCTAssertEqual(finished.code, 4, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 0)
    }

    /// Signing in to Bluesky from the menu while the keyring is stuck: the session is made, its
    /// tokens wait for the keyring, and meanwhile every keystroke is drawn within 50 ms (measured
    /// from outside, XTest in, XDamage out). Send waits for the sign-in; once the keyring answers,
    /// Send posts what was typed, once.
    func testTypingNeverWaitsForASlowKeyringWhileSigningIn() throws {
        XCTAssertEqual(xprobe_open(), 1, "no X display with XTest and Damage")
        defer { xprobe_close_display() }
        let handle = "alice.bsky.social"
        let sandbox = try NetworkSandbox(bluesky: [handle: NetworkSandbox.appPassword])
        let keyring = try XCTUnwrap(sandbox.keyringDaemon, "no gnome-keyring-daemon in the sandbox")
        defer { kill(keyring, SIGCONT) }
        let configuration = sandbox.home.appendingPathComponent("config/gtk-3.0")
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        // No blinking caret: every frame after a key is that key's.
        try "[Settings]\ngtk-cursor-blink=false\n".write(
            to: configuration.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { $1 }
        environment["XDG_STATE_HOME"] = sandbox.home.appendingPathComponent("state").path
        environment["NO_AT_BRIDGE"] = "1"
        environment["GTK_IM_MODULE"] = "gtk-im-context-simple"
        let argv = sandbox.launcher(ComposeProcess.binary.path) + ["--to", "bluesky", "--no-spell"]
        var launched = xprobe_launch_result()
        XCTAssertEqual(
            XProbe.launch(argv, environment: environment, result: &launched), 0, "the window did not open")
        defer { xprobe_stop(launched.pid) }
        _ = xprobe_settle(launched.pid, 500, 5, 60)
        let windows = { Xdotool.run("search", "--onlyvisible", "--pid", String(launched.pid)).split(separator: "\n") }

        Xdotool.run("key", "alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { windows().count >= 2 }, "the menu did not open")
        Xdotool.run("key", "u")  // Sign in to Bl_uesky…
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Sign in to Bluesky$").isEmpty)
        Xdotool.run("type", "--delay", "20", handle)
        Xdotool.run("key", "Tab")
        let typedPassword = try Shell.run(
            "/usr/bin/xdotool", ["type", "--delay", "20", "--file", "-"], input: Data(NetworkSandbox.appPassword.utf8))
        XCTAssertEqual(typedPassword.code, 0, typedPassword.stderr)
        kill(keyring, SIGSTOP)
        Xdotool.run("key", "Return")
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.sessions.count == 1 }, "the PDS made no session")
        XCTAssertTrue(waitUntil(timeout: 10) { windows().count == 1 }, "the dialog stayed")
        // The window redraws as the dialog goes: typing starts once that is done, or on a busy
        // machine the first key's frame is lost among the redraw's (CI saw one key "unanswered").
        _ = xprobe_settle(launched.pid, 500, 5, 30)

        // The tokens are on their way to the stopped keyring: type.
        let text = "typed while the keyring is asked for the tokens"
        var latencies = [Double](repeating: .nan, count: text.utf8.count)
        var typed = xprobe_typing_result()
        XCTAssertEqual(xprobe_type(launched.pid, launched.window, text, 30, 1_500, &latencies, &typed), 0)
        XCTAssertEqual(typed.unanswered, 0, "keys went unanswered while the keyring was asked")
        let longest = latencies.max() ?? .infinity
        print("keyring-wait: longest keystroke to frame \(longest) ms")
        XCTAssertLessThan(longest, 50, "a keystroke waited for the keyring: \(latencies)")
        Xdotool.run("key", "ctrl+Return")  // Send waits for the sign-in: nothing goes

        kill(keyring, SIGCONT)
        XCTAssertTrue(
            waitUntil(timeout: 30) { (try? sandbox.keyringSecret(network: "bluesky", account: "@" + handle)) != nil },
            "the tokens never reached the keyring")
        XCTAssertTrue(waitUntil(timeout: 10) { kill(launched.pid, 0) == 0 })
        XCTAssertEqual(sandbox.records.count, 0, "Send posted during the sign-in")
        Xdotool.run("key", "ctrl+Return")
        XCTAssertTrue(waitUntil(timeout: 30) { sandbox.records.count == 1 }, "Send did not post once signed in")
        XCTAssertEqual(sandbox.records.map { ($0["value"] as? [String: Any])?["text"] as? String }, [text])
    }

    /// While the browser asks (and the person walks away from it): writing goes on, Send waits, Stop
    /// ends the sign-in and closes the loopback port, and Send works again.
    func testWhileSigningInSendWaitsAndStopEndsIt() throws {
        let sandbox = try NetworkSandbox()
        try sandbox.registerBrowser(.ignore)
        let window = try sandbox.window("Written", to: "mastodon")
        Xdotool.run("key", "alt+t")
        XCTAssertTrue(waitUntil(timeout: 10) { window.visibleWindows >= 2 }, "the menu did not open")
        Xdotool.run("key", "o")  // Sign in to Mast_odon…
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Mastodon server$").isEmpty)
        Xdotool.run("type", "--delay", "20", "mastodon.social")
        window.key("Return")
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.browserLines("opened").count == 1 }, "no browser")
        let opened = try XCTUnwrap(sandbox.browserLines("opened").first)
        let redirect = try XCTUnwrap(
            URLComponents(string: opened)?.queryItems?.first { $0.name == "redirect_uri" }?.value)
        let port = try XCTUnwrap(URLComponents(string: redirect)?.port)
        XCTAssertTrue(listening(on: port, in: sandbox))

        window.type(" while the browser asks")
        XCTAssertTrue(window.waitForText("Written while the browser asks"))
        window.key("ctrl+Return")  // waits for the sign-in
        if let shot = ProcessInfo.processInfo.environment["KEYRING_WAIT_SCREENSHOT"] {
            _ = try? Shell.run("/usr/bin/import", ["-window", "root", shot])
        }
        window.key("alt+p")  // Sto_p
        XCTAssertTrue(waitUntil(timeout: 10) { !self.listening(on: port, in: sandbox) }, "the listener stayed open")
        XCTAssertTrue(window.isRunning, "Send went during the sign-in")
        // No account: Send hands the post to the browser's compose page, asking for the server.
        window.key("ctrl+Return")
        XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Mastodon server$").isEmpty)
        Xdotool.run("type", "--delay", "20", "mastodon.social")
        window.key("Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let lines = sandbox.browserLines("opened")
        XCTAssertEqual(lines.count, 2, "\(lines)")
        XCTAssertTrue(lines.last?.contains("mastodon.social/share") == true, "\(lines)")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/oauth/token" }.count, 0)
    }

    /// Whether something accepts connections on 127.0.0.1:`port` inside the sandbox.
    private func listening(on port: Int, in sandbox: NetworkSandbox) -> Bool {
        let command =
            sandbox.launcher("/usr/bin/python3") + [
                "-c", "import socket, sys; socket.create_connection(('127.0.0.1', int(sys.argv[1])), 2)", String(port),
            ]
        return (try? Shell.run(command[0], Array(command.dropFirst())))?.code == 0
    }
}

extension NetworkSandbox {
    /// The sandbox's gnome-keyring-daemon (a descendant of its script), to slow down from outside.
    var keyringDaemon: pid_t? {
        var pending = [scriptPID]
        while let pid = pending.popLast() {
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            if name == "gnome-keyring-d\n" { return pid }
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let children =
                    (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                pending += children.split(separator: " ").compactMap { pid_t($0) }
            }
        }
        return nil
    }
}

/// xprobe_launch with Swift's arrays.
enum XProbe {
    static func launch(_ argv: [String], environment: [String: String], result: inout xprobe_launch_result) -> Int32 {
        withCStrings(argv) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                xprobe_launch(argv, envp, "/dev/null", 30, &result)
            }
        }
    }

    static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
