import Foundation
import XCTest

/// A start pays only for what it uses (#51): libsoup, json-glib, libsecret, gexiv2, gspell, libcld2 and GStreamer load
/// the first time one of their functions is called (CComposeWindowOnDemand), and with them what
/// they link (exiv2, Kerberos, SQLite, enchant…). Read from the process as it runs: /proc/PID/maps.
final class OnDemandLibraryTests: XCTestCase {
    /// Posting, the keyring and images: what a script's start must not load.
    static let postingAndImages = [
        "libsoup-3.0.so", "libjson-glib-1.0.so", "libsecret-1.so", "libgexiv2.so", "libexiv2.so", "libkrb5.so",
        "libsqlite3.so", "libnghttp2.so", "libpsl.so", "libcld2.so",
        // Video (#62): GStreamer and its plugins' libraries, loaded once a video is attached.
        "libgstreamer-1.0.so", "libgstpbutils-1.0.so", "libgstapp-1.0.so", "libx264.so", "libavcodec.so",
    ]
    static let spelling = ["libgspell-1.so", "libenchant-2.so"]

    static func loaded(_ names: [String], pid: Int32) throws -> [String] {
        // Read to the end: procfs files say they are empty.
        let file = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        XCTAssertTrue(maps.contains("/libgtk-3.so"), "the maps were read: GTK is in them")
        return names.filter { maps.contains("/" + $0) }
    }

    /// A script's window (text on standard input, out on standard output), typed into: nothing of
    /// posting, images or spelling (no dictionary asked for) is loaded.
    func testAScriptsWindowLoadsNoPostingImageOrSpellingLibrary() throws {
        let state = try StateHome()
        let process = try ComposeProcess(["--no-spell"], stateHome: state.url, stdin: Data("Three words".utf8))
        guard process.waitForWindow() else { return }
        process.type(" here")
        XCTAssertTrue(process.waitForText("Three words here"))
        XCTAssertEqual(try Self.loaded(Self.postingAndImages + Self.spelling, pid: process.applicationPID), [])
        process.key("ctrl+Return")
        XCTAssertEqual(process.finish()?.code, 0)
    }

    /// The same window asked to check spelling loads gspell then, and still nothing of posting:
    /// the check above sees a library that is loaded.
    func testSpellingLoadsGspellAndNothingOfPosting() throws {
        let state = try StateHome()
        let process = try ComposeProcess(["--spell", "en_US"], stateHome: state.url, stdin: Data("Speling".utf8))
        guard process.waitForWindow() else { return }
        XCTAssertEqual(try Self.loaded(Self.spelling, pid: process.applicationPID), Self.spelling)
        XCTAssertEqual(try Self.loaded(Self.postingAndImages, pid: process.applicationPID), [])
        process.key("Escape")
        _ = process.finish()
    }

    /// A library that cannot be loaded (here json-glib, hidden behind an empty file in a mount
    /// namespace of its own) ends the window with one line and exit 3 when it is first needed:
    /// reading a draft's options. The draft stays as it was.
    func testALibraryThatCannotBeLoadedIsOneLineAndExit3() throws {
        let state = try StateHome()
        try state.writeDraft("Kept as it was")
        let options = state.draftURL().deletingLastPathComponent().appendingPathComponent("default.options.json")
        try Data(#"{"spoiler_text": "Film"}"#.utf8).write(to: options)
        let library = try FileManager.default.destinationOfSymbolicLink(
            atPath: "/usr/lib/x86_64-linux-gnu/libjson-glib-1.0.so.0")
        let hidden = "/usr/lib/x86_64-linux-gnu/" + library
        let process = try ComposeProcess(
            ["--no-spell"], stateHome: state.url,
            launcher: [
                "/usr/bin/unshare", "-m", "/bin/sh", "-c",
                #"mount --bind /dev/null "$0" && exec "$@""#, hidden, ComposeProcess.binary.path,
            ])
        let result = try XCTUnwrap(process.finish(timeout: 30))
        XCTAssertEqual(result.code, 3, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(
            lines.first?.hasPrefix("compose-window: libjson-glib-1.0.so.0 is missing") ?? false, result.stderr)
        XCTAssertEqual(state.draft(), "Kept as it was")
    }

    /// `--measure` exits at once: the dynamic loader's own account of every library it loads
    /// (LD_DEBUG=files, dlopen included) says what it loaded.
    func testMeasureLoadsNoPostingImageOrSpellingLibrary() throws {
        let state = try StateHome()
        let process = try ComposeProcess(
            ["--measure"], stateHome: state.url, stdin: Data("Share something new".utf8),
            environment: ["LD_DEBUG": "files"])
        let result = try XCTUnwrap(process.finish())
        XCTAssertEqual(result.code, 0, result.stderr)
        let files = result.stderr.split(separator: "\n").filter { $0.contains("file=") }
        XCTAssertTrue(files.contains { $0.contains("file=libglib-2.0.so") }, "the loader's account was read")
        let loaded = (Self.postingAndImages + Self.spelling).filter { name in files.contains { $0.contains(name) } }
        XCTAssertEqual(loaded, [])
    }
}
