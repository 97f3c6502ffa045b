import Foundation
import XCTest

/// The installed .desktop file (the staged `make install`), launched the way a desktop launches it:
/// `gio launch` for the icon, GIO's `launch_action` for a dock's "New Post to …" entries. The
/// launcher's standard output and error are read to their end: the post is on neither.
final class DesktopLaunchTests: XCTestCase {
    static let desktopFile = InstalledTests.stage.appendingPathComponent(
        "usr/share/applications/\(InstalledTests.appID).desktop")
    var state: StateHome!

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.desktopFile.path) else {
            XCTFail("no staged install: run `make test`, which runs `make stage` first")
            throw XCTSkip("nothing staged")
        }
        state = try StateHome()
    }

    /// A window a failed test left open would take the next test's keys.
    override func tearDown() {
        _ = try? Shell.run("/usr/bin/pkill", ["-f", "compose-window --desktop"])
    }

    static let classPattern = "^" + InstalledTests.appID.replacingOccurrences(of: ".", with: "\\.") + "$"

    /// The app's mapped windows: the compose window, and its menu or a dialog while one is open.
    func visibleWindows() -> Int {
        Xdotool.run("search", "--onlyvisible", "--class", Self.classPattern).split(separator: "\n").count
    }

    /// Picks a target in the header bar's menu (Alt+T, then the item's mnemonic), waiting for the
    /// menu to open before the letter and to close after it.
    func choose(_ mnemonic: String) { chooseInTargetMenu(mnemonic, windows: visibleWindows) }

    /// A launcher process (gio or Python's GIO) whose standard output and error the launched
    /// window inherits, as a session's launcher hands its own to the apps it starts.
    final class Launcher: @unchecked Sendable {
        let process = Process()
        private let output = Pipe()
        private let errors = Pipe()
        private var outputData = Data()
        private var errorData = Data()
        private let readers = DispatchGroup()

        init(_ arguments: [String], environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            for (pipe, keyPath) in [(output, \Launcher.outputData), (errors, \Launcher.errorData)] {
                readers.enter()
                DispatchQueue.global().async { [self] in
                    self[keyPath: keyPath] = pipe.fileHandleForReading.readDataToEndOfFile()
                    readers.leave()
                }
            }
        }

        /// Everything written to the launcher's standard output and error, once every process
        /// holding them has exited; nil past the deadline.
        func written(timeout: Double = 15) -> (stdout: String, stderr: String)? {
            guard readers.wait(timeout: .now() + timeout) == .success else { return nil }
            return (String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        }
    }

    /// What a desktop session gives the apps it starts: the staged prefix on PATH and in
    /// XDG_DATA_DIRS (the compiled schema), the person's directories, the fake browser.
    func environment(_ desktop: FakeDesktop) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let usr = InstalledTests.stage.appendingPathComponent("usr")
        environment["PATH"] = usr.appendingPathComponent("bin").path + ":/usr/bin:/bin"
        environment["XDG_DATA_DIRS"] = usr.appendingPathComponent("share").path + ":/usr/share"
        environment["XDG_STATE_HOME"] = state.url.path
        environment["NO_AT_BRIDGE"] = "1"
        environment["GTK_IM_MODULE"] = "gtk-im-context-simple"
        for (key, value) in desktop.environment { environment[key] = value }
        return environment
    }

    /// The launched window: found by its class (its pid is the launcher's business), focused.
    func window() throws -> String {
        let found = Xdotool.run("search", "--sync", "--onlyvisible", "--class", Self.classPattern)
        let id = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window appeared")
        // X delivers the focus-in before any key sent after this returns.
        Xdotool.run("windowfocus", "--sync", id)
        return id
    }

    func testTheIconSendsToTheChosenNetworkAndNothingReachesTheLog() throws {
        let desktop = try FakeDesktop()
        // First run: the person picks X in the header bar, writes and sends.
        let launcher = try Launcher(
            ["/usr/bin/gio", "launch", Self.desktopFile.path], environment: environment(desktop))
        let id = try window()
        choose("x")
        Xdotool.run("type", "--delay", "15", "--window", id, "My first post from the desktop")
        Xdotool.run("key", "ctrl+Return")
        let written = try XCTUnwrap(launcher.written(), "the window did not exit")
        XCTAssertEqual(
            desktop.waitForOpened(), ["https://x.com/intent/tweet?text=My%20first%20post%20from%20the%20desktop"])
        XCTAssertFalse(written.stdout.contains("first post"), "the post reached standard output: \(written.stdout)")
        XCTAssertFalse(written.stderr.contains("first post"), written.stderr)
        XCTAssertNil(state.draft())
    }

    func testEachDesktopActionOpensTheWindowAimedAtItsNetwork() throws {
        let hosts = [
            "x": "https://x.com/", "mastodon": "https://mastodon.social/", "bluesky": "https://bsky.app/",
            "weibo": "https://service.weibo.com/",
        ]
        for (action, prefix) in hosts {
            let desktop = try FakeDesktop()
            let script = """
                import sys, gi
                gi.require_version("Gio", "2.0")
                from gi.repository import Gio
                Gio.DesktopAppInfo.new_from_filename(sys.argv[1]).launch_action(sys.argv[2], None)
                """
            let launcher = try Launcher(
                ["/usr/bin/python3", "-c", script, Self.desktopFile.path, action], environment: environment(desktop))
            let id = try window()
            Xdotool.run("type", "--delay", "15", "--window", id, "via \(action)")
            Xdotool.run("key", "ctrl+Return")
            if action == "mastodon" {  // a first run: the server is asked for
                XCTAssertFalse(Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Mastodon server$").isEmpty)
                Xdotool.run("type", "--delay", "15", "mastodon.social")
                Xdotool.run("key", "Return")
            }
            let written = try XCTUnwrap(launcher.written(), action)
            let opened = desktop.waitForOpened()
            XCTAssertEqual(opened.count, 1, action)
            XCTAssertTrue(opened.first?.hasPrefix(prefix) == true, "\(action): \(opened)")
            XCTAssertFalse((written.stdout + written.stderr).contains("via \(action)"), action)
        }
    }

    /// Cancel from the desktop keeps what was written: "Save draft" in the discard question, and
    /// the next start restores it. Nothing goes to the browser.
    func testCancelKeepsTheDraft() throws {
        let desktop = try FakeDesktop()
        let launcher = try Launcher(
            ["/usr/bin/gio", "launch", Self.desktopFile.path], environment: environment(desktop))
        let id = try window()
        Xdotool.run("type", "--delay", "15", "--window", id, "not yet")
        Xdotool.run("key", "Escape")
        XCTAssertTrue(waitUntil(timeout: 10) { visibleWindows() >= 2 }, "no discard question")
        Xdotool.run("key", "--delay", "100", "alt+s")  // "_Save draft"
        XCTAssertNotNil(launcher.written(), "the window did not exit")
        XCTAssertEqual(state.draft(), "not yet")
        XCTAssertEqual(desktop.opened, [])
    }

    /// "Open With" in a file manager (`gio launch` with the file, the .desktop's %F): the window
    /// starts a post with the image. Sent to X, whose compose page takes text only, Send says so and
    /// nothing goes to the browser; the draft keeps the image.
    func testOpenWithStartsAPostWithTheImageAndXCannotTakeIt() throws {
        let desktop = try FakeDesktop()
        let picture = state.url.appendingPathComponent("sunset.png")
        try XCTUnwrap(Data(base64Encoded: Self.tinyPNG)).write(to: picture)
        let launcher = try Launcher(
            ["/usr/bin/gio", "launch", Self.desktopFile.path, picture.path], environment: environment(desktop))
        let id = try window()
        choose("x")
        Xdotool.run("type", "--delay", "15", "--window", id, "Look")
        Xdotool.run("key", "ctrl+Return")  // refused: X cannot take the image
        Xdotool.run("key", "Escape")
        XCTAssertTrue(waitUntil(timeout: 10) { visibleWindows() >= 2 }, "no discard question")
        Xdotool.run("key", "--delay", "100", "alt+s")  // "_Save draft"
        XCTAssertNotNil(launcher.written(), "the window did not exit")
        XCTAssertEqual(desktop.opened, [], "the text went to X without its image")
        XCTAssertEqual(state.draft(), "Look")
        let images = try String(
            contentsOf: state.url.appendingPathComponent("compose-window/drafts/default.images.json"), encoding: .utf8)
        XCTAssertTrue(images.contains(picture.path), images)
    }

    /// "Open With" on more than a post takes, one of them no image, with a draft holding an image:
    /// the window opens (nobody reads standard error there) with the draft's image first, then what
    /// fits; the rest is said in the bar.
    func testOpenWithMoreThanFitsAttachesWhatFitsAfterTheDraftsImage() throws {
        let desktop = try FakeDesktop()
        let files = ["a.png", "notes.txt", "b.png", "c.png", "d.png", "e.png"].map {
            state.url.appendingPathComponent($0)
        }
        for file in files { try XCTUnwrap(Data(base64Encoded: Self.tinyPNG)).write(to: file) }
        try "not an image".write(to: files[1], atomically: true, encoding: .utf8)
        try state.writeDraft("Earlier")
        try #"[{"path":"\#(files[0].path)","alt":"First"}]"#.write(
            to: state.url.appendingPathComponent("compose-window/drafts/default.images.json"), atomically: true,
            encoding: .utf8)
        let launcher = try Launcher(
            ["/usr/bin/gio", "launch", Self.desktopFile.path] + files.dropFirst().map(\.path),
            environment: environment(desktop))
        _ = try window()
        let imagesFile = state.url.appendingPathComponent("compose-window/drafts/default.images.json")
        let kept = { (try? String(contentsOf: imagesFile, encoding: .utf8)) ?? "" }
        XCTAssertTrue(waitUntil(timeout: 10) { kept().contains("d.png") }, kept())
        Xdotool.run("key", "Escape")
        XCTAssertTrue(waitUntil(timeout: 10) { visibleWindows() >= 2 }, "no discard question")
        Xdotool.run("key", "--delay", "100", "alt+s")  // "_Save draft"
        XCTAssertNotNil(launcher.written(), "the window did not exit")
        let paths = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(kept().utf8)) as? [[String: Any]]
        ).compactMap { $0["path"] as? String }
        XCTAssertEqual(paths, ["a.png", "b.png", "c.png", "d.png"].map { state.url.appendingPathComponent($0).path })
        XCTAssertEqual(state.draft(), "Earlier")
    }

    /// A 2x2 PNG.
    static let tinyPNG =
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8VSHHwMDAxMDAwMDAAAATxgGUFMi3tQAAAABJRU5ErkJggg=="

    /// The staged binary run without its schema anywhere GSettings looks (no XDG_DATA_DIRS to it,
    /// no schemas/ beside it): nothing is remembered, everything else works.
    func testWithoutAnInstalledSchemaTheWindowStillSends() throws {
        let desktop = try FakeDesktop()
        var environment = environment(desktop)
        environment["XDG_DATA_DIRS"] = "/usr/share"
        let launcher = try Launcher([InstalledTests.binary, "--desktop", "--to", "bluesky"], environment: environment)
        let id = try window()
        Xdotool.run("type", "--delay", "15", "--window", id, "no schema")
        Xdotool.run("key", "ctrl+Return")
        let written = try XCTUnwrap(launcher.written())
        // Its pipes close as it exits, a moment before it is reaped (Foundation traps on the status before).
        launcher.process.waitUntilExit()
        XCTAssertEqual(launcher.process.terminationStatus, 0, written.stderr)
        XCTAssertEqual(desktop.waitForOpened(), ["https://bsky.app/intent/compose?text=no%20schema"])
    }
}
