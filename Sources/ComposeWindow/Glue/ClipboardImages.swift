import CPlaceholderGtk3
import Glibc
import PlaceholderGObjectGlue

/// What a paste offers, asked of the clipboard asynchronously (no nested main loop): image files
/// (a file manager's copy), an image (a browser's or an editor's "Copy Image"), or text.
@MainActor
package enum ClipboardImages {
    package enum Content {
        /// Local files, their paths in order.
        case files([String])
        /// A picture (the caller unrefs it).
        case image(OpaquePointer)
        case text
    }

    private final class Request {
        let then: @MainActor (Content) -> Void
        init(_ then: @escaping @MainActor (Content) -> Void) { self.then = then }
    }

    /// Asks `clipboard` what it holds: files first, then text (a spreadsheet's cells come as both
    /// text and a picture of them), then an image.
    package static func read(_ clipboard: OpaquePointer, then: @escaping @MainActor (Content) -> Void) {
        let data = Unmanaged.passRetained(Request(then)).toOpaque()
        gtk_clipboard_request_targets(
            clipboard,
            { clipboard, targets, count, data in
                let request = Unmanaged<Request>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated {
                    if let targets, gtk_targets_include_uri(targets, count) != 0 {
                        ClipboardImages.readFiles(clipboard!, request)
                    } else if let targets, gtk_targets_include_text(targets, count) == 0,
                        gtk_targets_include_image(targets, count, 0) != 0
                    {
                        ClipboardImages.readImage(clipboard!, request)
                    } else {
                        request.then(.text)
                    }
                }
            }, data)
    }

    private static func readFiles(_ clipboard: OpaquePointer, _ request: Request) {
        gtk_clipboard_request_uris(
            clipboard,
            { _, uris, data in
                let request = Unmanaged<Request>.fromOpaque(data!).takeRetainedValue()
                var paths: [String] = []
                var index = 0
                while let uri = uris?[index] {
                    if let path = g_filename_from_uri(uri, nil, nil) {
                        paths.append(String(cString: path))
                        g_free(path)
                    }
                    index += 1
                }
                MainActor.assumeIsolated { request.then(paths.isEmpty ? .text : .files(paths)) }
            }, Unmanaged.passRetained(request).toOpaque())
    }

    private static func readImage(_ clipboard: OpaquePointer, _ request: Request) {
        gtk_clipboard_request_image(
            clipboard,
            { _, pixbuf, data in
                let request = Unmanaged<Request>.fromOpaque(data!).takeRetainedValue()
                MainActor.assumeIsolated {
                    guard let pixbuf else { return request.then(.text) }
                    g_object_ref(UnsafeMutableRawPointer(pixbuf))
                    request.then(.image(pixbuf))
                }
            }, Unmanaged.passRetained(request).toOpaque())
    }

    /// The paste GtkTextView would have made: the clipboard's text at the cursor.
    package static func pasteText(_ clipboard: OpaquePointer, into view: UnsafeMutablePointer<GtkTextView>) {
        gtk_text_buffer_paste_clipboard(
            gtk_text_view_get_buffer(view), clipboard, nil, gtk_text_view_get_editable(view))
    }

    /// Writes `pixbuf` as a PNG file at `path` (0600, its folder made 0700) on the image thread;
    /// `then` gets whether it worked. Unrefs `pixbuf`.
    package static func save(_ pixbuf: OpaquePointer, to path: String, then: @escaping @MainActor (Bool) -> Void) {
        let address = Int(bitPattern: pixbuf)
        StateWriter.imageWork.write { () -> Bool in
            let picture = OpaquePointer(bitPattern: address)!
            defer { g_object_unref(UnsafeMutableRawPointer(picture)) }
            let folder = g_path_get_dirname(path)!
            defer { g_free(folder) }
            g_mkdir_with_parents(folder, 0o700)
            var keys: [UnsafeMutablePointer<CChar>?] = [nil]
            var values: [UnsafeMutablePointer<CChar>?] = [nil]
            let saved = gdk_pixbuf_savev(picture, path, "png", &keys, &values, nil) != 0
            return saved && chmod(path, 0o600) == 0
        } then: { saved in
            then(saved)
        }
    }
}
