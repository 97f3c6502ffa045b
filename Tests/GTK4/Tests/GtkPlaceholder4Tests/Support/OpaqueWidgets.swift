import GtkPlaceholder4

extension OpaquePointer {
    /// A final GTK 4 widget type (GtkLabel, GtkScrolledWindow: `placeholderLabel`, `scrolledWindow`)
    /// as a GtkWidget. Test-only: the widget itself never needs it.
    var asWidget: UnsafeMutablePointer<GtkWidget> { UnsafeMutablePointer(self) }
}
