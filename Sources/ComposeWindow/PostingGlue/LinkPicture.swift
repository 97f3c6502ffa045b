import CComposeWindowPixbuf
import ComposeWindowCore

/// A link card's picture, read by the one gdk-pixbuf loader its answer's type names (JPEG, PNG,
/// GIF or WebP: PageFetchRules.pictureType), never by whichever loader sniffs the bytes: a page's
/// picture must not reach the SVG, TIFF or icon loaders. Its size is read before anything is
/// decoded (the loader's size-prepared, before it allocates its pixels), and a picture over
/// PageFetchRules.pictureMostPixels is refused there. Any thread.
package enum LinkPicture {
    /// The picture's size, or nil: not one of the four types, not what its type says, or too large.
    package static func size(of bytes: [UInt8], type: String) -> (width: Int, height: Int)? {
        read(bytes, type: type, fitting: nil).size
    }

    /// The picture within `side` × `side` pixels (owned: the caller unrefs it), or nil as `size`.
    package static func thumbnail(of bytes: [UInt8], type: String, side: Int) -> OpaquePointer? {
        let read = read(bytes, type: type, fitting: side)
        return read.size == nil ? nil : read.pixbuf
    }

    /// What size-prepared found, and what the loader is to make of it.
    private final class Sizing {
        let fitting: Int?
        var size: (width: Int, height: Int)?

        init(fitting: Int?) { self.fitting = fitting }
    }

    private static func read(
        _ bytes: [UInt8], type: String, fitting: Int?
    ) -> (size: (width: Int, height: Int)?, pixbuf: OpaquePointer?) {
        guard PageFetchRules.pictureType(type) == type, let loader = gdk_pixbuf_loader_new_with_mime_type(type, nil)
        else { return (nil, nil) }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let sizing = Sizing(fitting: fitting)
        let context = Unmanaged.passRetained(sizing)
        defer { context.release() }
        g_signal_connect_data(
            UnsafeMutableRawPointer(loader), "size-prepared",
            compose_window_size_prepared_callback { loader, width, height, context in
                let sizing = Unmanaged<Sizing>.fromOpaque(context!).takeUnretainedValue()
                let allowed = PageFetchRules.isPictureSizeAllowed(width: Int(width), height: Int(height))
                if allowed { sizing.size = (Int(width), Int(height)) }
                // 0 × 0 stops every loader before it allocates (as gdk_pixbuf_get_file_info does).
                guard allowed, let side = sizing.fitting else { return gdk_pixbuf_loader_set_size(loader, 0, 0) }
                let scale = min(1, Double(side) / Double(max(width, height)))
                gdk_pixbuf_loader_set_size(
                    loader, gint(max(1, (Double(width) * scale).rounded())),
                    gint(max(1, (Double(height) * scale).rounded())))
            }, context.toOpaque(), nil, GConnectFlags(0))
        // In pieces: a size read stops at the header, never handing the loader the rest.
        let piece = 64 * 1024
        var offset = 0
        var written = true
        bytes.withUnsafeBufferPointer { buffer in
            while written && offset < buffer.count && (sizing.fitting != nil || sizing.size == nil) {
                let count = min(piece, buffer.count - offset)
                written = gdk_pixbuf_loader_write(loader, buffer.baseAddress! + offset, gsize(count), nil) != 0
                offset += count
            }
        }
        let closed = gdk_pixbuf_loader_close(loader, nil) != 0
        guard sizing.fitting != nil else { return (sizing.size, nil) }
        guard written, closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return (nil, nil) }
        return (sizing.size, gdk_pixbuf_apply_embedded_orientation(pixbuf))
    }
}
