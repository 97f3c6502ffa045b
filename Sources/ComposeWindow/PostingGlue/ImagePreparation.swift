import CComposeWindowExiv2
import CComposeWindowPixbuf
import ComposeWindowCore
import Glibc

/// An image made to fit a network, as ImageFit decides: its own bytes with EXIF, XMP and IPTC
/// erased by gexiv2 when the network takes it as it is, otherwise decoded by gdk-pixbuf, turned
/// upright, scaled only as far as the limits need and encoded again (gdk-pixbuf's savers write no
/// metadata). The result is written durably before the outbox names it. Runs on the thread that
/// calls it, never the main one: the state writer's.
package enum ImagePreparation {
    package struct Failure: Error, Equatable, Sendable {
        /// Why, in words for the error bar.
        package let reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// Files larger than this are refused before they are read (no network takes them anyway).
    static let largestFile = 200 * 1024 * 1024
    /// Images with more pixels than this are refused before they are decoded.
    static let mostPixels = 200_000_000

    /// What the image at `path` is, or why it cannot be posted (a video, not an image, too large).
    package static func facts(of path: String) -> Result<ImageFacts, Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(Failure(reason: localized("not a file"))) }
        guard status.st_size <= largestFile else {
            return .failure(Failure(reason: localized("larger than {0} MB", String(largestFile / 1024 / 1024))))
        }
        var width: gint = 0
        var height: gint = 0
        guard let format = gdk_pixbuf_get_file_info(path, &width, &height),
            let type = firstMimeType(format), width > 0, height > 0
        else { return .failure(Failure(reason: notAnImage(path))) }
        guard Int(width) * Int(height) <= mostPixels else {
            return .failure(Failure(reason: localized("too large ({0} × {1} pixels)", String(width), String(height))))
        }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            defer { g_clear_error(&error) }
            return .failure(Failure(reason: error.map { String(cString: $0.pointee.message) } ?? notAnImage(path)))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let orientation = gdk_pixbuf_get_option(pixbuf, "orientation").flatMap { Int(String(cString: $0)) } ?? 1
        return .success(
            ImageFacts(
                width: Int(width), height: Int(height), byteCount: Int(status.st_size), mimeType: type,
                orientation: (1...8).contains(orientation) ? orientation : 1,
                hasAlpha: gdk_pixbuf_get_has_alpha(pixbuf) != 0))
    }

    /// Makes `path` fit `limits` and writes it to `destination(mimeType)`.
    package static func prepare(
        _ path: String, limits: ImageLimits, destination: (String) -> String
    ) -> Result<PreparedImage, Failure> {
        let facts: ImageFacts
        switch Self.facts(of: path) {
        case .success(let found): facts = found
        case .failure(let failure): return .failure(failure)
        }
        switch ImageFit.plan(facts, limits: limits) {
        case .sendOriginal:
            return original(path, facts: facts, to: destination(facts.mimeType))
        case .reencode(let width, let height, let type):
            return reencoded(path, width: width, height: height, mimeType: type, limits: limits, to: destination)
        }
    }

    /// The file's own bytes, its metadata erased (a GIF has no EXIF; gexiv2 cannot write one).
    private static func original(_ path: String, facts: ImageFacts, to file: String) -> Result<PreparedImage, Failure> {
        let staging = file + ".staging"
        defer { unlink(staging) }
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        defer { g_free(contents) }
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            return .failure(failure(&error))
        }
        guard write(contents, length, to: staging, durably: false, error: &error) else {
            return .failure(failure(&error))
        }
        if facts.mimeType != "image/gif" {
            gexiv2_initialize()
            let metadata = gexiv2_metadata_new()
            defer { g_object_unref(metadata) }
            guard gexiv2_metadata_open_path(metadata, staging, &error) != 0 else { return .failure(failure(&error)) }
            gexiv2_metadata_clear(metadata)
            guard gexiv2_metadata_save_file(metadata, staging, &error) != 0 else { return .failure(failure(&error)) }
        }
        var cleaned: UnsafeMutablePointer<gchar>?
        var cleanedLength: gsize = 0
        defer { g_free(cleaned) }
        guard g_file_get_contents(staging, &cleaned, &cleanedLength, &error) != 0, let cleaned,
            write(cleaned, cleanedLength, to: file, durably: true, error: &error)
        else { return .failure(failure(&error)) }
        return .success(
            PreparedImage(
                file: file, mimeType: facts.mimeType, width: facts.width, height: facts.height,
                byteCount: Int(cleanedLength)))
    }

    /// A link card's picture (a page's bytes, kept in the cache at fetch time) made a thumb: read
    /// by the loader of the type its bytes are, and only if that is one of the four a card takes,
    /// its size read before it is decoded and held to the pixel cap, and always encoded anew (no
    /// byte of a page's file goes on as it came).
    package static func preparePagePicture(
        _ path: String, limits: ImageLimits, destination: (String) -> String
    ) -> Result<PreparedImage, Failure> {
        let bytes: [UInt8]
        do throws(SystemIO.Failure) {
            guard let read = try SystemIO.contents(ofFile: path, most: PageFetchRules.pictureBytes) else {
                return .failure(Failure(reason: String(cString: strerror(ENOENT))))
            }
            bytes = read
        } catch {
            return .failure(Failure(reason: error.description))
        }
        var uncertain: gboolean = 0
        let guessed = bytes.withUnsafeBufferPointer {
            g_content_type_guess(nil, $0.baseAddress, gsize($0.count), &uncertain)
        }
        defer { g_free(guessed) }
        // The one of the four it is (an animated PNG is image/apng to newer shared-mime-info, a PNG).
        guard let guessed,
            let type = PageFetchRules.pictureTypes.first(where: { g_content_type_is_a(guessed, $0) != 0 }),
            let size = LinkPicture.size(of: bytes, type: type)
        else { return .failure(Failure(reason: localized("not an image compose-window can read"))) }
        let fitting = ImageFit.scale(width: size.width, height: size.height, toPixels: limits.maxPixels)
        guard let decoded = LinkPicture.thumbnail(of: bytes, type: type, side: max(fitting.width, fitting.height))
        else {
            return .failure(Failure(reason: localized("not an image compose-window can read")))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded)) }
        let mimeType = gdk_pixbuf_get_has_alpha(decoded) != 0 ? "image/png" : "image/jpeg"
        return fitted(
            decoded, width: Int(gdk_pixbuf_get_width(decoded)), height: Int(gdk_pixbuf_get_height(decoded)),
            mimeType: mimeType, limits: limits, to: destination)
    }

    /// Decoded, upright, scaled to `width` × `height` and encoded as `mimeType`; smaller again while
    /// over the byte limit.
    private static func reencoded(
        _ path: String, width: Int, height: Int, mimeType: String, limits: ImageLimits,
        to destination: (String) -> String
    ) -> Result<PreparedImage, Failure> {
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gdk_pixbuf_new_from_file(path, &error) else { return .failure(failure(&error)) }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        let upright = gdk_pixbuf_apply_embedded_orientation(loaded)!
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        return fitted(upright, width: width, height: height, mimeType: mimeType, limits: limits, to: destination)
    }

    /// `upright` scaled to `width` × `height` and encoded as `mimeType`; smaller again while over the
    /// byte limit.
    private static func fitted(
        _ upright: OpaquePointer, width: Int, height: Int, mimeType: String, limits: ImageLimits,
        to destination: (String) -> String
    ) -> Result<PreparedImage, Failure> {
        var error: UnsafeMutablePointer<GError>?
        var size = (width: width, height: height, mimeType: mimeType)
        while true {
            guard let scaled = gdk_pixbuf_scale_simple(upright, gint(size.width), gint(size.height), GDK_INTERP_HYPER)
            else { return .failure(Failure(reason: localized("not enough memory"))) }
            defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
            var buffer: UnsafeMutablePointer<gchar>?
            var length: gsize = 0
            guard encode(scaled, as: size.mimeType, into: &buffer, length: &length, error: &error), let buffer else {
                return .failure(failure(&error))
            }
            defer { g_free(buffer) }
            if Int(length) <= limits.maxBytes {
                let file = destination(size.mimeType)
                guard write(buffer, length, to: file, durably: true, error: &error) else {
                    return .failure(failure(&error))
                }
                return .success(
                    PreparedImage(
                        file: file, mimeType: size.mimeType, width: size.width, height: size.height,
                        byteCount: Int(length)))
            }
            guard let next = ImageFit.smaller(width: size.width, height: size.height) else {
                return .failure(Failure(reason: localized("too large for the network at any size")))
            }
            size = next
        }
    }

    private static func encode(
        _ pixbuf: OpaquePointer, as mimeType: String, into buffer: inout UnsafeMutablePointer<gchar>?,
        length: inout gsize, error: inout UnsafeMutablePointer<GError>?
    ) -> Bool {
        let type = mimeType == "image/png" ? "png" : "jpeg"
        // JPEG at 90: close to the original for a photo, far smaller than PNG.
        var keys: [UnsafeMutablePointer<CChar>?] = type == "jpeg" ? [strdup("quality"), nil] : [nil]
        var values: [UnsafeMutablePointer<CChar>?] = type == "jpeg" ? [strdup("90"), nil] : [nil]
        defer { for pointer in keys + values { free(pointer) } }
        return gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &length, type, &keys, &values, &error) != 0
    }

    private static func write(
        _ contents: UnsafeMutablePointer<gchar>, _ length: gsize, to file: String, durably: Bool,
        error: inout UnsafeMutablePointer<GError>?
    ) -> Bool {
        let folder = g_path_get_dirname(file)!
        defer { g_free(folder) }
        g_mkdir_with_parents(folder, 0o700)
        let flags =
            durably
            ? GFileSetContentsFlags(
                rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
            : G_FILE_SET_CONTENTS_NONE
        return g_file_set_contents_full(file, contents, gssize(length), flags, 0o600, &error) != 0
    }

    private static func failure(_ error: inout UnsafeMutablePointer<GError>?) -> Failure {
        defer { g_clear_error(&error) }
        return Failure(
            reason: error.map { String(cString: $0.pointee.message).onOneLine } ?? localized("cannot be read"))
    }

    private static func firstMimeType(_ format: OpaquePointer) -> String? {
        guard let types = gdk_pixbuf_format_get_mime_types(format) else { return nil }
        defer { g_strfreev(types) }
        return types[0].map { String(cString: $0) }
    }

    /// Why a file that is not a readable image cannot be posted: videos are named as such.
    private static func notAnImage(_ path: String) -> String {
        var uncertain: gboolean = 0
        let guessed = g_content_type_guess(path, nil, 0, &uncertain)
        defer { g_free(guessed) }
        let type = guessed.map { String(cString: $0) } ?? ""
        if type.hasPrefix("video/") { return localized("a video; compose-window posts images only") }
        return localized("not an image compose-window can read")
    }
}
