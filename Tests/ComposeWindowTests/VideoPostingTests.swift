import Foundation
import XCTest

/// Videos and GIFs posted for real (#62), through the stand-ins' media endpoints, which read what
/// arrived with exiftool (a second tool beside the app's GStreamer): a phone clip reaches Mastodon
/// once, processed first, without its location or device; an animated GIF reaches Bluesky's video
/// service as an MP4, and the record as app.bsky.embed.video shown as a GIF; a video goes alone; Stop while a video is re-encoded keeps the
/// draft whole.
final class VideoPostingTests: SandboxTestCase {
    func testAPhoneClipReachesMastodonOnceProcessedAndWithoutItsLocation() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let clip = try sandbox.testClip("phone.mp4", seconds: 2, located: true)
        let window = try sandbox.send(
            "A clip", to: "mastodon", extra: ["--attach", clip.path, "--alt", "A test pattern with a tone"])
        let finished = try XCTUnwrap(window.finish(timeout: 120))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.count, 1, "the video uploaded once")
        let video = try XCTUnwrap(media.first)
        XCTAssertEqual(video["type"] as? String, "video/mp4")
        XCTAssertEqual(video["kind"] as? String, "video", "with its sound")
        XCTAssertEqual(video["metadata"] as? [String], [], "no GPS, make, model, XMP or date left the machine")
        XCTAssertEqual([video["width"], video["height"]] as? [Int], [640, 360])
        XCTAssertEqual(video["description"] as? String, "A test pattern with a tone")
        XCTAssertEqual(sandbox.statuses.first?["media"] as? [String], [video["id"] as? String].compactMap { $0 })
        XCTAssertGreaterThan(
            sandbox.requests.filter { $0.path.hasPrefix("/api/v1/media/") }.count, 0, "processing was waited for")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 1, "posted once, when ready")
    }

    func testAnAnimatedGIFReachesBlueskyAsAVideoTheLexiconAccepts() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let gif = try sandbox.testGIF()
        let window = try sandbox.send("A GIF", to: "bluesky", extra: ["--attach", gif.path, "--alt", "Three colours"])
        let finished = try XCTUnwrap(window.finish(timeout: 120))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let blobs = sandbox.state["blobs"] as? [[String: Any]] ?? []
        XCTAssertEqual(blobs.map { $0["type"] as? String }, ["video/mp4"], "one MP4, not a GIF")
        XCTAssertEqual(blobs.first?["metadata"] as? [String], [])
        let record = try XCTUnwrap(sandbox.records.first)
        let value = try XCTUnwrap(record["value"] as? [String: Any])
        let embed = try XCTUnwrap(value["embed"] as? [String: Any])
        XCTAssertEqual(embed["$type"] as? String, "app.bsky.embed.video")
        XCTAssertEqual(embed["alt"] as? String, "Three colours")
        XCTAssertEqual(embed["aspectRatio"] as? [String: Int], ["width": 160, "height": 120])
        XCTAssertEqual(embed["presentation"] as? String, "gif", "shown as a GIF, as social-app sends one")
        // Through the video service, once; its comment never left.
        let job = try XCTUnwrap(sandbox.videoJobs.first)
        XCTAssertEqual(sandbox.videoJobs.count, 1)
        XCTAssertEqual(sandbox.requests.filter { $0.path.hasSuffix("uploadBlob") }.count, 0)
        let sent = try Data(contentsOf: sandbox.directory.appendingPathComponent(try XCTUnwrap(job["file"] as? String)))
        XCTAssertNil(sent.range(of: Data("made at home".utf8)), "the GIF's comment stayed home")
        try assertTheLexiconAccepts(record)
    }

    /// A server whose limits are lower than the clip (320 × 180, 24 a second): the app makes it fit
    /// before it leaves, and exiftool reads the size the server got.
    func testAVideoOverTheServersLimitsIsMadeToFit() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setServer(["mastodonVideoMatrixLimit": 320 * 180, "mastodonVideoFrameRateLimit": 24])
        // The limits cached at sign-in are the server's old ones: asked again.
        try? FileManager.default.removeItem(at: sandbox.home.appendingPathComponent("cache/compose-window/mastodon"))
        let clip = try sandbox.testClip("large.mp4", seconds: 2, located: false)
        let window = try sandbox.send("Made to fit", to: "mastodon", extra: ["--attach", clip.path, "--alt", "Bars"])
        let finished = try XCTUnwrap(window.finish(timeout: 120))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let video = try XCTUnwrap((sandbox.state["media"] as? [[String: Any]])?.first)
        XCTAssertEqual([video["width"], video["height"]] as? [Int], [320, 180], "scaled to the server's pixels")
        XCTAssertLessThanOrEqual(video["rate"] as? Double ?? 99, 24, "slowed to the server's frame rate")
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// An animated GIF to Mastodon: the MP4 the app makes of it, which Mastodon keeps as a gifv
    /// (no sound), once, without the GIF's comment.
    func testAnAnimatedGIFReachesMastodonAsAGIFV() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let gif = try sandbox.testGIF()
        let window = try sandbox.send("A GIF", to: "mastodon", extra: ["--attach", gif.path, "--alt", "Three colours"])
        let finished = try XCTUnwrap(window.finish(timeout: 120))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.map { $0["kind"] as? String }, ["gifv"], "one MP4 without sound")
        XCTAssertEqual(media.first?["metadata"] as? [String], [])
        XCTAssertEqual(sandbox.statuses.count, 1)
    }

    /// Stop in a post to both networks ends the run's preparing for both: Bluesky's copy is not
    /// encoded and sent once Mastodon's was stopped.
    func testStopInACrossPostStopsEveryNetwork() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let clip = try sandbox.testClip("both.mp4", seconds: 120, located: false)
        let window = try sandbox.window(
            "Stopped for both", to: "mastodon,bluesky", extra: ["--attach", clip.path, "--alt", "Bars"])
        window.key("ctrl+Return")
        let partFiles = { sandbox.videoPartFiles() }
        XCTAssertTrue(waitUntil(timeout: 30) { !partFiles().isEmpty }, "the video is being re-encoded")
        // Stop pressed only while Mastodon's copy (delivery 0) is encoded: Bluesky's, were it
        // started after, would run unstopped and be sent.
        let mastodonsCopy = { partFiles().contains { $0.split(separator: "/").last == "0-0.mp4.part" } }
        XCTAssertTrue(waitUntil(timeout: 10) { mastodonsCopy() }, "Mastodon's copy first")
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                guard mastodonsCopy() else { return true }
                window.key("alt+p")
                return false
            }, "Stop removed the half-made file")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post", timeout: 120), "the run ended")
        XCTAssertEqual(partFiles(), [], "no other network's copy is being encoded")
        XCTAssertEqual(
            sandbox.requests.filter { $0.path == "/api/v2/media" || $0.path.hasSuffix("uploadBlob") }.count, 0)
        XCTAssertEqual(sandbox.statuses.count + sandbox.records.count, 0)
    }

    /// kill -9 while Mastodon processes the video: the next start asks after the upload it made
    /// (the outbox kept its id) and posts once, with the video uploaded once.
    func testAKillWhileMastodonProcessesUploadsOnceAndPostsOnce() throws {
        let sandbox = try killWhileProcessingThenSend(
            "mastodon", processing: ["mastodonVideoProcessing": 6], askedAfter: { $0.hasPrefix("/api/v1/media/") })
        XCTAssertEqual(sandbox.posts(Self.killedText, "mastodon").count, 1, "posted once")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v2/media" }.count, 1, "uploaded once")
        XCTAssertEqual(sandbox.statuses.first?["media"] as? [String], ["210000000000000001"])
    }

    /// Mastodon's processing fails (GET /api/v1/media/:id answers 422): the run stops with the
    /// server's words, and Retry uploads the video again rather than asking after media that can
    /// never be attached; the post goes once, with the second upload.
    func testAVideoMastodonFailedToProcessIsUploadedAgainAtRetry() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.setServer(["mastodonVideoProcessing": 1, "mastodonProcessingFails": true])
        let clip = try sandbox.testClip("failing.mp4", seconds: 1, located: false)
        let window = try sandbox.send(
            "Processed at last", to: "mastodon", extra: ["--attach", clip.path, "--alt", "Bars"])
        let failedChecks = {
            (sandbox.state["refusals"] as? [[String: Any]] ?? []).filter {
                ($0["path"] as? String)?.hasPrefix("/api/v1/media/") == true && $0["status"] as? Int == 422
            }
        }
        XCTAssertTrue(waitUntil(timeout: 60) { !failedChecks().isEmpty }, "the server said processing failed")
        try sandbox.setServer(["mastodonProcessingFails": NSNull()])
        // "_Retry" in the failure bar, pressed until it is there.
        XCTAssertTrue(
            waitUntil(timeout: 30) {
                window.key("alt+r")
                return sandbox.requests.filter { $0.path == "/api/v2/media" }.count == 2
            }, "Retry uploaded the video again")
        let finished = try XCTUnwrap(window.finish(timeout: 120))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(failedChecks().count, 1, "the failed media was not asked after again")
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(sandbox.statuses.first?["media"] as? [String], ["210000000000000002"])
    }

    /// Both networks take one video and nothing beside it: refused before the window opens.
    func testAVideoGoesAlone() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let clip = try sandbox.testClip("short.mp4", seconds: 1, located: false)
        let pictures = try sandbox.testImages()
        let window = try ComposeProcess(
            [
                "--to", "mastodon", "--no-spell", "--attach", pictures.appendingPathComponent("photo.jpg").path,
                "--attach", clip.path,
            ], stateHome: sandbox.home.appendingPathComponent("state"), stdin: Data("Both".utf8),
            environment: sandbox.environment)
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 2, finished.stderr)
        XCTAssertTrue(finished.stderr.contains("a video goes alone in a post"), finished.stderr)
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v2/media" }.count, 0)
    }

    /// Stop in the bar while the video is re-encoded: nothing reaches the network, no half-made
    /// file stays, and the draft keeps the text and the video for the next Send.
    func testCancelWhileReencodingKeepsTheDraftWhole() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let clip = try sandbox.testClip("long.mp4", seconds: 120, located: false)
        let text = "Cancelled while encoding"
        let window = try sandbox.window(text, to: "mastodon", extra: ["--attach", clip.path, "--alt", "Bars"])
        window.key("ctrl+Return")
        let partFiles = { sandbox.videoPartFiles() }
        XCTAssertTrue(waitUntil(timeout: 30) { !partFiles().isEmpty }, "the video is being re-encoded")
        // Stop, the bar's button, once the bar shows it (with the first progress): the window has
        // no other Alt+P then, nor has the failure bar after it.
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                window.key("alt+p")
                return partFiles().isEmpty
            }, "the half-made file is removed")
        XCTAssertTrue(window.waitForText(text), "the text stays, editable")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v2/media" }.count, 0, "nothing was uploaded")
        XCTAssertEqual(sandbox.statuses.count, 0)
        XCTAssertTrue(
            waitUntil(timeout: 10) { sandbox.draftImages().compactMap { $0["path"] as? String } == [clip.path] },
            "the draft keeps the video")
        XCTAssertTrue(window.isRunning, "Stop stopped the encoding, not the window")
        // Send begins again, and the video goes once.
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 180))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual((sandbox.state["media"] as? [[String: Any]])?.count, 1)
        XCTAssertEqual(sandbox.statuses.count, 1)
    }
}

extension SandboxTestCase {
    static let killedText = "Killed while processing"

    /// A clip sent to `network`, the window killed (-9) once the server is asked whether it has
    /// processed it (a request whose path `askedAfter` matches), before any post; then a new
    /// window on the post, and Send, which ends well.
    func killWhileProcessingThenSend(
        _ network: String, processing: [String: Any], askedAfter: @escaping (String) -> Bool
    ) throws -> NetworkSandbox {
        let sandbox = try NetworkSandbox.signedIn(network)
        try sandbox.setServer(processing)
        let clip = try sandbox.testClip("killed.mp4", seconds: 2, located: false)
        let window = try sandbox.send(Self.killedText, to: network, extra: ["--attach", clip.path, "--alt", "Bars"])
        XCTAssertTrue(
            waitUntil(timeout: 60) { sandbox.requests.contains { askedAfter($0.path) } },
            "the upload was made and is being asked after")
        window.signal(SIGKILL)
        _ = window.finish(timeout: 10)
        XCTAssertEqual(sandbox.statuses.count + sandbox.records.count, 0, "killed before the post")
        let again = try sandbox.reopen(to: network)
        XCTAssertTrue(again.waitForText(Self.killedText), "the post came back")
        again.key("ctrl+Return")
        let finished = try XCTUnwrap(again.finish(timeout: 120))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        return sandbox
    }
}

extension NetworkSandbox {
    /// A GIF of three frames, 160 × 120, with a comment that must not leave the machine.
    func testGIF() throws -> URL {
        let gif = home.appendingPathComponent("Pictures/chat.gif")
        try FileManager.default.createDirectory(at: gif.deletingLastPathComponent(), withIntermediateDirectories: true)
        let made = try Shell.run(
            "/usr/bin/convert",
            [
                "-size", "160x120", "xc:red", "xc:green", "xc:blue", "-set", "delay", "30", "-loop", "0", "-set",
                "comment", "made at home by alice", gif.path,
            ])
        XCTAssertEqual(made.code, 0, made.stderr)
        return gif
    }

    /// The half-made encodes in the outbox's media folder (paths under it, each ending ".part").
    func videoPartFiles() -> [String] {
        let folder = outboxDirectory.appendingPathComponent("media").path
        return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".part") }
    }

    /// A clip of `seconds` at 640 × 360 and 30 frames a second with a tone, made by gst-launch-1.0;
    /// `located`: with a location, a make and a model written into its container as a phone would.
    func testClip(_ name: String, seconds: Int, located: Bool) throws -> URL {
        let folder = home.appendingPathComponent("Videos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clip = folder.appendingPathComponent(name)
        let made = try Shell.run(
            "/usr/bin/gst-launch-1.0",
            [
                "-q", "videotestsrc", "num-buffers=\(seconds * 30)", "!",
                "video/x-raw,width=640,height=360,framerate=30/1", "!", "x264enc", "speed-preset=ultrafast", "!",
                "mp4mux", "name=mux", "!", "filesink", "location=\(clip.path)", "audiotestsrc",
                "num-buffers=\(seconds * 44100 / 1024)", "!", "audioconvert", "!", "avenc_aac", "!", "mux.",
            ])
        XCTAssertEqual(made.code, 0, made.stderr)
        if located {
            let tagged = try Shell.run(
                "/usr/bin/exiftool",
                [
                    "-q", "-overwrite_original", "-Keys:GPSCoordinates=48.8584, 2.2945, 35",
                    "-UserData:GPSCoordinates=48.8584, 2.2945, 35", "-Keys:Make=Apple", "-Keys:Model=iPhone 15",
                    clip.path,
                ])
            XCTAssertEqual(tagged.code, 0, tagged.stderr)
        }
        return clip
    }
}
