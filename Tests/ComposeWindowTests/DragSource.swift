import Foundation
import XCTest

/// Another program's drag (Tests/Support/Desktop/drag-source.py): a file manager's files, a browser's
/// picture or link. The pointer drags it from its window onto the compose window with xdotool, as a
/// person's hand would, and lets go once the text view says it would take it.
final class DragSource: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    /// Where its window sits, clear of the compose window at the screen's top left.
    static let origin = (x: 900, y: 700)

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [Shell.packageRoot.appendingPathComponent("Tests/Support/Desktop/drag-source.py").path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "DRAG_SOURCE_AT": "\(Self.origin.x),\(Self.origin.y)"
        ]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.lines += text.split(separator: "\n").map(String.init) }
        }
        try process.run()
        XCTAssertTrue(waitFor("ready"), "the drag source's window did not show")
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    func waitFor(_ line: String, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout) { lock.withLock { lines.contains { $0.hasPrefix(line) } } }
    }

    /// Drags from this window onto the middle of `window`'s text, and drops.
    func drop(on window: ComposeProcess, file: StaticString = #filePath, line: UInt = #line) {
        let geometry = Xdotool.run("getwindowgeometry", "--shell", window.windowID)
        let value = { (name: String) in
            geometry.split(separator: "\n").first { $0.hasPrefix(name + "=") }.flatMap {
                Int($0.dropFirst(name.count + 1))
            } ?? 0
        }
        let (x, y) = (value("X") + value("WIDTH") / 2, value("Y") + value("HEIGHT") / 3)
        Xdotool.run("mousemove", "--sync", String(Self.origin.x + 50), String(Self.origin.y + 50))
        Xdotool.run("mousedown", "1")
        // Past GTK's drag threshold, then over the text.
        Xdotool.run("mousemove", "--sync", String(Self.origin.x + 70), String(Self.origin.y + 70))
        var nudge = 0
        let accepted = waitUntil(timeout: 10) {
            // Each motion is an XDND position the text view answers; it says yes once it has seen one.
            nudge = 1 - nudge
            Xdotool.run("mousemove", "--sync", String(x + nudge), String(y))
            return lock.withLock { lines.contains("accepted") }
        }
        Xdotool.run("mouseup", "1")
        XCTAssertTrue(accepted, "the text view would not take the drop", file: file, line: line)
        XCTAssertTrue(waitFor("drag ended"), "the drag did not end", file: file, line: line)
        // A person clicks back into the window to go on typing (no window manager here gives it back).
        Xdotool.run("windowfocus", "--sync", window.windowID)
        XCTAssertFalse(
            lock.withLock { lines.contains { $0.hasPrefix("dropped FAILED") } }, "the drop failed", file: file,
            line: line)
    }
}
