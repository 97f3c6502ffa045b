import Foundation
import XCTest

/// The real compose-window binary, driven as a person or a script would: arguments, standard
/// input, xdotool keystrokes to its X window, signals; then its exit code, stdout and stderr.
final class ComposeProcess: @unchecked Sendable {
    /// COMPOSE_WINDOW_INSTALLED=1 (`make test-installed`): the tests drive compose-window as
    /// installed (the staged `make install` tree) with the Swift toolchain out of sight.
    static let installed = ProcessInfo.processInfo.environment["COMPOSE_WINDOW_INSTALLED"] == "1"

    static var binary: URL {
        if installed { return URL(fileURLWithPath: InstalledTests.binary) }
        // The test bundle sits next to the products of the same build.
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("compose-window")
    }

    /// `command` with the toolchain hidden when the installed app is tested: inside the sandbox's
    /// namespaces when it enters them (nsenter … --), else around the whole command.
    static func asInstalled(_ command: [String]) throws -> [String] {
        guard installed else { return command }
        let hiding = try InstalledTests.withoutToolchain()
        if command.first == "/usr/bin/nsenter", let end = command.firstIndex(of: "--") {
            return Array(command[...end]) + hiding + command[command.index(after: end)...]
        }
        return hiding + command
    }

    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let input = Pipe()
    private(set) var windowID = ""
    /// Launched through strace (the launcher names it).
    private let traced: Bool
    private var stdoutData = Data()
    private var stderrData = Data()
    private let stderrLock = NSLock()
    private let readers = DispatchGroup()
    private let exited = DispatchSemaphore(value: 0)

    /// `launcher`: run the binary through this command line instead (its last word is followed by the
    /// binary's arguments), e.g. to hide the Swift toolchain from an installed compose-window.
    init(
        _ arguments: [String], stateHome: URL, stdin: Data = Data(), environment extra: [String: String] = [:],
        launcher: [String]? = nil
    ) throws {
        TestWatchdog.start()
        // strace and faketime run the app as their child.
        traced = launcher?.contains { ["/usr/bin/strace", "/usr/bin/faketime"].contains($0) } == true
        let command = try Self.asInstalled(launcher ?? [Self.binary.path])
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateHome.path
        environment["NO_AT_BRIDGE"] = "1"
        environment["GTK_IM_MODULE"] = "gtk-im-context-simple"
        environment.removeValue(forKey: "G_DEBUG")
        environment["G_DEBUG"] = "fatal-criticals"
        for (key, value) in extra { environment[key] = value }
        // Installed under /usr, its schema would be in the system's data; staged, it is here.
        if Self.installed {
            environment["XDG_DATA_DIRS"] =
                InstalledTests.stage.appendingPathComponent("usr/share").path + ":/usr/local/share:/usr/share"
        }
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        readers.enter()
        DispatchQueue.global().async { [self] in
            stdoutData = output.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
        readers.enter()
        DispatchQueue.global().async { [self] in
            // As it comes: a test may wait for a line while the window is still open.
            while case let chunk = errors.fileHandleForReading.availableData, !chunk.isEmpty {
                stderrLock.withLock { stderrData.append(chunk) }
            }
            readers.leave()
        }
        try input.fileHandleForWriting.write(contentsOf: stdin)
        try input.fileHandleForWriting.close()
    }

    /// Waits for the window to be mapped and gives it the keyboard focus (no window manager here).
    @discardableResult
    func waitForWindow(file: StaticString = #filePath, line: UInt = #line) -> Bool {
        // With a deadline: a process that exits without mapping a window would leave --sync waiting.
        let found =
            (try? Shell.run(
                "/usr/bin/timeout",
                ["30", "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--pid", String(applicationPID)]))?
            .stdout ?? ""
        windowID = found.split(separator: "\n").first.map(String.init) ?? ""
        guard !windowID.isEmpty else {
            XCTFail("no window appeared", file: file, line: line)
            return false
        }
        // X queues the focus-in before any keystroke sent after this: no pause needed.
        Xdotool.run("windowfocus", "--sync", windowID)
        if Self.installed { checkRunsAsInstalled(file: file, line: line) }
        return true
    }

    /// Gives the window the keyboard focus again after a dialog of its own closed, as a window
    /// manager does (without one, X gives the keys to whatever is under the pointer).
    func focusWindowAgain() { Xdotool.run("windowfocus", "--sync", windowID) }

    /// The window is the staged install's binary, and the toolchain is out of its sight (an empty
    /// tmpfs over it in its mount namespace).
    private func checkRunsAsInstalled(file: StaticString, line: UInt) {
        let pid = applicationPID
        let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        XCTAssertEqual(exe, InstalledTests.binary, "not the installed binary", file: file, line: line)
        let mounts = (try? String(contentsOfFile: "/proc/\(pid)/mountinfo", encoding: .utf8)) ?? ""
        let toolchain = InstalledTests.toolchainDirectory ?? "?"
        XCTAssertTrue(
            mounts.split(separator: "\n").contains { $0.contains(" \(toolchain) ") && $0.contains(" - tmpfs ") },
            "the toolchain is in sight", file: file, line: line)
    }

    func type(_ text: String) {
        Xdotool.run("type", "--delay", "15", "--window", windowID, text)
    }

    /// Types `text` after `existing` one character at a time, waiting for each to arrive. xdotool
    /// sends a character the keyboard lacks by remapping a spare keycode, and a window still busy
    /// with the one before (loading a CJK fallback font) may read the key after the remap is undone:
    /// "fits 中文" once arrived as "fits 中". The selection's round trip proves every key sent before
    /// it was handled, so a character it shows missing was lost, never late: it is typed again
    /// (three tries).
    @discardableResult
    func typeEachCharacter(_ text: String, after existing: String, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        var typed = existing
        for character in text {
            let before = typed
            typed.append(character)
            var shown = before
            for _ in 0..<3 where shown == before {
                type(String(character))
                shown = textShown(becoming: typed, timeout: 5)
            }
            guard shown == typed else {
                XCTFail(
                    "the window holds \(shown.debugDescription), not \(typed.debugDescription)", file: file, line: line)
                return false
            }
        }
        return true
    }

    /// Sends keys; a test that needs their effect waits for it (`waitForText`, `waitForWindows`,
    /// a draft, the exit).
    func key(_ keys: String...) {
        Xdotool.run(["key", "--delay", "60"] + keys)
    }

    /// Waits until the text view holds `expected`, which also proves every key sent before was
    /// handled: Ctrl+A selects the text, which makes the window the owner of the PRIMARY selection,
    /// and GTK answers a selection request in order with the keys before it. Ctrl+End then puts the
    /// caret back at the end, the selection gone. (For a non-empty text in the focused compose window.)
    @discardableResult
    func waitForText(_ expected: String, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        let shown = textShown(becoming: expected, timeout: timeout)
        guard shown == expected else {
            XCTFail(
                "the window holds \(shown.debugDescription), not \(expected.debugDescription)", file: file, line: line)
            return false
        }
        return true
    }

    /// The text the window holds once it is `expected`, or when `timeout` seconds have passed.
    private func textShown(becoming expected: String, timeout: Double) -> String {
        var last = ""
        // Ctrl+A again on each try: keys sent before may move the focus (a button's mnemonic is
        // clicked a moment later), and selecting everything twice changes nothing.
        _ = waitUntil(timeout: timeout) {
            key("ctrl+a")
            last =
                (try? Shell.run("/usr/bin/timeout", ["5", "/usr/bin/xclip", "-o", "-selection", "primary"]))?.stdout
                ?? ""
            return last == expected || !isRunning
        }
        key("ctrl+End")
        return last
    }

    /// The process's mapped windows: the compose window, and a dialog or menu while one is open.
    var visibleWindows: Int {
        // Not GTK's 1x1 window off the screen, which a drop (GtkInvisible, for the selection) maps.
        Xdotool.run("search", "--onlyvisible", "--pid", String(applicationPID))
            .split(separator: "\n").filter { id in
                !Xdotool.run("getwindowgeometry", "--shell", String(id)).contains("WIDTH=1\nHEIGHT=1\n")
            }.count
    }

    /// Waits until the process shows `count` windows (a dialog opened or closed).
    @discardableResult
    func waitForWindows(_ count: Int, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout) { visibleWindows == count }
    }

    /// The compose-window process: the one launched, or, when strace or faketime was launched in
    /// front of it, their child (waited for: it may not have been started yet).
    var applicationPID: pid_t {
        let pid = process.processIdentifier
        guard traced else { return pid }
        // strace forks short-lived probes of its own first: the child that became compose-window.
        var child: pid_t?
        _ = waitUntil(timeout: 10) {
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            child = children.split(separator: " ").compactMap { pid_t($0) }.first { candidate in
                (try? String(contentsOfFile: "/proc/\(candidate)/comm", encoding: .utf8)) == "compose-window\n"
            }
            return child != nil
        }
        return child ?? pid
    }

    /// What the window has written to stderr so far.
    var stderrSoFar: String { stderrLock.withLock { String(decoding: stderrData, as: UTF8.self) } }

    /// Waits until the window has written `text` to stderr (it goes on running).
    func waitForStderr(containing text: String, timeout: Double = 10) -> Bool {
        waitUntil(timeout: timeout) { stderrSoFar.contains(text) }
    }

    var windowTitle: String { Xdotool.run("getwindowname", windowID).trimmingCharacters(in: .newlines) }

    /// Whether WM_CLASS names the window `name`, as instance and as class.
    func hasWindowClass(_ name: String) -> Bool {
        let pattern = "^" + name.replacingOccurrences(of: ".", with: "\\.") + "$"
        return ["--classname", "--class"].allSatisfy { option in
            Xdotool.run("search", option, pattern).split(separator: "\n").contains { $0 == windowID }
        }
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Exit code, stdout bytes, stderr text; nil if it did not exit within `timeout` seconds.
    func finish(timeout: Double = 10) -> (code: Int32, stdout: Data, stderr: String)? {
        guard exited.wait(timeout: .now() + timeout) == .success else {
            process.terminate()
            return nil
        }
        readers.wait()
        return (
            process.terminationStatus, stdoutData, stderrLock.withLock { String(decoding: stderrData, as: UTF8.self) }
        )
    }

    var isRunning: Bool { process.isRunning }

    /// The window's pixels as the X server shows them (ImageMagick's `import`), as RGB triples.
    func pixels() throws -> [(Int, Int, Int)] {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: shot) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        convert.arguments = ["-window", windowID, "-depth", "8", "txt:" + shot.path]
        try convert.run()
        convert.waitUntilExit()
        // ImageMagick's txt: format, one pixel per line: "x,y: (r,g,b)  #RRGGBB  …"
        return try String(contentsOf: shot, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let hash = line.range(of: "#") else { return nil }
            let hex = line[hash.upperBound...].prefix(6)
            guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
            return (value >> 16, (value >> 8) & 0xff, value & 0xff)
        }
    }
}

enum Xdotool {
    @discardableResult
    static func run(_ arguments: String...) -> String { run(arguments) }

    @discardableResult
    static func run(_ arguments: [String]) -> String {
        (try? Shell.run("/usr/bin/xdotool", arguments))?.stdout ?? ""
    }
}

/// A fresh XDG_STATE_HOME per test, and where its draft lives.
struct StateHome {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("compose-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func draftURL(_ name: String = "default") -> URL {
        url.appendingPathComponent("compose-window/drafts/\(name).txt")
    }

    func draft(_ name: String = "default") -> String? { try? String(contentsOf: draftURL(name), encoding: .utf8) }

    func writeDraft(_ text: String, name: String = "default") throws {
        try FileManager.default.createDirectory(
            at: draftURL(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: draftURL(name), atomically: true, encoding: .utf8)
    }
}
