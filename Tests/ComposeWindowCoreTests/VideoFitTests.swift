import Testing

@testable import ComposeWindowCore

/// How a video is made to fit a network (#62): its pixels, frame rate and bit rate chosen within the
/// network's limits, or refused with the reason before anything is decoded.
@Suite struct VideoFitTests {
    static func facts(
        _ width: Int, _ height: Int, fps: Double = 30, seconds: Double = 10, audio: Bool = true, gif: Bool = false
    ) -> VideoFacts {
        VideoFacts(
            width: width, height: height, framesPerSecond: fps, durationMilliseconds: Int64(seconds * 1000),
            byteCount: 50_000_000, hasAudio: audio, isGIF: gif)
    }

    @Test func aPhones4KClipComesDownTo1080pAtItsOwnRate() throws {
        let output = try VideoFit.plan(Self.facts(3840, 2160, fps: 60), limits: .bluesky).get()
        #expect([output.width, output.height, output.framesPerSecond] == [1920, 1080, 60])
        #expect(output.audioKilobitsPerSecond == 128)
        #expect(output.videoKilobitsPerSecond == 8000, "1080p at 60 frames, capped")
    }

    @Test func anUprightClipKeepsItsShapeWithEvenSides() throws {
        let output = try VideoFit.plan(Self.facts(1081, 1921), limits: .bluesky).get()
        #expect(output.width % 2 == 0 && output.height % 2 == 0)
        #expect(output.width * output.height <= 1920 * 1080)
        #expect(abs(Double(output.width) / Double(output.height) - 1081.0 / 1921.0) < 0.01)
        #expect(output.height > output.width)
    }

    @Test func theServersFrameRateAndPixelsBind() throws {
        let limits = VideoLimits.mastodon(sizeLimit: 40_000_000, matrixLimit: 640 * 360, frameRateLimit: 24)
        let output = try VideoFit.plan(Self.facts(1280, 720, fps: 59.94), limits: limits).get()
        #expect([output.width, output.height, output.framesPerSecond] == [640, 360, 24])
        let defaults = try VideoFit.plan(
            Self.facts(1280, 720, fps: 120), limits: .mastodon(sizeLimit: nil, matrixLimit: nil, frameRateLimit: nil)
        ).get()
        #expect(defaults.framesPerSecond == 60, "never more than 60 a second, whatever the server takes")
    }

    @Test func theBitRateKeepsALongVideoUnderTheSize() throws {
        let seconds = 170.0
        let output = try VideoFit.plan(Self.facts(1920, 1080, seconds: seconds), limits: .bluesky).get()
        let bytes = Double(output.videoKilobitsPerSecond + output.audioKilobitsPerSecond) * 1000 / 8 * seconds
        #expect(bytes <= Double(VideoLimits.bluesky.maxBytes) * 0.92)
        #expect(output.videoKilobitsPerSecond < 6000, "the size binds before the quality")
    }

    @Test func blueskyRefusesMoreThanThreeMinutes() {
        let refusal = VideoFit.plan(Self.facts(640, 360, seconds: 181), limits: .bluesky)
        #expect(refusal == .failure(.tooLong(most: 180_000)))
        #expect(VideoFit.Refusal.tooLong(most: 180_000).reason == "longer than 3:00")
        #expect((try? VideoFit.plan(Self.facts(640, 360, seconds: 180), limits: .bluesky).get()) != nil)
    }

    @Test func aVideoTooLongForTheSizeAtAnyRateIsRefused() {
        let limits = VideoLimits.mastodon(sizeLimit: 20_000_000, matrixLimit: nil, frameRateLimit: nil)
        #expect(
            VideoFit.plan(Self.facts(640, 360, seconds: 1800), limits: limits)
                == .failure(.tooLargeAtAnyRate(bytes: 20_000_000)))
        #expect(VideoFit.Refusal.tooLargeAtAnyRate(bytes: 20_000_000).reason == "too long to fit in 20 MB")
    }

    @Test func aGIFIsSilentAtThirtyFrames() throws {
        let output = try VideoFit.plan(
            Self.facts(480, 270, fps: 5, seconds: 3, audio: true, gif: true), limits: .bluesky
        ).get()
        #expect(output.audioKilobitsPerSecond == 0)
        #expect(output.framesPerSecond == 30)
        #expect([output.width, output.height] == [480, 270])
    }

    @Test func whatCannotBeAVideoIsRefusedBeforeDecoding() {
        #expect(VideoFit.plan(Self.facts(0, 360), limits: .bluesky) == .failure(.unreadable))
        #expect(VideoFit.plan(Self.facts(640, 360, seconds: 0), limits: .bluesky) == .failure(.unreadable))
        #expect(
            VideoFit.plan(Self.facts(16384, 16384), limits: .bluesky)
                == .failure(.tooManyPixels(width: 16384, height: 16384)))
        #expect(
            VideoFit.plan(
                Self.facts(640, 360, seconds: 7200),
                limits: .mastodon(sizeLimit: nil, matrixLimit: nil, frameRateLimit: nil))
                == .failure(.tooLong(most: VideoFit.longestInput)))
    }

    @Test(arguments: [(0, "0:00"), (7_400, "0:07"), (180_000, "3:00"), (3_723_000, "1:02:03")])
    func aLengthIsSaidAsPeopleReadIt(milliseconds: Int64, said: String) {
        #expect(VideoFit.duration(milliseconds) == said)
    }
}
