import Foundation
import XCTest

/// An outbox entry is input: one holding what compose-window never writes (here a key that would
/// name a folder outside the outbox's, a link over two lines) gets one line on standard error and
/// is moved aside, never sent; one from a newer compose-window is left as it is, with one line; a
/// prepared image outside the post's folder is never read (the image is prepared again); the same
/// entry as compose-window writes it is resumed.
final class StateFileInputTests: XCTestCase {
    static func entry(key: String, prepared: String? = nil, state: String = #""state": "waiting""#, version: Int = 5)
        -> String
    {
        let images =
            prepared.map {
                #", "images": [{"prepared": {"file": "\#($0)", "type": "image/jpeg", "width": 4, "height": 3, "bytes": 9}}]"#
            } ?? ""
        let postImages = prepared == nil ? "" : #", "images": [{"path": "/home/alice/a.jpg", "alt": "A"}]"#
        return #"""
            {"version": \#(version), "text": "Kept for later"\#(postImages), "deliveries": [{"network": "mastodon",
            "account": "@alice@mastodon.social", "key": "\#(key)", \#(state)\#(images)}]}
            """#
    }

    func outbox(_ state: StateHome) -> URL { state.url.appendingPathComponent("compose-window/outbox") }

    func opened(with entry: String) throws -> (StateHome, ComposeProcess) {
        let state = try StateHome()
        try FileManager.default.createDirectory(at: outbox(state), withIntermediateDirectories: true)
        try entry.write(to: outbox(state).appendingPathComponent("default.json"), atomically: true, encoding: .utf8)
        let window = try ComposeProcess(["--to", "mastodon", "--no-spell"], stateHome: state.url)
        XCTAssertTrue(window.waitForWindow())
        return (state, window)
    }

    func testAnEntryWithHostileValuesIsSetAsideWithOneLine() throws {
        let twoLines = #""state": "confirmed", "link": "https://m.example/@a/1\nhttps://evil.example/""#
        // A hold past any time compose-window writes trapped every start (#61); so did JSON nested
        // 200,000 deep, in json-glib.
        let farHold =
            String(Self.entry(key: "k1", version: 10).dropLast())
            + #", "hold": {"until": 9223372036854775000, "kind": "scheduled"}}"#
        let deep = String(repeating: "[", count: 200_000)
        for entry in [Self.entry(key: "../../../drafts"), Self.entry(key: "k1", state: twoLines), farHold, deep] {
            let (state, window) = try opened(with: entry)
            XCTAssertTrue(
                window.waitForStderr(containing: "holds values compose-window never writes"), window.stderrSoFar)
            let names = try FileManager.default.contentsOfDirectory(atPath: outbox(state).path)
            XCTAssertEqual(names.filter { $0.hasPrefix(".unreadable-") }.count, 1, "\(names)")
            XCTAssertFalse(names.contains("default.json"))
            window.key("Escape")
            _ = window.finish(timeout: 10)
            let lines = window.stderrSoFar.split(separator: "\n").filter { $0.contains("never writes") }
            XCTAssertEqual(lines.count, 1, window.stderrSoFar)
        }
    }

    /// The files beside a draft are input too (#61): an images file naming a path the window never
    /// makes, or an options file past its size, each get one line; the draft's text comes back.
    func testADraftsHostileSideFilesAreLeftOutWithOneLineEachAndTheTextComesBack() throws {
        let state = try StateHome()
        try state.writeDraft("Kept text")
        let drafts = state.draftURL().deletingLastPathComponent()
        try #"[{"path": "../../.ssh/id_ed25519", "alt": ""}]"#.write(
            to: drafts.appendingPathComponent("default.images.json"), atomically: true, encoding: .utf8)
        let options = drafts.appendingPathComponent("default.options.json")
        try "{".write(to: options, atomically: true, encoding: .utf8)
        try FileHandle(forWritingTo: options).truncate(atOffset: 17 << 20)  // refused before it is parsed
        let window = try ComposeProcess(["--to", "mastodon", "--no-spell"], stateHome: state.url)
        XCTAssertTrue(window.waitForWindow())
        XCTAssertTrue(window.waitForText("Kept text"), window.stderrSoFar)
        XCTAssertTrue(
            window.waitForStderr(containing: "holds values compose-window never writes; its images are left out"),
            window.stderrSoFar)
        XCTAssertTrue(window.waitForStderr(containing: "default.options.json: larger than 16 MB"), window.stderrSoFar)
        window.key("Escape")  // "Discard this post?"
        window.key("alt+s")  // "_Save draft"
        XCTAssertNotNil(window.finish(timeout: 10))
        XCTAssertEqual(window.stderrSoFar.split(separator: "\n").count, 2, window.stderrSoFar)
        XCTAssertEqual(state.draft(), "Kept text")
    }

    func testANewerVersionIsLeftAsItIs() throws {
        let (state, window) = try opened(with: Self.entry(key: "k1", version: 99))
        XCTAssertTrue(window.waitForStderr(containing: "written by a newer compose-window"), window.stderrSoFar)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outbox(state).appendingPathComponent("default.json").path))
        window.key("Escape")
        _ = window.finish(timeout: 10)
    }

    /// The prepared image named is outside the post's folder: resumed, the image to be prepared
    /// again from the person's own, /etc/passwd never read.
    func testAPreparedImageOutsideThePostsFolderIsPreparedAgain() throws {
        let (state, window) = try opened(with: Self.entry(key: "k1", prepared: "/etc/passwd"))
        XCTAssertTrue(window.waitForText("Kept for later"))
        XCTAssertFalse(window.stderrSoFar.contains("never writes"), window.stderrSoFar)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outbox(state).appendingPathComponent("default.json").path))
        window.key("Escape")
        _ = window.finish(timeout: 10)
    }

    func testTheSameEntryAsWrittenIsResumed() throws {
        let (state, window) = try opened(with: Self.entry(key: "k1"))
        XCTAssertTrue(window.waitForText("Kept for later"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: outbox(state).appendingPathComponent("default.json").path))
        XCTAssertFalse(window.stderrSoFar.contains("never writes"))
        window.key("Escape")
        _ = window.finish(timeout: 10)
    }
}
