import CGtk
import GObjectSwift

/// The GTK 3 property types: GdkRGBA values and widget style properties.
extension Property {
    /// Sets a GdkRGBA property; nil is NULL.
    public static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: GdkRGBA?) {
        withValue(of: gdk_rgba_get_type()) {
            if var color = value { g_value_set_boxed($0, &color) }
            g_object_set_property(object.asObject, name, $0)
        }
    }

    /// Reads a GdkRGBA property; NULL is nil.
    public static func rgba<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> GdkRGBA? {
        withValue(of: gdk_rgba_get_type()) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_boxed($0)?.assumingMemoryBound(to: GdkRGBA.self).pointee
        }
    }

    /// A widget style property of type gfloat (e.g. GtkWidget "cursor-aspect-ratio").
    public static func styleFloat<T>(_ widget: UnsafeMutablePointer<T>, _ name: String) -> Float {
        withValue(of: floatType) {
            gtk_widget_style_get_property(widget.asWidget, name, $0)
            return g_value_get_float($0)
        }
    }
}
