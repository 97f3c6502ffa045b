import Foundation
import XCTest

/// Drops on the text, made from outside the app by another program's drag: files from a file
/// manager and a picture from a browser join the post where Send takes images; a link, or files
/// where Send cannot take images, go in as text.
final class DropImageTests: SandboxTestCase {
    func testFilesDroppedFromAFileManagerArePostedWithThePost() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let paths = ["photo.jpg", "turned.jpg"].map { pictures.appendingPathComponent($0).path }
        let window = try sandbox.window("Dropped", to: "mastodon")
        let source = try DragSource(["files"] + paths)
        source.drop(on: window)
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.draftImages().count == 2 }, "both files join the post")
        XCTAssertEqual(sandbox.draftImages().compactMap { $0["path"] as? String }, paths)
        let finished = try window.sendWithoutAlt()
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.first?["text"] as? String, "Dropped", "the paths went into the text")
        XCTAssertEqual((sandbox.state["media"] as? [[String: Any]])?.count, 2)
    }

    func testAPictureDroppedFromABrowserIsAttachedNotItsLink() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let window = try sandbox.window("Picture", to: "mastodon")
        let source = try DragSource([
            "image", "https://example.org/small.png", pictures.appendingPathComponent("small.png").path,
        ])
        source.drop(on: window)
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.draftImages().count == 1 }, "the picture joins the post")
        let kept = sandbox.draftImages().first?["path"] as? String ?? ""
        XCTAssertTrue(kept.contains("/compose-window/pasted/") && kept.hasSuffix(".png"), kept)
        window.key("ctrl+End")
        window.type(" kept")
        XCTAssertTrue(window.waitForText("Picture kept"), "the link went into the text")
    }

    func testALinkIsDroppedAsTextAndFilesAreTextWhereSendTakesNoImages() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let toMastodon = try sandbox.window("", to: "mastodon")
        try DragSource(["link", "https://example.org/page"]).drop(on: toMastodon)
        XCTAssertTrue(toMastodon.waitForText("https://example.org/page"), "a dropped link is text")
        XCTAssertEqual(sandbox.draftImages().count, 0)
        toMastodon.signal(SIGTERM)
        XCTAssertNotNil(toMastodon.finish(), "the first window stayed")

        let state = try StateHome()
        let toScript = try ComposeProcess(["--no-spell"], stateHome: state.url)
        XCTAssertTrue(toScript.waitForWindow())
        let photo = pictures.appendingPathComponent("photo.jpg").path
        try DragSource(["files", photo]).drop(on: toScript)
        XCTAssertTrue(toScript.waitForText(photo), "standard output takes text only: the file's path is text")
    }
}
