import Foundation
import GtkPlaceholder

// `placeholder-gallery`: the five seed designs (IWTextView, JSTextView, the unnamed one, YLTextView,
// DJTextView) and four things none of them handled, each loaded from its .ui file in
// Resources/gallery (compiled in by the PlaceholderEmbedFiles plugin), in one window.
MainActor.assumeIsolated {
    guard gtk_init_check(nil, nil) != 0 else {
        FileHandle.standardError.write(Data("placeholder-gallery: cannot open a display (is DISPLAY set?)\n".utf8))
        exit(3)
    }
    PlaceholderTextView.registerType()
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_title(window.cast(), "Placeholder gallery")
    gtk_window_set_default_size(window.cast(), 960, 600)
    let grid = gtk_grid_new()!
    gtk_grid_set_column_homogeneous(grid.cast(), 1)
    gtk_grid_set_row_homogeneous(grid.cast(), 1)
    gtk_grid_set_column_spacing(grid.cast(), 12)
    gtk_grid_set_row_spacing(grid.cast(), 12)
    gtk_container_set_border_width(grid.cast(), 12)
    let columns = 3
    for (index, name) in EmbeddedFiles.names.enumerated() {
        // GtkBuilder as any GTK app uses it: the builder holds the design until the grid takes it.
        var error: UnsafeMutablePointer<GError>?
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder.asGPointer) }
        let text = EmbeddedFiles.contents[name]!
        guard gtk_builder_add_from_string(builder, text, gsize(text.utf8.count), &error) != 0,
            let design = gtk_builder_get_object(builder, "design")
        else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "no object with id design"
            FileHandle.standardError.write(Data("placeholder-gallery: \(name): \(reason)\n".utf8))
            exit(1)
        }
        gtk_grid_attach(grid.cast(), design.cast(), gint(index % columns), gint(index / columns), 1, 1)
    }
    gtk_container_add(window.asContainer, grid)
    Signal.connect(window, "destroy") { gtk_main_quit() }
    gtk_widget_show_all(window)
    gtk_main()
}
