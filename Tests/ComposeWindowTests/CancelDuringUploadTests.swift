import Foundation
import XCTest

/// Cancel while an image is on its way to the network (the server holding the upload 30 s): the
/// window closes at once, never waiting for the network, keeping the post (exit 4, the draft and the
/// outbox); the next start posts it once, with its image and alt text.
final class CancelDuringUploadTests: SandboxTestCase {
    func testMastodon() throws { try cancelDuringUpload("mastodon", method: "/api/v2/media") }

    func testBluesky() throws { try cancelDuringUpload("bluesky", method: "uploadBlob") }

    private func cancelDuringUpload(_ network: String, method: String) throws {
        let sandbox = try NetworkSandbox.signedIn(network)
        let pictures = try sandbox.testImages()
        let text = "Cancelled while uploading (\(network))"
        let alt = "A turned picture"
        try sandbox.inject([["method": method, "delay": 30]])
        let window = try sandbox.window(
            text, to: network, extra: ["--attach", pictures.appendingPathComponent("turned.jpg").path, "--alt", alt])
        window.key("ctrl+Return")
        XCTAssertTrue(
            waitUntil(timeout: 20) { sandbox.requests.contains { $0.path.hasSuffix(method) } },
            "the upload reached the server")
        window.key("Escape")
        let cancelled = try XCTUnwrap(window.finish(timeout: 10), "Cancel waited for the upload")
        XCTAssertEqual(cancelled.code, 4, cancelled.stderr)
        XCTAssertEqual(sandbox.posts(text, network).count, 0)
        try sandbox.inject([])

        let again = try sandbox.reopen(to: network, faster: network == "mastodon" ? 60 : nil)
        XCTAssertTrue(again.waitForText(text), "the post came back")
        again.key("ctrl+Return")
        let finished = try XCTUnwrap(again.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let made = sandbox.posts(text, network)
        XCTAssertEqual(made.count, 1, "exactly one post")
        XCTAssertEqual(
            made.first.map { sandbox.imageAlts(of: $0, network) }, [alt], "the image once, with its alt text")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path))
    }
}
