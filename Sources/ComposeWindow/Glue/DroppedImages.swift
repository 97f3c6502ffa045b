import CPlaceholderGtk3
import PlaceholderGObjectGlue

/// Drops on the text view, as file managers and browsers make them. A file manager offers the files
/// (text/uri-list) and their paths as text; a browser offers an image's link and often the image
/// itself. The view's drop targets put files first, then its own (text, and its text moved within
/// it), then images, so a file arrives as a file and a dragged cell of text as text.
@MainActor
package enum DroppedImages {
    /// The target infos of what is ours (GtkTextView's and GtkSourceView's own are small numbers).
    package static let filesInfo: guint = 0x00C0_4701
    package static let imageInfo: guint = 0x00C0_4702

    /// What a drop carried.
    package enum Content {
        /// Local files, their paths in order.
        case files([String])
        /// Links that are not local files (a browser's), as text.
        case links(String)
        /// A picture (the caller unrefs it).
        case image(OpaquePointer)
        case nothing
    }

    /// Makes `view` take files and images too.
    package static func accept(on view: UnsafeMutablePointer<GtkWidget>) {
        // gtk_target_list_add_table puts a table first: images, then the view's own before them,
        // then the files before all.
        let targets = gtk_target_list_new(nil, 0)
        gtk_target_list_add_image_targets(targets, imageInfo, 0)
        if let own = gtk_drag_dest_get_target_list(view) {
            var count: gint = 0
            if let table = gtk_target_table_new_from_list(own, &count) {
                gtk_target_list_add_table(targets, table, guint(count))
                gtk_target_table_free(table, count)
            }
        }
        "text/uri-list".withCString { name in
            var files = GtkTargetEntry(target: UnsafeMutablePointer(mutating: name), flags: 0, info: filesInfo)
            gtk_target_list_add_table(targets, &files, 1)
        }
        gtk_drag_dest_set_target_list(view, targets)
        gtk_target_list_unref(targets)
    }

    /// What `data` (received for target `info`) holds.
    package static func content(of data: OpaquePointer, info: guint) -> Content {
        switch info {
        case filesInfo:
            guard let uris = gtk_selection_data_get_uris(data) else { return .nothing }
            defer { g_strfreev(uris) }
            var paths: [String] = []
            var links: [String] = []
            var index = 0
            while let uri = uris[index] {
                if let path = g_filename_from_uri(uri, nil, nil) {
                    paths.append(String(cString: path))
                    g_free(path)
                } else {
                    links.append(String(cString: uri))
                }
                index += 1
            }
            if !paths.isEmpty { return .files(paths) }
            return links.isEmpty ? .nothing : .links(links.joined(separator: "\n"))
        case imageInfo:
            return gtk_selection_data_get_pixbuf(data).map { .image($0) } ?? .nothing
        default:
            return .nothing
        }
    }

    /// Asks the drag for its image instead, when it offers one (a browser's dragged picture, whose
    /// link is on the web): true when asked (the answer comes as another drop of `imageInfo`).
    package static func askForImage(
        _ view: UnsafeMutablePointer<GtkWidget>, _ context: OpaquePointer, time: guint
    ) -> Bool {
        let images = gtk_target_list_new(nil, 0)
        defer { gtk_target_list_unref(images) }
        gtk_target_list_add_image_targets(images, imageInfo, 0)
        let target = gtk_drag_dest_find_target(view, context, images)
        guard target != nil else { return false }
        gtk_drag_get_data(view, context, target, time)
        return true
    }

    /// Inserts `text` where it was dropped (window coordinates `x`, `y`), as the view inserts
    /// dropped text.
    package static func insert(_ text: String, into view: UnsafeMutablePointer<GtkTextView>, x: gint, y: gint) {
        var bufferX: gint = 0
        var bufferY: gint = 0
        gtk_text_view_window_to_buffer_coords(view, GTK_TEXT_WINDOW_WIDGET, x, y, &bufferX, &bufferY)
        var iter = GtkTextIter()
        gtk_text_view_get_iter_at_location(view, &iter, bufferX, bufferY)
        gtk_text_buffer_insert_interactive(
            gtk_text_view_get_buffer(view), &iter, text, -1, gtk_text_view_get_editable(view))
    }

    /// Ends the drop, as it went.
    package static func finish(_ context: OpaquePointer, success: Bool, time: guint) {
        gtk_drag_finish(context, success.gboolean, 0, time)
    }
}
