import Foundation
import GtkPlaceholder4

// `placeholder-gallery-gtk4`: the same nine designs as `placeholder-gallery` (the five seed designs
// and four things none of them handled), from the same .ui files converted for GTK 4 by GTK's own
// gtk4-builder-tool at build time, each a GTK 4 PlaceholderTextView, in one window.
MainActor.assumeIsolated {
    guard gtk_init_check() != 0 else {
        FileHandle.standardError.write(Data("placeholder-gallery-gtk4: cannot open a display (is DISPLAY set?)\n".utf8))
        exit(3)
    }
    PlaceholderTextView.registerType()
    let window = gtk_window_new()!
    gtk_window_set_title(window.cast(), "Placeholder gallery (GTK 4)")
    gtk_window_set_default_size(window.cast(), 960, 600)
    let grid = gtk_grid_new()!
    gtk_grid_set_column_homogeneous(grid.cast(), 1)
    gtk_grid_set_row_homogeneous(grid.cast(), 1)
    gtk_grid_set_column_spacing(grid.cast(), 12)
    gtk_grid_set_row_spacing(grid.cast(), 12)
    for side in [
        gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom,
    ] {
        side(grid, 12)
    }
    let columns: Int32 = 3
    var builders: [OpaquePointer] = []
    for (index, name) in EmbeddedFiles.names.enumerated() {
        var error: UnsafeMutablePointer<GError>?
        let builder = gtk_builder_new()!
        guard gtk_builder_add_from_string(builder, EmbeddedFiles.contents[name]!, -1, &error) != 0,
            let design = gtk_builder_get_object(builder, "design")
        else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "no object with id design"
            FileHandle.standardError.write(Data("placeholder-gallery-gtk4: \(name): \(reason)\n".utf8))
            exit(1)
        }
        gtk_grid_attach(grid.cast(), design.cast(), Int32(index) % columns, Int32(index) / columns, 1, 1)
        builders.append(builder)  // the builder holds the bindings' sources until the window goes
    }
    gtk_window_set_child(window.cast(), grid)
    let loop = g_main_loop_new(nil, 0)
    Signal.connect(window, "destroy") { g_main_loop_quit(loop) }
    gtk_window_present(window.cast())
    g_main_loop_run(loop)
    for builder in builders { g_object_unref(builder.asGPointer) }
}
