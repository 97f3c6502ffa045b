import CComposeWindowPixbuf
import ComposeWindowCore
import Glibc

/// What an attached file is: an image, or what goes as a video (a video, or a GIF of more than one
/// frame, which both networks show as a silent looping clip). Read on a worker thread, never the main one.
package enum AttachedMedia: Equatable, Sendable {
    case image
    case video(durationMilliseconds: Int64)

    package var isVideo: Bool { if case .video = self { true } else { false } }

    /// What the file at `path` is, or why it cannot be attached (the reason in words).
    package static func check(_ path: String) -> Result<AttachedMedia, ImagePreparation.Failure> {
        if isVideo(path) {
            return VideoPreparation.facts(of: path).map { .video(durationMilliseconds: $0.durationMilliseconds) }
        }
        return ImagePreparation.facts(of: path).map { _ in .image }
    }

    /// Whether the file at `path` goes as a video: GIO's type from its first bytes is a video, or it
    /// is a GIF of more than one frame (GIFScan, from its blocks).
    package static func isVideo(_ path: String) -> Bool {
        guard let head = try? SystemIO.prefix(ofFile: path, count: 4096, following: true), !head.isEmpty else {
            return false
        }
        var uncertain: gboolean = 0
        let guessed = head.withUnsafeBufferPointer {
            g_content_type_guess(nil, $0.baseAddress, gsize($0.count), &uncertain)
        }
        defer { g_free(guessed) }
        guard let guessed else { return false }
        if g_content_type_is_a(guessed, "image/gif") != 0 { return (GIFFrames.summary(path)?.frames ?? 0) > 1 }
        let type = String(cString: guessed)
        return type.hasPrefix("video/") || g_content_type_is_a(guessed, "video/*") != 0
    }

    /// `path` made to fit `limits` as a video and written to `file`, the share done given to
    /// `progress` as it goes (on this thread); `isCancelled` stops it, leaving no file.
    package static func prepareVideo(
        _ path: String, limits: VideoLimits, to file: String, progress: (Double) -> Void,
        isCancelled: () -> Bool
    ) -> Result<PreparedImage, ImagePreparation.Failure> {
        let facts: VideoFacts
        switch VideoPreparation.facts(of: path) {
        case .success(let found): facts = found
        case .failure(let failure): return .failure(failure)
        }
        switch VideoFit.plan(facts, limits: limits) {
        case .failure(let refusal): return .failure(ImagePreparation.Failure(reason: refusal.reason))
        case .success(let output):
            return VideoPreparation.prepare(
                path, facts: facts, output: output, maxBytes: limits.maxBytes, to: file, progress: progress,
                isCancelled: isCancelled)
        }
    }
}
