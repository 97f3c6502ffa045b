/// What a video (or an animated GIF) is, as GStreamer's discoverer read it before any decoding.
package struct VideoFacts: Hashable, Sendable {
    /// As shown: the stored size with the pixel aspect ratio applied.
    package let width: Int
    package let height: Int
    /// 0 when the file does not say (a GIF's frames each carry their own delay).
    package let framesPerSecond: Double
    package let durationMilliseconds: Int64
    package let byteCount: Int
    package let hasAudio: Bool
    package let isGIF: Bool

    package init(
        width: Int, height: Int, framesPerSecond: Double, durationMilliseconds: Int64, byteCount: Int,
        hasAudio: Bool, isGIF: Bool
    ) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.durationMilliseconds = durationMilliseconds
        self.byteCount = byteCount
        self.hasAudio = hasAudio
        self.isGIF = isGIF
    }
}

/// What a network takes of a video.
package struct VideoLimits: Hashable, Sendable {
    package let maxBytes: Int
    /// Width × height.
    package let maxPixels: Int
    package let maxFramesPerSecond: Int
    package let maxDurationMilliseconds: Int64?

    package init(maxBytes: Int, maxPixels: Int, maxFramesPerSecond: Int, maxDurationMilliseconds: Int64?) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.maxFramesPerSecond = maxFramesPerSecond
        self.maxDurationMilliseconds = maxDurationMilliseconds
    }

    /// These limits with at most `bytes` (a server refused more).
    package func withMaxBytes(_ bytes: Int) -> VideoLimits {
        VideoLimits(
            maxBytes: min(bytes, maxBytes), maxPixels: maxPixels, maxFramesPerSecond: maxFramesPerSecond,
            maxDurationMilliseconds: maxDurationMilliseconds)
    }

    /// Bluesky's video service (docs/servers.md, "Video"): MP4 only, three minutes, and 100 MB, the
    /// service's size before the lexicon allowed 300 MB (an older service refuses more).
    package static let bluesky = VideoLimits(
        maxBytes: 100_000_000, maxPixels: 3840 * 2160, maxFramesPerSecond: 60, maxDurationMilliseconds: 180_000)

    /// Mastodon's `configuration.media_attachments` figures, and its own when a server does not say
    /// (media_attachment.rb: 99 MB, 3840 × 2160, 120 frames a second; no length).
    package static func mastodon(sizeLimit: Int?, matrixLimit: Int?, frameRateLimit: Int?) -> VideoLimits {
        VideoLimits(
            maxBytes: sizeLimit ?? 103_809_024, maxPixels: matrixLimit ?? 8_294_400,
            maxFramesPerSecond: frameRateLimit ?? 120, maxDurationMilliseconds: nil)
    }
}

/// How a video is made to fit a network: always decoded and encoded again (H.264 and AAC in an MP4
/// whose index comes first), so no byte of the camera's container, tags or streams goes on; scaled
/// down to the network's pixels and to 1080p (what either network plays), the frame rate held to
/// the network's and 60, and the bit rate chosen so the file stays under the network's size.
package enum VideoFit {
    package struct Output: Hashable, Sendable {
        package let width: Int
        package let height: Int
        package let framesPerSecond: Int
        package let videoKilobitsPerSecond: Int
        /// 0: no sound (a GIF, a silent clip).
        package let audioKilobitsPerSecond: Int
    }

    /// Files are refused past these before decoding: longer than an hour, or more pixels than
    /// 4096 × 2304 (a decoder holds up to 16 frames: 4K's stay near 200 MB).
    package static let longestInput: Int64 = 3_600_000
    package static let mostInputPixels = 4096 * 2304
    /// 1080p's pixels: what either network plays at most.
    static let mostOutputPixels = 1920 * 1080
    static let audioKilobitsPerSecond = 128
    /// A bit rate below this is no longer worth watching: such a video is refused as too long.
    static let leastVideoKilobitsPerSecond = 150

    /// The encoding of `facts` that fits `limits`, or why none does (in words for the error bar).
    package static func plan(_ facts: VideoFacts, limits: VideoLimits) -> Result<Output, Refusal> {
        guard facts.width > 0, facts.height > 0, facts.durationMilliseconds > 0 else { return .failure(.unreadable) }
        let (pixels, overflow) = facts.width.multipliedReportingOverflow(by: facts.height)
        guard !overflow, pixels <= mostInputPixels else {
            return .failure(.tooManyPixels(width: facts.width, height: facts.height))
        }
        guard facts.durationMilliseconds <= longestInput else { return .failure(.tooLong(most: longestInput)) }
        if let most = limits.maxDurationMilliseconds, facts.durationMilliseconds > most {
            return .failure(.tooLong(most: most))
        }
        let (width, height) = fitted(facts, pixels: min(limits.maxPixels, mostOutputPixels))
        // A GIF's frames each have their own delay: thirty a second keeps every one of them.
        let sourceRate = facts.framesPerSecond > 0 && !facts.isGIF ? Int(facts.framesPerSecond.rounded()) : 30
        let rate = max(1, min(sourceRate, limits.maxFramesPerSecond, 60))
        let audio = facts.hasAudio && !facts.isGIF ? audioKilobitsPerSecond : 0
        // 8 % for the container and the encoder's overshoot.
        let seconds = Double(facts.durationMilliseconds) / 1000
        let budget = Int(Double(limits.maxBytes) * 8 * 0.92 / seconds / 1000) - audio
        // About 0.1 bit a pixel a frame: 6 Mb/s for 1080p at 30 frames, never under 300 kb/s.
        let quality = min(max(width * height * rate / 10_000, 300), 8000)
        guard budget >= leastVideoKilobitsPerSecond else { return .failure(.tooLargeAtAnyRate(bytes: limits.maxBytes)) }
        return .success(
            Output(
                width: width, height: height, framesPerSecond: rate, videoKilobitsPerSecond: min(quality, budget),
                audioKilobitsPerSecond: audio))
    }

    /// The largest even size of the same shape within `pixels` (H.264's 4:2:0 needs even sides).
    static func fitted(_ facts: VideoFacts, pixels: Int) -> (Int, Int) {
        var width = Double(facts.width)
        var height = Double(facts.height)
        if facts.width * facts.height > pixels {
            let scale = (Double(pixels) / (width * height)).squareRoot()
            width *= scale
            height *= scale
        }
        return (max(2, Int(width) & ~1), max(2, Int(height) & ~1))
    }

    package enum Refusal: Error, Hashable, Sendable {
        case unreadable
        case tooManyPixels(width: Int, height: Int)
        case tooLong(most: Int64)
        case tooLargeAtAnyRate(bytes: Int)

        package var reason: String {
            switch self {
            case .unreadable: localized("not a video compose-window can read")
            case .tooManyPixels(let width, let height):
                localized("too large ({0} × {1} pixels)", String(width), String(height))
            case .tooLong(let most): localized("longer than {0}", VideoFit.duration(most))
            case .tooLargeAtAnyRate(let bytes):
                localized("too long to fit in {0} MB", String(bytes / 1_000_000))
            }
        }
    }

    /// "0:07", "3:00", "1:02:03": how the attachment row and the refusals say a length.
    package static func duration(_ milliseconds: Int64) -> String {
        let seconds = (milliseconds + 500) / 1000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let padded = { (value: Int64) in value < 10 ? "0" + String(value) : String(value) }
        return hours > 0
            ? String(hours) + ":" + padded(minutes) + ":" + padded(rest) : String(minutes) + ":" + padded(rest)
    }
}
