@_exported import CGtk

/// What a Swift GTK framework's `Gtk` module gives an app: here, a top-level window made through
/// the framework's own GTK module (CGtk), which the app then fills with our widget.
@MainActor
public func makeFrameworkWindow(title: String) -> UnsafeMutablePointer<GtkWidget> {
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { gtk_window_set_title($0, title) }
    return window
}
