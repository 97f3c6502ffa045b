import CComposeWindowPixbuf
import ComposeWindowCore
import Glibc

/// An animated GIF's frames, read by gdk-pixbuf: libav's GIF demuxer in Debian 12's GStreamer never
/// ends a GIF (it logs "invalid block label" and waits). The loader is left open while the frames
/// are walked, so gdk-pixbuf marks the last one (`on_currently_loading_frame`) instead of looping;
/// each frame starts when the delays before it add up to. gdk-pixbuf keeps frames compressed and
/// composites one at a time, so memory is the file and one frame.
final class GIFFrames {
    struct Frame {
        /// The composited frame, owned by the animation (valid until the next step).
        let pixbuf: OpaquePointer
        let startMilliseconds: Int64
        let delayMilliseconds: Int64
    }

    /// More frames than this are refused: no GIF people post has them.
    static let mostFrames = 20_000
    /// A frame without a delay shows for a tenth of a second, as browsers show it.
    static let defaultDelay: Int64 = 100
    /// Files larger than this are refused before they are read.
    static let largestFile = 200 * 1024 * 1024

    let width: Int
    let height: Int
    private let loader: UnsafeMutablePointer<GdkPixbufLoader>
    private let animation: OpaquePointer
    private let iterator: OpaquePointer
    private var time: Int64 = 0
    private var walked = 0
    private var ended = false

    /// What the GIF at `path` is from its blocks (GIFScan), nil for no GIF, one longer than an
    /// hour or with more than `mostFrames` frames: what gdk-pixbuf's animation may be given.
    static func summary(_ path: String) -> GIFScan.Summary? {
        guard let bytes = try? SystemIO.contents(ofFile: path, most: largestFile, following: true),
            let summary = GIFScan.summary(bytes, mostFrames: mostFrames),
            summary.milliseconds <= VideoFit.longestInput
        else { return nil }
        return summary
    }

    /// The GIF at `path`, or nil when gdk-pixbuf cannot read it as one (or GIFScan refuses it).
    init?(_ path: String, mostPixels: Int) {
        guard let bytes = try? SystemIO.contents(ofFile: path, most: Self.largestFile, following: true),
            let summary = GIFScan.summary(bytes, mostFrames: Self.mostFrames),
            summary.milliseconds <= VideoFit.longestInput, summary.width > 0, summary.height > 0,
            summary.width * summary.height <= mostPixels,
            let loader = gdk_pixbuf_loader_new_with_mime_type("image/gif", nil)
        else { return nil }
        let (width, height) = (summary.width, summary.height)
        let written = bytes.withUnsafeBufferPointer {
            gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), nil) != 0
        }
        guard written, let animation = gdk_pixbuf_loader_get_animation(loader),
            let iterator = compose_window_animation_iter(animation)
        else {
            gdk_pixbuf_loader_close(loader, nil)
            g_object_unref(UnsafeMutableRawPointer(loader))
            return nil
        }
        self.loader = loader
        self.animation = animation
        self.iterator = iterator
        self.width = width
        self.height = height
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(iterator))
        gdk_pixbuf_loader_close(loader, nil)
        g_object_unref(UnsafeMutableRawPointer(loader))
    }

    /// The next frame, or nil after the last (or past `mostFrames`).
    func next() -> Frame? {
        guard !ended, walked < Self.mostFrames, let pixbuf = gdk_pixbuf_animation_iter_get_pixbuf(iterator) else {
            return nil
        }
        let delay = Int64(gdk_pixbuf_animation_iter_get_delay_time(iterator))
        let shown = delay > 0 ? delay : Self.defaultDelay
        let frame = Frame(pixbuf: pixbuf, startMilliseconds: time, delayMilliseconds: shown)
        ended = delay < 0 || gdk_pixbuf_animation_iter_on_currently_loading_frame(iterator) != 0
        walked += 1
        time += shown
        if !ended { compose_window_animation_advance(iterator, gint64(time)) }
        return frame
    }

}

/// A GIF's frames at a constant `rate` a second, each repeated for the ticks its delay covers (a
/// frame shorter than a tick is skipped): given the frames as they are, videorate drops the last
/// ones at the end of the stream.
final class GIFTicks {
    private let frames: GIFFrames
    private let rate: Int64
    private var current: GIFFrames.Frame?
    private var tick: Int64 = 0

    init(_ frames: GIFFrames, rate: Int) {
        self.frames = frames
        self.rate = Int64(max(1, rate))
    }

    /// The frame shown at the next tick, and that tick's number; nil after the last.
    func next() -> (pixbuf: OpaquePointer, tick: Int64)? {
        while true {
            if let frame = current, tick * 1000 < (frame.startMilliseconds + frame.delayMilliseconds) * rate {
                defer { tick += 1 }
                return (frame.pixbuf, tick)
            }
            guard let next = frames.next() else { return nil }
            current = next
        }
    }
}
