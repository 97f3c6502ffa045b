import ComposeWindowGlue
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
        // The interface holds the builder, and the builder the design, until the grid takes it.
        do throws(Interface.Failure) {
            let interface = try Interface(EmbeddedFiles.contents[name]!)
            let design = try interface.object("design")
            gtk_grid_attach(grid.cast(), design, gint(index % columns), gint(index / columns), 1, 1)
        } catch {
            FileHandle.standardError.write(Data("placeholder-gallery: \(name): \(error)\n".utf8))
            exit(1)
        }
    }
    gtk_container_add(window.asContainer, grid)
    Signal.connect(window, "destroy") { gtk_main_quit() }
    gtk_widget_show_all(window)
    gtk_main()
}
