import PlaceholderGObjectGlue

// One source compiled into GTK 3's glue (PlaceholderGtk3Glue) and GTK 4's (PlaceholderGtk4Glue), linked from each
// module's Shared/: GdkRGBA and its boxed type are spelled the same in both toolkits.

/// GdkRGBA properties (a boxed type: NULL is allowed and means "none").
extension Property {
    /// Sets a GdkRGBA property; nil is NULL.
    package static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: GdkRGBA?) {
        withValue(of: gdk_rgba_get_type()) {
            if var color = value { g_value_set_boxed($0, &color) }
            g_object_set_property(object.asObject, name, $0)
        }
    }

    /// Reads a GdkRGBA property; NULL is nil.
    package static func rgba<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> GdkRGBA? {
        withValue(of: gdk_rgba_get_type()) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_boxed($0)?.assumingMemoryBound(to: GdkRGBA.self).pointee
        }
    }
}
