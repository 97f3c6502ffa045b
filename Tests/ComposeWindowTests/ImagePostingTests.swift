import Foundation
import XCTest

/// Images posted for real (`--attach`, `--alt`), through the stand-ins' media endpoints: what
/// leaves the machine carries no location or camera metadata, is within each network's limits and
/// upright, and every image goes once with its post and its alt text.
final class ImagePostingTests: SandboxTestCase {
    func testMastodonGetsEachImageOnceWithItsAltTextAndNoLocation() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let window = try sandbox.send(
            "Two pictures", to: "mastodon",
            extra: [
                "--attach", pictures.appendingPathComponent("photo.jpg").path, "--alt", "A gradient, red to green",
                // After the options, as a file manager's "Open With" gives it (%F).
                pictures.appendingPathComponent("turned.jpg").path,
            ])
        // turned.jpg has no alt text: Send asks once; Post Without goes on.
        XCTAssertTrue(window.waitForWindows(2), "the reminder about the missing description")
        window.key("alt+p")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.count, 2, "each image uploaded once")
        XCTAssertEqual(sandbox.statuses.first?["media"] as? [String], media.compactMap { $0["id"] as? String })
        for item in media {
            XCTAssertEqual(item["metadata"] as? [String], [], "no EXIF, GPS, XMP or serial left the machine")
            XCTAssertEqual(item["type"] as? String, "image/jpeg")
        }
        XCTAssertEqual(media.first?["description"] as? String, "A gradient, red to green")
        XCTAssertEqual(media.last?["description"] as? String, "", "no alt text given")
        // The photo went as its own bytes (within the limits), the turned one upright.
        XCTAssertEqual([media.first?["width"], media.first?["height"]] as? [Int], [1200, 800])
        XCTAssertEqual([media.last?["width"], media.last?["height"]] as? [Int], [480, 640])
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path), "the outbox is emptied")
        let mediaFolder = sandbox.outboxDirectory.appendingPathComponent("media").path
        XCTAssertEqual(
            (try? FileManager.default.contentsOfDirectory(atPath: mediaFolder)) ?? [], [], "and its prepared images")
    }

    /// Mastodon answers 202 and processes for three seconds: the window asks GET /api/v1/media/:id
    /// until it is processed, then posts once.
    func testMastodonProcessingIsWaitedFor() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        try sandbox.setServer(["mastodonProcessing": 3])
        let window = try sandbox.send(
            "Processed first", to: "mastodon",
            extra: ["--attach", pictures.appendingPathComponent("photo.jpg").path, "--alt", "A gradient"])
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertGreaterThan(sandbox.requests.filter { $0.path.hasPrefix("/api/v1/media/") }.count, 0, "asked")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 1, "posted once, when ready")
    }

    func testBlueskyGetsBlobsWithinItsLimitAndARecordTheLexiconAccepts() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let pictures = try sandbox.testImages()
        let window = try sandbox.send(
            "Noise and a photo", to: "bluesky",
            extra: [
                "--attach", pictures.appendingPathComponent("noise.png").path, "--alt", "Static",
                "--attach", pictures.appendingPathComponent("photo.jpg").path, "--alt", "A gradient",
            ])
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.records.count, 1)
        let blobs = sandbox.state["blobs"] as? [[String: Any]] ?? []
        XCTAssertEqual(blobs.count, 2)
        for blob in blobs {
            XCTAssertLessThanOrEqual(blob["size"] as? Int ?? .max, 1_000_000, "the lexicon's maxSize")
            XCTAssertEqual(blob["metadata"] as? [String], [], "no EXIF, GPS, XMP or serial left the machine")
        }
        let record = try XCTUnwrap(sandbox.records.first)
        let value = try XCTUnwrap(record["value"] as? [String: Any])
        let embedded = try XCTUnwrap((value["embed"] as? [String: Any])?["images"] as? [[String: Any]])
        XCTAssertEqual(embedded.compactMap { $0["alt"] as? String }, ["Static", "A gradient"])
        let ratio = try XCTUnwrap(embedded.last?["aspectRatio"] as? [String: Int])
        XCTAssertEqual(ratio, ["width": 1200, "height": 800])
        try assertTheLexiconAccepts(record)
    }

    /// A PDS still on the older 1 MB… here 150,000 bytes: BlobTooLarge, then smaller bytes, once.
    func testBlobTooLargeShrinksAndTriesAgain() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let pictures = try sandbox.testImages()
        try sandbox.setServer(["blobLimit": 150_000])
        let window = try sandbox.send(
            "Smaller", to: "bluesky",
            extra: ["--attach", pictures.appendingPathComponent("photo.jpg").path, "--alt", "A gradient"])
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.records.count, 1)
        let blobs = sandbox.state["blobs"] as? [[String: Any]] ?? []
        XCTAssertEqual(blobs.count, 1)
        XCTAssertLessThanOrEqual(blobs.first?["size"] as? Int ?? .max, 150_000)
        XCTAssertGreaterThan(sandbox.requests.filter { $0.path.hasSuffix("uploadBlob") }.count, 1, "refused first")
    }

    /// An image without alt text: its thumbnail is marked; Send asks once; Add a Description opens its
    /// alt text, and what is typed there goes with the image (and the mark goes).
    func testSendAsksForAMissingDescriptionAndItGoesWithTheImage() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let window = try sandbox.window(
            "Described", to: "mastodon", extra: ["--attach", pictures.appendingPathComponent("small.png").path])
        // The mark's yellow (AttachmentStrip.markColor, #f6d32d); the picture is orange.
        let markPixels = {
            (try? window.pixels())?.filter { abs($0.0 - 246) + abs($0.1 - 211) + abs($0.2 - 45) < 8 }.count ?? 0
        }
        XCTAssertTrue(waitUntil(timeout: 10) { markPixels() > 20 }, "no mark on an image without alt text")
        window.key("ctrl+Return")
        XCTAssertTrue(window.waitForWindows(2), "the reminder")
        window.key("Return")  // Add a Description, the default
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                !Xdotool.run("search", "--onlyvisible", "--name", "^Image description$").isEmpty
            }, "the image's alt text opens")
        window.type("An orange rectangle")
        window.key("alt+d")
        XCTAssertTrue(window.waitForWindows(1), "the alt text is done")
        XCTAssertTrue(waitUntil(timeout: 10) { markPixels() == 0 }, "the mark stayed once described")
        XCTAssertEqual(sandbox.statuses.count, 0, "nothing was sent meanwhile")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.map { $0["description"] as? String }, ["An orange rectangle"])
    }

    /// The alt text takes what an input method composes: GTK's own (Ctrl+Shift+U, a code point, Space)
    /// shows its preedit in the field and commits it there, as an IBus or Fcitx one does.
    func testTheAltTextTakesAnInputMethodsComposition() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let window = try sandbox.send(
            "输入法", to: "mastodon", extra: ["--attach", pictures.appendingPathComponent("small.png").path])
        XCTAssertTrue(window.waitForWindows(2), "the reminder")
        window.key("Return")  // Add a Description
        XCTAssertTrue(
            waitUntil(timeout: 10) {
                !Xdotool.run("search", "--onlyvisible", "--name", "^Image description$").isEmpty
            }, "the image's alt text opens")
        for codePoint in ["6a59", "8272"] {  // 橙色
            window.key("ctrl+shift+u")
            Xdotool.run("type", "--delay", "30", codePoint)
            window.key("space")
        }
        window.key("alt+d")
        XCTAssertTrue(window.waitForWindows(1), "the alt text is done")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.map { $0["description"] as? String }, ["橙色"])
    }

    /// remind-missing-alt off (GSettings, here its keyfile backend): Send posts at once.
    func testTheReminderCanBeTurnedOff() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        try sandbox.setting("remind-missing-alt=false")
        let window = try sandbox.send(
            "Undescribed", to: "mastodon", extra: ["--attach", pictures.appendingPathComponent("small.png").path])
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual((sandbox.state["media"] as? [[String: Any]])?.count, 1)
    }

    /// A video, a missing file, more --alt than --attach: one line, exit 2, no window.
    func testWhatCannotBeAttachedIsAUsageError() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let cases: [([String], String)] = [
            (["--attach", pictures.appendingPathComponent("clip.mp4").path], "a video"),
            (["--attach", pictures.appendingPathComponent("missing.png").path], "missing.png"),
            (["--alt", "alone"], "--alt: one per --attach"),
            (["--to", "x", "--attach", pictures.appendingPathComponent("photo.jpg").path], "mastodon or bluesky"),
        ]
        for (arguments, words) in cases {
            let run = try sandbox.composeWindow(["--to", "mastodon"] + arguments + ["--text", "x"])
            XCTAssertEqual(run.code, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains(words), "\(arguments): \(run.stderr)")
        }
        // Without --to the post goes to standard output, which takes text: a file after the options
        // is refused by name (a script that meant it as the text learns so).
        let photo = pictures.appendingPathComponent("photo.jpg").path
        let toScript = try sandbox.composeWindow(["--text", "x", photo])
        XCTAssertEqual(toScript.code, 2, toScript.stderr)
        XCTAssertTrue(
            toScript.stderr.contains("“\(photo)”: images are posted to mastodon or bluesky only"), toScript.stderr)
        let video = try sandbox.composeWindow([
            "--to", "mastodon", "--text", "x", pictures.appendingPathComponent("clip.mp4").path,
        ])
        XCTAssertEqual(video.code, 2, video.stderr)
        XCTAssertTrue(video.stderr.contains("a video"), video.stderr)
    }
}

extension ComposeProcess {
    /// Send, with images that have no alt text yet: the reminder asks, Post Without goes on; the exit.
    func sendWithoutAlt(file: StaticString = #filePath, line: UInt = #line) throws -> (
        code: Int32, stdout: Data, stderr: String
    ) {
        key("ctrl+Return")
        XCTAssertTrue(waitForWindows(2), "an image has no description yet: Send asks", file: file, line: line)
        key("alt+p")
        return try XCTUnwrap(finish(timeout: 60), "the window did not exit", file: file, line: line)
    }
}

extension NetworkSandbox {
    /// photo.jpg (GPS in EXIF and XMP, a serial), turned.jpg (orientation 6), noise.png (> 1 MB),
    /// clip.mp4 (a video), made in the sandbox where the app can read them.
    func testImages() throws -> URL {
        let folder = home.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try Shell.run(
            "/usr/bin/python3",
            [Shell.packageRoot.appendingPathComponent("Tests/Support/Networks/make-test-images.py").path, folder.path])
        XCTAssertEqual(made.code, 0, made.stderr)
        return folder
    }

    /// What accounts.json says besides the accounts (read by the stand-ins at each request).
    /// The images the draft holds now (written within a second of a change).
    func draftImages() -> [[String: Any]] {
        let file = home.appendingPathComponent("state/compose-window/drafts/default.images.json")
        return (try? Data(contentsOf: file)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [[String: Any]] }
            ?? []
    }

    func setServer(_ values: [String: Any]) throws {
        try setAccounts(values)
    }
}
