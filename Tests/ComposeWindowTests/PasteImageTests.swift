import Foundation
import XCTest

/// Ctrl+V where Send goes to a network: an image a browser copied, or image files a file manager
/// copied, join the post; text is pasted as text. The clipboard is served from outside the app, by
/// xclip, as another program's copy is.
final class PasteImageTests: SandboxTestCase {
    /// xclip serving `data` as `type` on the clipboard until it is stopped.
    func copy(_ data: Data, as type: String) throws -> Process {
        let copier = Process()
        copier.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        copier.arguments = ["-quiet", "-selection", "clipboard", "-t", type]
        let input = Pipe()
        copier.standardInput = input
        copier.standardOutput = FileHandle.nullDevice
        copier.standardError = FileHandle.nullDevice
        try copier.run()
        try input.fileHandleForWriting.write(contentsOf: data)
        try input.fileHandleForWriting.close()
        // Served once xclip owns the selection: the clipboard answers with this type. Each ask is
        // bounded: `xclip -o` waits for ever on an owner that never answers (a CI run hung there).
        let served = waitUntil(timeout: 10) {
            (try? Shell.run(
                "/usr/bin/timeout", ["5", "/usr/bin/xclip", "-o", "-selection", "clipboard", "-t", "TARGETS"]))?.stdout
                .contains(type) == true
        }
        XCTAssertTrue(served, "xclip serves \(type)")
        return copier
    }

    func testAPastedImageIsPostedWithThePost() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let copier = try copy(Data(contentsOf: pictures.appendingPathComponent("small.png")), as: "image/png")
        defer { copier.terminate() }
        let window = try sandbox.window("Pasted", to: "mastodon")
        window.key("ctrl+v")
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.draftImages().count == 1 }, "the pasted image joins the post")
        let kept = sandbox.draftImages().first?["path"] as? String ?? ""
        XCTAssertTrue(kept.contains("/compose-window/pasted/") && kept.hasSuffix(".png"), kept)
        let finished = try window.sendWithoutAlt()
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.first?["text"] as? String, "Pasted", "no text was pasted")
        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.count, 1)
        XCTAssertEqual([media.first?["width"], media.first?["height"]] as? [Int], [300, 200])
    }

    func testPastedImageFilesAreAttachedAndOtherFilesAreText() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let uris = ["photo.jpg", "turned.jpg"].map { pictures.appendingPathComponent($0).absoluteString }
        let copier = try copy(Data((uris.joined(separator: "\r\n") + "\r\n").utf8), as: "text/uri-list")
        let window = try sandbox.window("Files", to: "mastodon")
        window.key("ctrl+v")
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.draftImages().count == 2 }, "both files join the post")
        XCTAssertEqual(
            sandbox.draftImages().compactMap { $0["path"] as? String },
            ["photo.jpg", "turned.jpg"].map {
                pictures.appendingPathComponent($0).path
            })
        copier.terminate()
        let text = try copy(Data(" and words".utf8), as: "UTF8_STRING")
        defer { text.terminate() }
        window.key("ctrl+v")
        XCTAssertTrue(window.waitForText("Files and words"), "text is still pasted as text")
    }

    /// Pasted pictures no draft and no outbox names go at the next start, once an hour old (a younger
    /// one may be another window's, its draft not yet written); the others stay.
    func testUnusedPastedPicturesGoAtTheNextStart() throws {
        let state = try StateHome()
        let folder = state.url.appendingPathComponent("compose-window")
        let pasted = folder.appendingPathComponent("pasted")
        let drafts = folder.appendingPathComponent("drafts")
        try FileManager.default.createDirectory(at: pasted, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        let hoursAgo = Date(timeIntervalSinceNow: -7200)
        for (name, modified) in [("1.png", hoursAgo), ("2.png", hoursAgo), ("3.png", Date()), ("keep.txt", hoursAgo)] {
            let file = pasted.appendingPathComponent(name)
            try Data([0x89]).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
        }
        try #"[{"path":"\#(pasted.path)/2.png","alt":"named by a draft"}]"#.write(
            to: drafts.appendingPathComponent("other.images.json"), atomically: true, encoding: .utf8)
        let window = try ComposeProcess(["--no-spell"], stateHome: state.url)
        XCTAssertTrue(window.waitForWindow())
        let gone = { !FileManager.default.fileExists(atPath: pasted.appendingPathComponent("1.png").path) }
        XCTAssertTrue(waitUntil(timeout: 10, gone), "the unused picture stayed")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: pasted.path).sorted(), ["2.png", "3.png", "keep.txt"])
    }
}
