import CPlaceholderGtk3
import PlaceholderGObjectGlue
import PlaceholderGtk3Glue

/// A new instance of `type` with default properties (g_object_new without its varargs).
package func newObject(_ type: GType) -> gpointer {
    UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
}

/// The property setters only the app uses (dialogs, text tags).
extension Property {
    /// Sets an int property (enums too, by their value).
    package static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: Int32) {
        withValue(of: GType(6 << 2)) {  // G_TYPE_INT
            g_value_set_int($0, value)
            g_object_set_property(object.asObject, name, $0)
        }
    }

    /// Sets a GdkRGBA property; nil is NULL.
    package static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: GdkRGBA?) {
        withValue(of: gdk_rgba_get_type()) {
            if var color = value { g_value_set_boxed($0, &color) }
            g_object_set_property(object.asObject, name, $0)
        }
    }
}
