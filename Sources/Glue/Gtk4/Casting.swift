@_exported import CPlaceholderGtk4
@_exported import PlaceholderGObjectGlue

// The GTK 4 side of the glue; PlaceholderGObjectGlue (casts, signals, ownership, types, properties, main-loop
// sources, logging) is shared with GTK 3's and re-exported from here. GTK 4 imports its final types
// (GtkLabel, GtkScrolledWindow, …) as OpaquePointer and its derivable ones as typed pointers.

extension UnsafeMutablePointer {
    /// The instance as a GtkWidget.
    @inlinable package var asWidget: UnsafeMutablePointer<GtkWidget> { cast() }
}

extension OpaquePointer {
    /// The instance as a GObject.
    @inlinable package var asObject: UnsafeMutablePointer<GObject> { UnsafeMutablePointer(self) }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as GtkAccessible (every GTK 4 widget implements it; an interface, so opaque).
    @inlinable package var asAccessible: OpaquePointer { OpaquePointer(self) }
}
