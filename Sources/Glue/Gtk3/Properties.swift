import CPlaceholderGtk3
import PlaceholderGObjectGlue

/// GTK 3 widget style properties (GdkRGBA properties, which only the tests read back, are in
/// Tests/PlaceholderBehaviours/PropertyRGBA.swift).
extension Property {
    /// A widget style property of type gfloat (e.g. GtkWidget "cursor-aspect-ratio").
    package static func styleFloat<T>(_ widget: UnsafeMutablePointer<T>, _ name: String) -> Float {
        withValue(of: floatType) {
            gtk_widget_style_get_property(widget.asWidget, name, $0)
            return g_value_get_float($0)
        }
    }
}
