import CPlaceholderGtk3

/// A small picture of an image file for the window, decoded on the image thread (the main one never
/// waits on a disk or a decoder), upright as its EXIF orientation says.
@MainActor
package enum Thumbnail {
    /// `then` gets the picture within `size` × `size` pixels (owned: the caller unrefs it), or nil
    /// for a file that is not an image any more.
    package static func load(_ path: String, size: Int, then: @escaping @MainActor (OpaquePointer?) -> Void) {
        make(
            {
                guard let loaded = gdk_pixbuf_new_from_file_at_scale(path, gint(size), gint(size), 1, nil) else {
                    return nil
                }
                defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
                return gdk_pixbuf_apply_embedded_orientation(loaded)
            }, then: then)
    }

    /// `decode` run on the image thread (a picture decoded its own way: a link card's, by the
    /// loader its type names); `then` gets what it made, owned.
    package static func make(
        _ decode: @escaping @Sendable () -> OpaquePointer?, then: @escaping @MainActor (OpaquePointer?) -> Void
    ) {
        StateWriter.imageWork.write { () -> Int in
            Int(bitPattern: decode())
        } then: { address in
            then(OpaquePointer(bitPattern: address))
        }
    }
}
