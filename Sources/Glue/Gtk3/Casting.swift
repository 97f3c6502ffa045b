@_exported import CPlaceholderGtk3
@_exported import PlaceholderGObjectGlue

// The GTK 3 side of the glue; PlaceholderGObjectGlue (casts, signals, ownership, types, properties, main-loop
// sources, logging) is shared with the GTK 4 glue and re-exported from here.

extension UnsafeMutablePointer {
    /// The instance as a GtkWidget.
    @inlinable package var asWidget: UnsafeMutablePointer<GtkWidget> { cast() }
    /// The instance as a GtkContainer.
    @inlinable package var asContainer: UnsafeMutablePointer<GtkContainer> { cast() }
}

/// Runs the widget class's own draw vfunc on `cairo`. GTK's draw marshaller wraps every "draw"
/// handler in cairo_save/restore, so a handler that wants to change how the default drawing is
/// clipped must call it itself (and then return true to stop the emission).
@MainActor
package func drawWithClassHandler(_ widget: UnsafeMutablePointer<GtkWidget>, _ cairo: OpaquePointer) {
    guard let instanceClass = widget.pointee.parent_instance.g_type_instance.g_class else { return }
    let widgetClass = UnsafeMutableRawPointer(instanceClass).assumingMemoryBound(to: GtkWidgetClass.self)
    _ = widgetClass.pointee.draw?(widget, cairo)
}
