import Foundation
import XCTest

/// Send with `--to` a network or the clipboard, driven as a person drives it (xdotool) with a fake
/// default browser registered as a desktop registers one: the URI each network gets, the draft
/// removed only after the handoff, nothing on standard output or standard error, the remembered
/// target and Mastodon server, and what happens with no browser at all.
final class SendTargetTests: XCTestCase {
    var state: StateHome!

    override func setUpWithError() throws { state = try StateHome() }

    /// Emoji, CJK, every reserved character, CRLF and a trailing newline, then typed text.
    static let hardText = "分享 😀👨‍👩‍👧 & # + % ? = /\r\nline two\n"

    func launch(_ arguments: [String], desktop: FakeDesktop, stdin: String = "") throws -> ComposeProcess {
        let window = try ComposeProcess(
            arguments, stateHome: state.url, stdin: Data(stdin.utf8), environment: desktop.environment)
        window.waitForWindow()
        return window
    }

    func testEveryNetworkGetsTheTextByteForByteInItsOwnComposePage() throws {
        let expected: [(target: String, prefix: String, parameter: String)] = [
            ("x", "https://x.com/intent/tweet?", "text"),
            ("mastodon", "https://mastodon.social/share?", "text"),
            ("bluesky", "https://bsky.app/intent/compose?", "text"),
            ("weibo", "https://service.weibo.com/share/share.php?", "title"),
        ]
        for (target, prefix, parameter) in expected {
            let desktop = try FakeDesktop()
            let window = try launch(
                ["--to", target, "--instance", "mastodon.social"], desktop: desktop, stdin: Self.hardText)
            window.type(" typed")
            // The draft holds the text before Send (saved a second after the edit)…
            XCTAssertTrue(waitUntil(timeout: 10) { self.state.draft() == Self.hardText + " typed" }, target)
            window.key("ctrl+Return")
            let result = try XCTUnwrap(window.finish(), target)
            XCTAssertEqual(result.code, 0, "\(target): \(result.stderr)")
            XCTAssertEqual(result.stdout, Data(), "\(target): the post never goes to standard output")
            XCTAssertEqual(result.stderr, "", target)
            let uri = try XCTUnwrap(desktop.waitForOpened().first, "\(target): the browser was not started")
            XCTAssertTrue(uri.hasPrefix(prefix), uri)
            let text = try XCTUnwrap(FakeDesktop.parameter(parameter, of: uri), uri)
            XCTAssertEqual(Array(text.utf8), Array((Self.hardText + " typed").utf8), target)
            // …and is gone once the browser has it.
            XCTAssertNil(state.draft(), target)
        }
    }

    /// No browser handles https: the window says so and stays, the text stays in it and in the draft;
    /// standard error gets one line that does not quote the post.
    func testWithNoDefaultBrowserTheWindowAndTheDraftKeepTheText() throws {
        let desktop = try FakeDesktop(browser: false)
        let handler = try Shell.run(
            "/usr/bin/gio", ["mime", "x-scheme-handler/https"], environment: desktop.environment)
        XCTAssertTrue(
            handler.stdout.contains("No default"), "precondition: this machine has a browser: \(handler.stdout)")
        let window = try launch(["--to", "bluesky"], desktop: desktop)
        // Adwaita's info bar background (#F1E6D9), which nothing else in the window has.
        window.type("keep me safe")
        XCTAssertEqual(Self.errorBarPixels(window), 0)
        window.key("ctrl+Return")
        // The failed handoff writes the draft at once.
        XCTAssertTrue(waitUntil(timeout: 5) { self.state.draft() == "keep me safe" })
        XCTAssertTrue(window.isRunning, "the window stays")
        XCTAssertTrue(waitUntil(timeout: 5) { Self.errorBarPixels(window) > 5_000 }, "no error bar")
        window.type(" still here")
        window.signal(SIGTERM)
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(state.draft(), "keep me safe still here")
        XCTAssertEqual(result.stdout, Data())
        XCTAssertTrue(result.stderr.contains("could not hand the post over to Bluesky"), result.stderr)
        XCTAssertFalse(result.stderr.contains("keep me safe"), "the post is not written to standard error")
    }

    /// A content warning cannot go through a compose page: Send says so and the window stays with
    /// it in sight; turned off (Ctrl+Shift+W), the text goes to the browser.
    func testAContentWarningNeverGoesThroughAComposePage() throws {
        let desktop = try FakeDesktop()
        let window = try launch(
            ["--to", "mastodon", "--instance", "mastodon.social", "--cw", "Spoilers"], desktop: desktop,
            stdin: "The ending")
        window.key("ctrl+Return")
        XCTAssertTrue(waitUntil(timeout: 5) { Self.errorBarPixels(window) > 5_000 }, "no error bar")
        XCTAssertTrue(window.isRunning, "the window stays")
        window.key("ctrl+shift+w")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 0, result.stderr)
        let opened = desktop.waitForOpened()
        XCTAssertEqual(opened.count, 1, "one handoff, without the warning")
        XCTAssertEqual(opened.first.flatMap { FakeDesktop.parameter("text", of: $0) }, "The ending")
    }

    /// The window's pixels in the error bar's colour (Adwaita's).
    static func errorBarPixels(_ window: ComposeProcess) -> Int {
        ((try? window.pixels()) ?? []).filter { abs($0.0 - 241) < 4 && abs($0.1 - 230) < 4 && abs($0.2 - 217) < 4 }
            .count
    }

    /// Who may reply cannot go through a compose page either: the bar says so, nothing is handed
    /// off, and once it is Everyone again the text goes.
    func testWhoMayReplyNeverGoesThroughAComposePage() throws {
        let desktop = try FakeDesktop()
        let window = try launch(
            ["--to", "mastodon", "--instance", "mastodon.social", "--who-may-reply", "nobody"], desktop: desktop,
            stdin: "Closed to replies")
        window.key("ctrl+Return")
        XCTAssertTrue(waitUntil(timeout: 5) { Self.errorBarPixels(window) > 5_000 }, "no error bar")
        XCTAssertTrue(window.isRunning, "the window stays")
        XCTAssertTrue(desktop.opened.isEmpty, "nothing handed off")
    }

    /// The server question: an address, a name with a space and an empty answer are refused (the
    /// question stays), a host name is taken, and the next run asks no more.
    func testTheMastodonServerIsAskedOnceAndBadAnswersAreRefused() throws {
        let desktop = try FakeDesktop()
        let first = try launch(["--desktop", "--to", "mastodon", "--no-draft"], desktop: desktop)
        first.type("toot")
        first.key("ctrl+Return")
        let question = Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Mastodon server$")
        XCTAssertFalse(question.isEmpty, "no server question")
        for bad in ["https://x/y", "a b", ""] {
            first.key("ctrl+a", "BackSpace")
            if !bad.isEmpty { Xdotool.run("type", "--delay", "15", bad) }
            first.key("Return")
            if !bad.isEmpty { XCTAssertTrue(first.waitForText(bad), "the question keeps “\(bad)”") }
            XCTAssertTrue(first.isRunning)
            XCTAssertEqual(desktop.opened, [], "“\(bad)” was taken")
        }
        first.key("ctrl+a", "BackSpace")
        Xdotool.run("type", "--delay", "15", "Mastodon.Social")
        first.key("Return")
        XCTAssertEqual(try XCTUnwrap(first.finish()).code, 0)
        XCTAssertEqual(desktop.waitForOpened(), ["https://mastodon.social/share?text=toot"])

        let second = try launch(["--desktop", "--to", "mastodon", "--no-draft"], desktop: desktop)
        second.type("again")
        second.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(second.finish()).code, 0, "no question this time")
        XCTAssertEqual(desktop.waitForOpened(2).last, "https://mastodon.social/share?text=again")
    }

    /// The target chosen in the header bar's menu (Alt+T, then B for Bluesky) is where the next
    /// run from the desktop sends.
    func testTheChosenTargetIsRememberedBetweenRuns() throws {
        let desktop = try FakeDesktop()
        let first = try launch(["--desktop", "--no-draft"], desktop: desktop)
        chooseInTargetMenu("b") { first.visibleWindows }
        first.key("Escape")  // an empty text: Cancel closes at once
        XCTAssertEqual(try XCTUnwrap(first.finish()).code, 1)

        let second = try launch(["--desktop", "--no-draft"], desktop: desktop)
        second.type("remembered")
        second.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(second.finish()).code, 0)
        XCTAssertEqual(desktop.waitForOpened(), ["https://bsky.app/intent/compose?text=remembered"])
    }

    /// Switching networks in the window recounts by the new network's rule and limit.
    func testChoosingANetworkCountsByItsRule() throws {
        let desktop = try FakeDesktop()
        // 300 CJK characters: 300/300 on Bluesky, 600 of X's 280 (over: Send disabled).
        let text = String(repeating: "中", count: 300)
        let window = try launch(["--to", "bluesky", "--no-draft"], desktop: desktop, stdin: text)
        chooseInTargetMenu("x") { window.visibleWindows }
        window.key("ctrl+Return")  // refused: over X's limit
        chooseInTargetMenu("b") { window.visibleWindows }
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish()).code, 0)
        let opened = desktop.waitForOpened()
        XCTAssertEqual(opened.count, 1)
        XCTAssertTrue(opened.first?.hasPrefix("https://bsky.app/") == true, "\(opened)")
    }

    /// Whether a process whose command line holds `marker` runs (the clipboard's windowless copy).
    static func running(_ marker: String) -> Bool {
        ((try? Shell.run("/usr/bin/pgrep", ["-f", marker]).stdout) ?? "").contains { $0.isNumber }
    }

    static func pasted() throws -> String {
        try Shell.run(
            "/usr/bin/timeout", ["5", "/usr/bin/xclip", "-o", "-selection", "clipboard", "-t", "UTF8_STRING"]
        ).stdout
    }

    /// With no clipboard manager (none runs under this Xvfb): the caller gets exit 0 and nothing on
    /// standard output at once, the text stays pasteable after the window has closed, and once
    /// something else is copied nothing of ours is left running.
    func testTheClipboardKeepsTheTextAfterTheWindowHasClosed() throws {
        let desktop = try FakeDesktop()
        let marker = "clipboard-\(UUID().uuidString)"
        let window = try launch(["--to", "clipboard", "--title", marker], desktop: desktop, stdin: Self.hardText)
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, Data())
        XCTAssertEqual(result.stderr, "")
        XCTAssertNil(state.draft(), "the clipboard holds the text: the draft is removed")
        XCTAssertTrue(Self.running(marker), "nothing serves the clipboard")
        XCTAssertEqual(Array(try Self.pasted().utf8), Array(Self.hardText.utf8))
        XCTAssertEqual(
            Xdotool.run("search", "--onlyvisible", "--name", marker), "", "the serving process shows no window")

        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        other.arguments = ["-quiet", "-selection", "clipboard"]
        let input = Pipe()
        other.standardInput = input
        other.standardOutput = FileHandle.nullDevice
        other.standardError = FileHandle.nullDevice
        try other.run()
        defer { other.terminate() }
        try input.fileHandleForWriting.write(contentsOf: Data("something else".utf8))
        try input.fileHandleForWriting.close()
        XCTAssertTrue(waitUntil(timeout: 10) { !Self.running(marker) }, "still running after another copy")
        XCTAssertEqual(try Self.pasted(), "something else")
    }
}
