import Foundation
import XCTest

/// Videos to Bluesky through its video service (video.bsky.app's stand-in), as social-app sends
/// them: the daily limits, a service-auth token for each call, the bytes once, the job asked after
/// until it stored the blob on the PDS, then the record naming it. The stand-in keeps the bytes it
/// was sent, read back with exiftool.
final class BlueskyVideoPostingTests: SandboxTestCase {
    /// A 10 s recording with a location in its container, to both networks: each gets it once,
    /// without the location; Bluesky's through the video service, never by uploadBlob.
    func testATenSecondClipReachesEachNetworkOnceWithoutItsLocation() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let clip = try sandbox.testClip("recording.mp4", seconds: 10, located: true)
        let window = try sandbox.send(
            "Ten seconds", to: "mastodon,bluesky", extra: ["--attach", clip.path, "--alt", "Bars and a tone"])
        let finished = try XCTUnwrap(window.finish(timeout: 240))
        XCTAssertEqual(finished.code, 0, finished.stderr)

        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.count, 1, "Mastodon got the video once")
        XCTAssertEqual(media.first?["metadata"] as? [String], [])
        XCTAssertEqual(sandbox.statuses.count, 1)

        let jobs = sandbox.videoJobs
        XCTAssertEqual(jobs.count, 1, "the video service got the video once")
        let job = try XCTUnwrap(jobs.first)
        XCTAssertEqual(job["state"] as? String, "JOB_STATE_COMPLETED")
        XCTAssertEqual(job["metadata"] as? [String], [], "no GPS, make, model or date reached Bluesky")
        XCTAssertEqual((job["did"] as? String)?.hasPrefix("did:plc:alice"), true)
        let sent = try sandbox.exiftool(sandbox.directory.appendingPathComponent(try XCTUnwrap(job["file"] as? String)))
        XCTAssertFalse(sent.contains("GPS"), sent)
        XCTAssertFalse(sent.contains("iPhone"), sent)
        XCTAssertTrue(sent.contains("Duration"), "exiftool read the bytes as a video: \(sent)")

        let video = sandbox.requests.filter { $0.host == "video.bsky.app" }.map(\.path)
        XCTAssertEqual(
            Array(video.prefix(2)), ["/xrpc/app.bsky.video.getUploadLimits", "/xrpc/app.bsky.video.uploadVideo"],
            "the limits first, then the bytes")
        XCTAssertEqual(video.filter { $0.hasSuffix("uploadVideo") }.count, 1)
        XCTAssertEqual(sandbox.requests.filter { $0.path.hasSuffix("getServiceAuth") }.count, 2, "a token a call")
        XCTAssertEqual(sandbox.requests.filter { $0.path.hasSuffix("uploadBlob") }.count, 0)

        XCTAssertEqual(sandbox.records.count, 1)
        let record = try XCTUnwrap(sandbox.records.first)
        let embed = try XCTUnwrap((record["value"] as? [String: Any])?["embed"] as? [String: Any])
        XCTAssertEqual(embed["$type"] as? String, "app.bsky.embed.video")
        let ref = (embed["video"] as? [String: Any])?["ref"] as? [String: String]
        XCTAssertEqual(ref, ["$link": job["blob"] as? String ?? "?"], "the blob the service stored")
        XCTAssertNil(embed["presentation"], "a video, not a GIF")
        try assertTheLexiconAccepts(record)
    }

    /// kill -9 while the video service processes the video: the next start asks after the job the
    /// outbox kept, and posts once, the video uploaded once.
    func testAKillWhileBlueskyProcessesUploadsOnceAndPostsOnce() throws {
        let sandbox = try killWhileProcessingThenSend(
            "bluesky", processing: ["blueskyVideoProcessing": 8], askedAfter: { $0.hasSuffix("getJobStatus") })
        XCTAssertEqual(sandbox.records.count, 1, "posted once")
        XCTAssertEqual(sandbox.requests.filter { $0.path.hasSuffix("uploadVideo") }.count, 1, "uploaded once")
        XCTAssertEqual(sandbox.videoJobs.count, 1)
    }

    /// The account has no videos left today: the service's words, before any byte is uploaded, and
    /// the draft stays for another day.
    func testTheDailyLimitIsSaidBeforeAnythingIsUploaded() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        try sandbox.setServer(["blueskyVideoDailyVideos": 0])
        let clip = try sandbox.testClip("today.mp4", seconds: 1, located: false)
        let window = try sandbox.send("Not today", to: "bluesky", extra: ["--attach", clip.path, "--alt", "Bars"])
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post", timeout: 120), "the run ended")
        // The bar shows the outbox's failure: the service's own words.
        let outboxes =
            (try? FileManager.default.contentsOfDirectory(
                at: sandbox.outboxDirectory, includingPropertiesForKeys: nil)) ?? []
        let kept = outboxes.filter { $0.pathExtension == "json" }.compactMap {
            try? String(contentsOf: $0, encoding: .utf8)
        }
        XCTAssertTrue(kept.contains { $0.contains("User has exceeded daily upload videos limit") }, "\(kept)")
        XCTAssertEqual(sandbox.requests.filter { $0.path.hasSuffix("uploadVideo") }.count, 0)
        XCTAssertEqual(sandbox.requests.filter { $0.path.hasSuffix("uploadBlob") }.count, 0, "no way around it")
        XCTAssertEqual(sandbox.records.count, 0)
        XCTAssertTrue(window.isRunning, "the window stays with the post")
    }

    /// `--caption en:subs.vtt` with the video: the caption goes to the PDS once (uploadBlob,
    /// text/vtt), after the video, and the record's embed names it with its language.
    func testACaptionReachesBlueskyOnceWithItsLanguage() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let clip = try sandbox.testClip("captioned.mp4", seconds: 1, located: false)
        let subs = sandbox.home.appendingPathComponent("subs.vtt")
        let words = Data("WEBVTT\n\n00:00.000 --> 00:01.000\nBars and a tone\n".utf8)
        try words.write(to: subs)
        let window = try sandbox.send(
            "Captioned", to: "bluesky", extra: ["--attach", clip.path, "--alt", "Bars", "--caption", "en:" + subs.path])
        let finished = try XCTUnwrap(window.finish(timeout: 240))
        XCTAssertEqual(finished.code, 0, finished.stderr)

        XCTAssertEqual(sandbox.records.count, 1)
        XCTAssertEqual(sandbox.requests.filter { $0.path.hasSuffix("uploadBlob") }.count, 1, "the caption, once")
        let paths = sandbox.requests.map(\.path)
        let caption = try XCTUnwrap(paths.firstIndex { $0.hasSuffix("uploadBlob") })
        XCTAssertLessThan(try XCTUnwrap(paths.lastIndex { $0.hasSuffix("getJobStatus") }), caption, "after the video")
        let record = try XCTUnwrap(sandbox.records.first)
        let embed = try XCTUnwrap((record["value"] as? [String: Any])?["embed"] as? [String: Any])
        XCTAssertEqual(embed["$type"] as? String, "app.bsky.embed.video")
        let captions = try XCTUnwrap(embed["captions"] as? [[String: Any]])
        XCTAssertEqual(captions.count, 1)
        XCTAssertEqual(captions.first?["lang"] as? String, "en")
        let file = try XCTUnwrap(captions.first?["file"] as? [String: Any])
        XCTAssertEqual(file["mimeType"] as? String, "text/vtt")
        XCTAssertEqual(file["size"] as? Int, words.count, "the file's bytes as they were")
        try assertTheLexiconAccepts(record)
    }

    /// A caption that cannot go (not WebVTT, too large, no language, no video to go with): one line,
    /// exit 2, before any window or request.
    func testABadCaptionIsAUsageErrorOfOneLine() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let clip = try sandbox.testClip("bad.mp4", seconds: 1, located: false)
        let subRip = sandbox.home.appendingPathComponent("subs.srt")
        try Data("1\n00:00:00,000 --> 00:00:01,000\nHi\n".utf8).write(to: subRip)
        let large = sandbox.home.appendingPathComponent("large.vtt")
        try Data(("WEBVTT\n\n" + String(repeating: "a", count: 20_000)).utf8).write(to: large)
        let good = sandbox.home.appendingPathComponent("good.vtt")
        try Data("WEBVTT\n".utf8).write(to: good)
        let cases: [([String], String)] = [
            (["--attach", clip.path, "--caption", "en:" + subRip.path], "WEBVTT"),
            (["--attach", clip.path, "--caption", "en:" + large.path], "20000"),
            (["--attach", clip.path, "--caption", "english:" + good.path], "english"),
            (["--attach", clip.path, "--caption", good.path], "LANG:FILE"),
            (["--caption", "en:" + good.path], "no video"),
        ]
        let requestsBefore = sandbox.requests.count
        for (arguments, words) in cases {
            let run = try sandbox.composeWindow(["--to", "bluesky", "--no-spell"] + arguments, stdin: "Hi")
            XCTAssertEqual(run.code, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertTrue(run.stderr.hasPrefix("compose-window: --caption: "), run.stderr)
            XCTAssertTrue(run.stderr.contains(words), run.stderr)
        }
        XCTAssertEqual(sandbox.requests.count, requestsBefore, "nothing asked of any network")
    }
}

extension NetworkSandbox {
    /// The video service stand-in's jobs (state.json's videoJobs).
    var videoJobs: [[String: Any]] { state["videoJobs"] as? [[String: Any]] ?? [] }

    /// What exiftool reads in `file`, every tag with its group.
    func exiftool(_ file: URL) throws -> String {
        let read = try Shell.run("/usr/bin/exiftool", ["-a", "-G1", file.path])
        XCTAssertEqual(read.code, 0, read.stderr)
        return read.stdout
    }
}
