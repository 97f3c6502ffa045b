import CComposeWindowGStreamer
import CComposeWindowPixbuf
import ComposeWindowCore
import Glibc

/// A video or an animated GIF made to fit a network, as VideoFit decides: read by GstDiscoverer
/// before anything is decoded, then decoded, scaled, its frame rate set and encoded again (x264 and
/// AAC into an MP4 with its index first) by one GStreamer pipeline whose muxer takes no tag from
/// upstream, so no location, device, owner or creation tag of the file goes on. Runs on the thread
/// that calls it, never the main one; GStreamer is loaded on the first call.
package enum VideoPreparation {
    package typealias Failure = ImagePreparation.Failure

    /// Files larger than this are refused before they are read.
    static let largestFile: Int64 = 4 * 1024 * 1024 * 1024
    /// A pipeline whose position has not moved for this long is stopped: a file that stalls a
    /// decoder never holds the post up for ever.
    static let stallNanoseconds: Int64 = 30_000_000_000
    static let second: GstClockTime = 1_000_000_000

    private static let started: Bool = gst_init_check(nil, nil, nil) != 0

    /// What the file at `path` is as a video, or why it cannot be posted as one.
    package static func facts(of path: String) -> Result<VideoFacts, Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(Failure(reason: localized("not a file"))) }
        guard Int64(status.st_size) <= largestFile else {
            return .failure(Failure(reason: localized("larger than {0} MB", String(largestFile / 1024 / 1024))))
        }
        if isGIF(path) {
            guard let gif = GIFFrames.summary(path), gif.frames > 0 else { return .failure(unreadable) }
            return .success(
                VideoFacts(
                    width: gif.width, height: gif.height, framesPerSecond: 0, durationMilliseconds: gif.milliseconds,
                    byteCount: Int(status.st_size), hasAudio: false, isGIF: true))
        }
        guard started else { return .failure(Failure(reason: localized("GStreamer could not start"))) }
        guard let uri = g_filename_to_uri(path, nil, nil) else { return .failure(unreadable) }
        defer { g_free(uri) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard let discoverer = gst_discoverer_new(10 * second, &error) else { return .failure(unreadable) }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        guard let info = gst_discoverer_discover_uri(discoverer, uri, &error) else { return .failure(unreadable) }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK: break
        case GST_DISCOVERER_MISSING_PLUGINS:
            return .failure(Failure(reason: localized("in a format GStreamer here cannot decode")))
        default: return .failure(unreadable)
        }
        let videos = gst_discoverer_info_get_video_streams(info)
        defer { gst_discoverer_stream_info_list_free(videos) }
        guard let data = videos?.pointee.data else { return .failure(unreadable) }
        let video = OpaquePointer(data)
        guard gst_discoverer_video_info_is_image(video) == 0 else { return .failure(unreadable) }
        let audios = gst_discoverer_info_get_audio_streams(info)
        defer { gst_discoverer_stream_info_list_free(audios) }
        let rate = (
            gst_discoverer_video_info_get_framerate_num(video), gst_discoverer_video_info_get_framerate_denom(video)
        )
        let aspect = (gst_discoverer_video_info_get_par_num(video), gst_discoverer_video_info_get_par_denom(video))
        let stored = (Int(gst_discoverer_video_info_get_width(video)), Int(gst_discoverer_video_info_get_height(video)))
        // A crafted file's figures are refused before any product of them can overflow.
        guard (1...16384).contains(stored.0), (1...16384).contains(stored.1),
            aspect.0 == 0 || aspect.1 == 0
                || (1...16).contains(max(aspect.0, aspect.1) / max(1, min(aspect.0, aspect.1)))
        else { return .failure(unreadable) }
        let wide = aspect.0 > 0 && aspect.1 > 0 ? stored.0 * Int(aspect.0) / Int(aspect.1) : stored.0
        // A phone's upright clip is stored on its side with a rotation: the pipeline turns it
        // (videoflip), so it is planned as shown.
        let (width, height) = turnsAQuarter(video) ? (stored.1, wide) : (wide, stored.1)
        let duration = gst_discoverer_info_get_duration(info)
        return .success(
            VideoFacts(
                width: width, height: height,
                framesPerSecond: rate.1 > 0 ? Double(rate.0) / Double(rate.1) : 0,
                durationMilliseconds: duration == GstClockTime.max ? 0 : Int64(clamping: duration / 1_000_000),
                byteCount: Int(status.st_size), hasAudio: audios != nil, isGIF: false))
    }

    /// Whether the stream's `image-orientation` tag turns it a quarter (90° or 270°, flipped or not).
    private static func turnsAQuarter(_ video: OpaquePointer) -> Bool {
        guard let tags = gst_discoverer_stream_info_get_tags(video) else { return false }
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(tags, "image-orientation", &value) != 0, let value else { return false }
        defer { g_free(value) }
        return String(cString: value).hasSuffix("rotate-90") || String(cString: value).hasSuffix("rotate-270")
    }

    /// `path` encoded as `output` says, written durably to `file`. `progress` gets the share done
    /// (0…1) about five times a second; `isCancelled` is asked as often, and a cancelled run leaves
    /// no file behind.
    package static func prepare(
        _ path: String, facts: VideoFacts, output: VideoFit.Output, maxBytes: Int, to file: String,
        progress: (Double) -> Void, isCancelled: () -> Bool
    ) -> Result<PreparedImage, Failure> {
        guard started else { return .failure(Failure(reason: localized("GStreamer could not start"))) }
        let folder = g_path_get_dirname(file)!
        defer { g_free(folder) }
        g_mkdir_with_parents(folder, 0o700)
        let part = file + ".part"
        defer { unlink(part) }
        // An encoder overshoots a short clip's bit rate most: twice more, each three quarters.
        var bitrate = output.videoKilobitsPerSecond
        for _ in 0..<3 {
            if let failure = encode(
                path, facts: facts, output: output, bitrate: bitrate, to: part, progress, isCancelled)
            {
                return .failure(failure)
            }
            var written = stat()
            guard stat(part, &written) == 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
            if Int(written.st_size) <= maxBytes {
                guard SystemIO.moveDurably(part, to: file) else {
                    return .failure(Failure(reason: String(cString: strerror(errno))))
                }
                return .success(
                    PreparedImage(
                        file: file, mimeType: "video/mp4", width: output.width, height: output.height,
                        byteCount: Int(written.st_size), fromGIF: facts.isGIF))
            }
            bitrate = bitrate * 3 / 4
        }
        return .failure(Failure(reason: localized("too large for the network at any size")))
    }

    /// One run of the pipeline into `part`; nil when it ended well.
    private static func encode(
        _ path: String, facts: VideoFacts, output: VideoFit.Output, bitrate: Int, to part: String,
        _ progress: (Double) -> Void, _ isCancelled: () -> Bool
    ) -> Failure? {
        var frames: GIFFrames?
        if facts.isGIF {
            frames = GIFFrames(path, mostPixels: VideoFit.mostInputPixels)
            guard frames != nil else { return unreadable }
        }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        let launch = description(output, bitrate: bitrate, gif: frames.map { ($0.width, $0.height) })
        // The GIF's own size (GIFFrames), which the facts say too.
        if let frames, frames.height != facts.height { return unreadable }
        let launched = gst_parse_launch(launch, &error)
        // A missing element (x264enc, avenc_aac) still gives a pipeline, without it: refused, named.
        if let error {
            if let launched { gst_object_unref(launched) }
            return Failure(reason: String(cString: error.pointee.message).onOneLine)
        }
        guard let pipeline = launched else { return unreadable }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let source = gst_bin_get_by_name(bin, "source"), let sink = gst_bin_get_by_name(bin, "sink"),
            let muxer = gst_bin_get_by_name(bin, "muxer")
        else { return unreadable }
        defer { for element in [source, sink, muxer] { gst_object_unref(element) } }
        if frames == nil { setString(source, "location", path) }
        setString(sink, "location", part)
        // The muxer's own tags only (none): every tag event from the file is dropped.
        gst_tag_setter_set_tag_merge_mode(OpaquePointer(muxer), GST_TAG_MERGE_KEEP_ALL)
        let appSource = UnsafeMutableRawPointer(source).assumingMemoryBound(to: GstAppSrc.self)
        let ticks = frames.map { GIFTicks($0, rate: output.framesPerSecond) }
        let feed = ticks.map { ticks in
            { feedFrame(ticks, height: facts.height, rate: output.framesPerSecond, to: appSource) }
        }
        return run(pipeline, durationMilliseconds: facts.durationMilliseconds, feed: feed, progress, isCancelled)
    }

    /// Plays `pipeline` to its end, an error, a stall or a cancel. `feed` (a GIF's appsrc) pushes one
    /// frame, false once it has pushed the last and the end; it is called while appsrc holds less
    /// than `queuedBytes`, so a GIF is never held whole in memory.
    private static func run(
        _ pipeline: UnsafeMutablePointer<GstElement>, durationMilliseconds: Int64, feed: (() -> Bool)?,
        _ progress: (Double) -> Void, _ isCancelled: () -> Bool
    ) -> Failure? {
        guard gst_element_set_state(pipeline, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else { return unreadable }
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        let source = feed.flatMap { _ in
            gst_bin_get_by_name(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self), "source")
        }
        defer { if let source { gst_object_unref(source) } }
        var feeding = feed != nil
        var lastPosition: gint64 = -1
        var lastMove = g_get_monotonic_time()
        let wanted = GstMessageType(rawValue: GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_EOS.rawValue)
        while true {
            if isCancelled() { return Failure(reason: localized("cancelled")) }
            if feeding, let feed, let source,
                gst_app_src_get_current_level_bytes(
                    UnsafeMutableRawPointer(source).assumingMemoryBound(to: GstAppSrc.self)) < queuedBytes
            {
                feeding = feed()
                continue
            }
            if let message = gst_bus_timed_pop_filtered(bus, second / 5, wanted) {
                defer {
                    gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self))
                }
                guard message.pointee.type == GST_MESSAGE_ERROR else { return nil }
                var failure: UnsafeMutablePointer<GError>?
                gst_message_parse_error(message, &failure, nil)
                defer { g_clear_error(&failure) }
                return Failure(
                    reason: failure.map { String(cString: $0.pointee.message).onOneLine } ?? unreadable.reason)
            }
            var position: gint64 = 0
            if gst_element_query_position(pipeline, GST_FORMAT_TIME, &position) != 0, position != lastPosition {
                lastPosition = position
                lastMove = g_get_monotonic_time()
                progress(min(1, max(0, Double(position / 1_000_000) / Double(max(durationMilliseconds, 1)))))
            } else if (g_get_monotonic_time() - lastMove) * 1000 > stallNanoseconds {
                return Failure(reason: localized("GStreamer stopped reading it"))
            }
            // A container that says less than it holds is not encoded for hours past its word.
            if Int64(lastPosition / 1_000_000) > durationMilliseconds + durationMilliseconds / 10 + 10_000 {
                return Failure(reason: localized("longer than the file says"))
            }
        }
    }

    /// What appsrc may hold before the next frame waits: a few frames of the largest GIF taken.
    static let queuedBytes: guint64 = 32 * 1024 * 1024

    /// Pushes the GIF's frame for the next tick into `source` at its time, or the end after the last.
    private static func feedFrame(
        _ ticks: GIFTicks, height: Int, rate: Int, to source: UnsafeMutablePointer<GstAppSrc>
    ) -> Bool {
        guard let (pixbuf, tick) = ticks.next() else {
            gst_app_src_end_of_stream(source)
            return false
        }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let length = Int(gdk_pixbuf_get_byte_length(pixbuf))
        guard let buffer = gst_buffer_new_allocate(nil, gsize(stride * height), nil) else {
            gst_app_src_end_of_stream(source)
            return false
        }
        gst_buffer_fill(buffer, 0, gdk_pixbuf_read_pixels(pixbuf), gsize(length))
        let frame = second / GstClockTime(max(1, rate))
        buffer.pointee.pts = GstClockTime(tick) * frame
        buffer.pointee.duration = frame
        // appsrc takes the buffer.
        return gst_app_src_push_buffer(source, buffer) == GST_FLOW_OK
    }

    /// The pipeline, every value in it a number of ours (the paths are set as properties).
    /// `gif`: the frames' size, pushed by appsrc as gdk-pixbuf gives them (RGBA).
    static func description(_ output: VideoFit.Output, bitrate: Int, gif: (Int, Int)?) -> String {
        let caps =
            "video/x-raw,format=I420,width=\(output.width),height=\(output.height),"
            + "framerate=\(output.framesPerSecond)/1,pixel-aspect-ratio=1/1"
        let source =
            if let (width, height) = gif {
                "appsrc name=source format=time caps=video/x-raw,format=RGBA,width=\(width),height=\(height),"
                    + "framerate=\(output.framesPerSecond)/1,pixel-aspect-ratio=1/1 ! "
            } else {
                "filesrc name=source ! decodebin name=decoder decoder. ! videoflip video-direction=auto ! "
            }
        var pipeline =
            source + "queue ! videoconvert ! videoscale ! videorate ! \(caps) ! "
            // zerolatency: no lookahead or B-frames held back, so x264 keeps a few frames, not a
            // hundred (a 1080p clip: 240 MB at peak for the whole pipeline instead of 460).
            + "x264enc speed-preset=veryfast tune=zerolatency bitrate=\(bitrate) "
            + "key-int-max=\(output.framesPerSecond * 2) ! "
            + "queue ! mp4mux name=muxer faststart=true ! filesink name=sink"
        if output.audioKilobitsPerSecond > 0 {
            pipeline +=
                " decoder. ! queue ! audioconvert ! audioresample ! audio/x-raw,channels=2,rate=48000 ! "
                + "avenc_aac bitrate=\(output.audioKilobitsPerSecond * 1000) ! queue ! muxer."
        }
        return pipeline
    }

    /// The first frame of the video at `path`, upright, within `size`
    /// × `size` pixels: what the attachment row shows. Owned by the caller; nil when none decodes.
    package static func posterFrame(_ path: String, size: Int) -> OpaquePointer? {
        guard started else { return nil }
        let launch =
            "filesrc name=source ! decodebin ! videoflip video-direction=auto ! videoconvert ! videoscale ! "
            + "video/x-raw,format=RGB,pixel-aspect-ratio=1/1 ! gdkpixbufsink name=sink"
        guard let pipeline = gst_parse_launch(launch, nil) else { return nil }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let source = gst_bin_get_by_name(bin, "source"), let sink = gst_bin_get_by_name(bin, "sink") else {
            return nil
        }
        defer { for element in [source, sink] { gst_object_unref(element) } }
        setString(source, "location", path)
        // Paused: the sink keeps the first frame it is given (prerolled), and nothing plays on.
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        let bus = gst_element_get_bus(pipeline)!
        defer { gst_object_unref(bus) }
        let wanted = GstMessageType(rawValue: GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_ASYNC_DONE.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, 10 * second, wanted) else { return nil }
        let prerolled = message.pointee.type == GST_MESSAGE_ASYNC_DONE
        gst_mini_object_unref(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GstMiniObject.self))
        guard prerolled else { return nil }
        var value = GValue()
        g_value_init(&value, gdk_pixbuf_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(
            UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GObject.self), "last-pixbuf", &value)
        guard let frame = g_value_get_object(&value) else { return nil }
        let width = Int(gdk_pixbuf_get_width(OpaquePointer(frame)))
        let height = Int(gdk_pixbuf_get_height(OpaquePointer(frame)))
        guard width > 0, height > 0 else { return nil }
        let scale = min(1, Double(size) / Double(max(width, height)))
        return gdk_pixbuf_scale_simple(
            OpaquePointer(frame), gint(max(1, Double(width) * scale)), gint(max(1, Double(height) * scale)),
            GDK_INTERP_BILINEAR)
    }

    private static func setString(_ element: UnsafeMutablePointer<GstElement>, _ name: String, _ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        g_object_set_property(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), name, &value)
    }

    /// Whether the file's bytes are a GIF (GIO's type from its first bytes, not its name).
    static func isGIF(_ path: String) -> Bool {
        guard let head = try? SystemIO.prefix(ofFile: path, count: 4096, following: true) else { return false }
        var uncertain: gboolean = 0
        let type = head.withUnsafeBufferPointer {
            g_content_type_guess(nil, $0.baseAddress, gsize($0.count), &uncertain)
        }
        defer { g_free(type) }
        return type.map { g_content_type_is_a($0, "image/gif") != 0 } ?? false
    }

    private static var unreadable: Failure { Failure(reason: VideoFit.Refusal.unreadable.reason) }
}
