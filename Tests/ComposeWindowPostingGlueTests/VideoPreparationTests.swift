import ComposeWindowPostingGlue
import Foundation
import XCTest

@testable import ComposeWindowCore

/// A video or an animated GIF made to fit a network (#62): GStreamer reads it, encodes it again
/// within the network's pixels, frame rate and size, and nothing of the file's container tags goes
/// on, read back by a second tool (exiftool). Clips are made here by gst-launch-1.0, short and small.
final class VideoPreparationTests: XCTestCase {
    private var folder = URL(fileURLWithPath: "/")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("videos-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Runs `tool` to its end (each call here ends by itself: a fixed count of frames) and gives
    /// back its standard output.
    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
        return data
    }

    /// A clip of `seconds` at `width` × `height` and `rate` frames a second, with sound or not.
    private func clip(
        _ name: String, width: Int = 320, height: Int = 240, rate: Int = 30, seconds: Int = 2, sound: Bool = true
    ) throws -> String {
        let path = folder.appendingPathComponent(name).path
        var pipeline = [
            "-q", "videotestsrc", "num-buffers=\(rate * seconds)", "!",
            "video/x-raw,width=\(width),height=\(height),framerate=\(rate)/1", "!", "x264enc", "speed-preset=ultrafast",
            "!", "mp4mux", "name=mux", "!", "filesink", "location=\(path)",
        ]
        if sound {
            pipeline += [
                "audiotestsrc", "num-buffers=\(seconds * 44100 / 1024)", "!", "audioconvert", "!", "avenc_aac", "!",
                "mux.",
            ]
        }
        try run("/usr/bin/gst-launch-1.0", pipeline)
        return path
    }

    /// Every tag exiftool reads in `path`, by group and name ("Keys:GPSCoordinates").
    private func tags(_ path: String) throws -> [String: Any] {
        let json = try run("/usr/bin/exiftool", ["-j", "-G1", "-a", "-n", path])
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        return try XCTUnwrap(list.first)
    }

    private func prepare(
        _ path: String, limits: VideoLimits, isCancelled: @escaping () -> Bool = { false }
    ) throws -> (Result<PreparedImage, VideoPreparation.Failure>, VideoFit.Output) {
        let facts = try VideoPreparation.facts(of: path).get()
        let output = try VideoFit.plan(facts, limits: limits).get()
        let file = folder.appendingPathComponent("prepared.mp4").path
        let result = VideoPreparation.prepare(
            path, facts: facts, output: output, maxBytes: limits.maxBytes, to: file, progress: { _ in },
            isCancelled: isCancelled)
        return (result, output)
    }

    func testAPhoneClipArrivesWithoutItsLocationDeviceOrDates() throws {
        let path = try clip("phone.mp4")
        try run(
            "/usr/bin/exiftool",
            [
                "-q", "-overwrite_original", "-Keys:GPSCoordinates=48.8584, 2.2945, 35",
                "-UserData:GPSCoordinates=48.8584, 2.2945, 35", "-Keys:Make=Apple", "-Keys:Model=iPhone 15",
                "-UserData:Make=Apple", "-XMP-exif:DateTimeOriginal=2026:05:01 10:00:00", path,
            ])
        let before = try tags(path)
        XCTAssertNotNil(before["Keys:GPSCoordinates"], "the clip carries a location (so the test means something)")
        XCTAssertNotNil(before["XMP-exif:DateTimeOriginal"])

        let prepared = try prepare(path, limits: .bluesky).0.get()
        XCTAssertEqual(prepared.mimeType, "video/mp4")
        let after = try tags(prepared.file)
        let leaked = after.keys.filter {
            let name = $0.lowercased()
            return ["gps", "make", "model", "original", "xmp", "location", "author", "artist"].contains {
                name.contains($0)
            }
        }
        XCTAssertEqual(leaked.sorted(), [], "read back by exiftool: \(after)")
        XCTAssertEqual(after["Track1:CompressorID"] as? String, "avc1")
        XCTAssertEqual(after["Track2:AudioFormat"] as? String, "mp4a", "the sound stays")
        XCTAssertEqual(
            prepared.byteCount, try FileManager.default.attributesOfItem(atPath: prepared.file)[.size] as? Int)
    }

    func testAVideoOverTheLimitsIsScaledAndSlowedToFit() throws {
        let path = try clip("large.mp4", width: 1280, height: 720, rate: 60, seconds: 1, sound: false)
        let limits = VideoLimits(
            maxBytes: 2_000_000, maxPixels: 320 * 180, maxFramesPerSecond: 24, maxDurationMilliseconds: nil)
        let (result, output) = try prepare(path, limits: limits)
        let prepared = try result.get()
        XCTAssertEqual([output.width, output.height, output.framesPerSecond], [320, 180, 24])
        let after = try tags(prepared.file)
        XCTAssertEqual(after["Track1:ImageWidth"] as? Int, 320)
        XCTAssertEqual(after["Track1:ImageHeight"] as? Int, 180)
        XCTAssertEqual((after["Track1:VideoFrameRate"] as? Double).map { $0.rounded() }, 24)
        XCTAssertLessThanOrEqual(prepared.byteCount, limits.maxBytes)
        let facts = try VideoPreparation.facts(of: prepared.file).get()
        XCTAssertFalse(facts.hasAudio)
        XCTAssertEqual(facts.durationMilliseconds, 1000, accuracy: 100)
    }

    func testAnAnimatedGIFBecomesASilentMP4() throws {
        let gif = folder.appendingPathComponent("chat.gif").path
        try run(
            "/usr/bin/convert",
            [
                "-size", "120x90", "xc:red", "xc:green", "xc:blue", "-set", "delay", "20", "-loop", "0",
                "-set", "comment", "taken at home by alice", gif,
            ])
        let facts = try VideoPreparation.facts(of: gif).get()
        XCTAssertTrue(facts.isGIF)
        XCTAssertFalse(facts.hasAudio)
        XCTAssertEqual([facts.width, facts.height], [120, 90])
        let prepared = try prepare(gif, limits: .bluesky).0.get()
        let after = try tags(prepared.file)
        XCTAssertEqual(after["File:MIMEType"] as? String, "video/mp4")
        XCTAssertFalse(String(describing: after).contains("alice"), "the GIF's comment is gone: \(after)")
        XCTAssertEqual(after["Track1:ImageWidth"] as? Int, 120)
        // Three frames of 200 ms each, at their times (libav's demuxer would stamp them all 0).
        XCTAssertEqual(facts.durationMilliseconds, 600)
        XCTAssertEqual(try VideoPreparation.facts(of: prepared.file).get().durationMilliseconds, 600, accuracy: 40)
    }

    /// Memory while a 1080p clip is encoded again stays bounded: decoder, scaler and encoder hold a
    /// few frames each, never the clip (a figure for the notes, not a time).
    func testMemoryWhileReencodingStaysBounded() throws {
        let path = try clip("full-hd.mp4", width: 1920, height: 1080, rate: 30, seconds: 4)
        var before = rusage()
        getrusage(RUSAGE_SELF.rawValue, &before)
        let prepared = try prepare(path, limits: .bluesky).0.get()
        var after = rusage()
        getrusage(RUSAGE_SELF.rawValue, &after)
        let grownMegabytes = (after.ru_maxrss - before.ru_maxrss) / 1024
        print("video re-encoding: peak resident memory grew by \(grownMegabytes) MB for a 1080p clip")
        XCTAssertLessThan(grownMegabytes, 320)
        XCTAssertEqual(try VideoPreparation.facts(of: prepared.file).get().width, 1920)
    }

    /// An upright phone clip is stored on its side with a rotation: it is planned, encoded and
    /// shown upright, and no rotation is left to turn it again.
    func testAClipStoredOnItsSideGoesUpright() throws {
        let path = try clip("upright.mp4", width: 640, height: 360, seconds: 1)
        try run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-Rotation=90", path])
        let facts = try VideoPreparation.facts(of: path).get()
        XCTAssertEqual([facts.width, facts.height], [360, 640])
        let prepared = try prepare(path, limits: .bluesky).0.get()
        XCTAssertEqual([prepared.width, prepared.height], [360, 640])
        let after = try tags(prepared.file)
        XCTAssertEqual(after["Track1:ImageWidth"] as? Int, 360)
        XCTAssertEqual(after["Track1:ImageHeight"] as? Int, 640)
        XCTAssertEqual(after["Track1:Rotation"] as? Int ?? 0, 0)
    }

    /// A GIF whose delays add up past what gdk-pixbuf's `int` holds (it would abort the process):
    /// refused from its blocks, before gdk-pixbuf's animation is made.
    func testAGIFTooLongForGdkPixbufIsRefusedNotAborted() throws {
        var bytes = Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for _ in 0..<3_300 {
            bytes += [0x21, 0xF9, 4, 0, 0xFF, 0xFF, 0, 0] + [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0]
        }
        let path = folder.appendingPathComponent("forever.gif").path
        try Data(bytes + [0x3B]).write(to: URL(fileURLWithPath: path))
        XCTAssertFalse(AttachedMedia.isVideo(path), "not taken as a video it cannot be")
        guard case .failure = VideoPreparation.facts(of: path) else { return XCTFail("read as a video") }
        // As an image, gdk-pixbuf shows its first frame and never walks the delays.
        XCTAssertEqual(try AttachedMedia.check(path).get(), .image)
    }

    func testCancelLeavesNoFileBehind() throws {
        let path = try clip("long.mp4", seconds: 20)
        let facts = try VideoPreparation.facts(of: path).get()
        let output = try VideoFit.plan(facts, limits: .bluesky).get()
        var started = false
        let result = VideoPreparation.prepare(
            path, facts: facts, output: output, maxBytes: VideoLimits.bluesky.maxBytes,
            to: folder.appendingPathComponent("prepared.mp4").path, progress: { started = started || $0 > 0 },
            isCancelled: { started })
        guard case .failure(let failure) = result else { return XCTFail("a cancelled run prepared the video") }
        XCTAssertEqual(failure.reason, "cancelled")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("prepared") }
        XCTAssertEqual(left, [])
    }

    func testWhatIsNoVideoIsRefusedWithAReason() throws {
        let text = folder.appendingPathComponent("notes.mp4").path
        try "not a video at all".write(toFile: text, atomically: true, encoding: .utf8)
        let cut = folder.appendingPathComponent("cut.mp4").path
        let whole = try Data(contentsOf: URL(fileURLWithPath: try clip("whole.mp4")))
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: cut))
        for path in [text, cut, folder.path] {
            switch VideoPreparation.facts(of: path) {
            case .failure(let failure): XCTAssertFalse(failure.reason.isEmpty)
            case .success(let facts):
                // A cut file may still be read in part; then it is encoded as far as it goes.
                let output = try VideoFit.plan(facts, limits: .bluesky).get()
                let file = folder.appendingPathComponent("prepared.mp4").path
                _ = VideoPreparation.prepare(
                    path, facts: facts, output: output, maxBytes: VideoLimits.bluesky.maxBytes, to: file,
                    progress: { _ in }, isCancelled: { false })
            }
        }
        guard case .failure(let failure) = VideoPreparation.facts(of: text) else {
            return XCTFail("text read as video")
        }
        XCTAssertEqual(failure.reason, "not a video compose-window can read")
    }
}
