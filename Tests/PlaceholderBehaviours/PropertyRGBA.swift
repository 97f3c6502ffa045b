#if GTK4
    import GtkPlaceholder4
#else
    import ComposeWindowGlue
    import GtkPlaceholder
#endif

// Test-only, compiled into both toolkits' suites: GdkRGBA properties (a boxed type: NULL is allowed
// and means "none") read back as C reads them. GTK 3's setter is the app's (ComposeWindowGlue).

extension Property {
    #if GTK4
        /// Sets a GdkRGBA property; nil is NULL.
        static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: GdkRGBA?) {
            withValue(of: gdk_rgba_get_type()) {
                if var color = value { g_value_set_boxed($0, &color) }
                g_object_set_property(object.asObject, name, $0)
            }
        }
    #endif

    /// Reads a GdkRGBA property; NULL is nil.
    static func rgba<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> GdkRGBA? {
        withValue(of: gdk_rgba_get_type()) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_boxed($0)?.assumingMemoryBound(to: GdkRGBA.self).pointee
        }
    }
}
