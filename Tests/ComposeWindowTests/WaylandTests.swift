import Foundation
import XCTest

/// compose-window on a Wayland desktop with no X server to fall back on (GTK's Wayland backend):
/// it maps, shows its placeholder, takes Latin and Chinese typing, and the compositor's close
/// cancels it. wtype's modifier keys do not reach GTK 3, so Send (Ctrl+Enter) is not driven here:
/// the typed text is read from the draft. Escape is not driven either: GTK 3 matched wtype's
/// Escape to the accelerator only in some key orders (each wtype run brings a new keymap).
final class WaylandTests: XCTestCase {
    var session: WaylandSession!
    var state: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: InstalledTests.binary) else {
            XCTFail("no staged install: run `make test`, which runs `make stage` first")
            throw XCTSkip("nothing staged")
        }
        session = try WaylandSession()
        state = session.home.appendingPathComponent("state")
    }

    override func tearDown() { session?.stop() }

    /// Placeholder colour picked to be found in the screenshot: nothing else in the window is magenta.
    static let placeholderColor = "#ff00ff"

    func launch(_ arguments: [String] = []) throws -> Process {
        try session.launch(
            [InstalledTests.binary, "--placeholder-color", Self.placeholderColor] + arguments,
            environment: ["XDG_STATE_HOME": state.path],
            stdout: session.home.appendingPathComponent("stdout"), stderr: session.home.appendingPathComponent("stderr")
        )
    }

    var stdout: String {
        (try? String(contentsOf: session.home.appendingPathComponent("stdout"), encoding: .utf8)) ?? ""
    }
    var stderr: String {
        (try? String(contentsOf: session.home.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }
    var draft: String? {
        try? String(contentsOf: state.appendingPathComponent("compose-window/drafts/default.txt"), encoding: .utf8)
    }

    func placeholderPixels() throws -> Int {
        let shot = try session.screenshot()
        XCTAssertEqual(shot.width * shot.height * 3, shot.rgb.count)
        var count = 0
        for offset in stride(from: 0, to: shot.rgb.count - 2, by: 3)
        where shot.rgb[offset] > 200 && shot.rgb[offset + 1] < 90 && shot.rgb[offset + 2] > 200 {
            count += 1
        }
        return count
    }

    func exitCode(of process: Process, timeout: Double = 10) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    func testTypingLatinAndChineseOnWayland() throws {
        let window = try launch()
        XCTAssertTrue(
            waitUntil(timeout: 10) { ((try? placeholderPixels()) ?? 0) > 50 }, "the placeholder never showed: \(stderr)"
        )
        try session.type("Hello 你好, Wayland")
        XCTAssertTrue(waitUntil(timeout: 10) { draft == "Hello 你好, Wayland" }, "draft: \(draft ?? "none"); \(stderr)")
        XCTAssertEqual(try placeholderPixels(), 0, "the placeholder stays hidden under typed text")
        // The compositor's close (the title bar's ×, Alt+F4, swaymsg kill) on edited text asks first.
        try session.closeFocusedWindow()
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                ((try? session.windows()) ?? []).filter { $0.appID == "io.github.gtkplaceholder.ComposeWindow" }.count
                    == 2
            },
            "edited text is not dropped without asking: no dialog; \(stderr)")
        XCTAssertTrue(window.isRunning, "edited text is not dropped without asking")
        window.interrupt()  // SIGINT while the dialog is open: cancelled, the draft kept
        XCTAssertEqual(exitCode(of: window), 1, stderr)
        XCTAssertEqual(stdout, "")
        XCTAssertEqual(draft, "Hello 你好, Wayland")
    }

    func testClosingAnUntouchedWindowCancelsOnWayland() throws {
        let window = try launch(["--no-draft"])
        XCTAssertTrue(
            waitUntil(timeout: 10) { ((try? placeholderPixels()) ?? 0) > 50 }, "the window never showed: \(stderr)")
        XCTAssertEqual(try session.focusedAppID(), "io.github.gtkplaceholder.ComposeWindow", "the desktop file's name")
        try session.closeFocusedWindow()
        XCTAssertEqual(exitCode(of: window), 1, stderr)
        XCTAssertEqual(stdout, "")
        XCTAssertEqual(stderr, "")
    }
}
