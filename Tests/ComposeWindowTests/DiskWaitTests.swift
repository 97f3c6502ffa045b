import Foundation
import PlaceholderXProbe
import XCTest

/// The main thread never waits on a disk: every fsync delayed by half a second (strace, from
/// outside the app, as a slow disk would), keystrokes typed through XTest still reach the window
/// and are drawn at once while the draft is being saved.
final class DiskWaitTests: XCTestCase {
    func testTypingNeverWaitsForTheDraftsSlowDisk() throws {
        XCTAssertEqual(xprobe_open(), 1, "no X display with XTest and Damage")
        defer { xprobe_close_display() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("disk-\(UUID().uuidString)")
        let configuration = scratch.appendingPathComponent("config/gtk-3.0")
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // No blinking caret: every frame after a key is that key's.
        try "[Settings]\ngtk-cursor-blink=false\n".write(
            to: configuration.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        environment["XDG_STATE_HOME"] = scratch.appendingPathComponent("state").path
        environment["NO_AT_BRIDGE"] = "1"
        let argv = [
            "/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=fsync",
            "-e", "inject=fsync:delay_enter=500000", ComposeProcess.binary.path, "--no-spell",
        ]
        var launched = xprobe_launch_result()
        let status = XProbe.launch(argv, environment: environment, result: &launched)
        XCTAssertEqual(status, 0, "the window did not open")
        guard status == 0 else { return }
        defer {
            // strace lets its child go on when it is stopped: the window is ended first.
            let children =
                (try? String(contentsOfFile: "/proc/\(launched.pid)/task/\(launched.pid)/children", encoding: .utf8))
                ?? ""
            for child in children.split(separator: " ").compactMap({ pid_t($0) }) { xprobe_stop(child) }
            xprobe_stop(launched.pid)
        }
        _ = xprobe_settle(launched.pid, 500, 5, 60)
        // 90 keys, one every 30 ms: the draft is saved (and fsynced, half a second each) twice or more.
        var text = ""
        for index in 0..<90 {
            text.unicodeScalars.append(index % 6 == 5 ? " " : UnicodeScalar(UInt8(97 + index % 26)))
        }
        var latencies = [Double](repeating: .nan, count: text.utf8.count)
        var typed = xprobe_typing_result()
        XCTAssertEqual(xprobe_type(launched.pid, launched.window, text, 30, 1_500, &latencies, &typed), 0)
        let draft = scratch.appendingPathComponent("state/compose-window/drafts/default.txt")
        XCTAssertTrue(
            waitUntil(timeout: 10) { (try? String(contentsOf: draft, encoding: .utf8)) == text },
            "the draft was written, through the slow disk")
        XCTAssertEqual(typed.unanswered, 0, "keys with no frame within a second: \(latencies)")
        let longest = latencies.max() ?? .infinity
        print(
            "disk-wait: longest keystroke to frame \(longest) ms, median \(latencies.sorted()[latencies.count / 2]) ms")
        XCTAssertLessThan(longest, 50, "a keystroke waited for the disk: \(latencies)")
    }
}
