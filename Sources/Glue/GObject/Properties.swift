import CPlaceholderGObject

/// GObject properties by name. g_object_set/get are C varargs, which Swift cannot call; these go
/// through GValue one property at a time.
@MainActor
package enum Property {
    // G_TYPE_* are macros over the fundamental type numbers (G_TYPE_MAKE_FUNDAMENTAL(n) = n << 2).
    /// G_TYPE_BOOLEAN.
    package static let booleanType = GType(5 << 2)
    /// G_TYPE_FLOAT.
    package static let floatType = GType(14 << 2)
    /// G_TYPE_DOUBLE.
    package static let doubleType = GType(15 << 2)
    /// G_TYPE_STRING.
    package static let stringType = GType(16 << 2)

    /// Sets a boolean property.
    package static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: Bool) {
        withValue(of: booleanType) {
            g_value_set_boolean($0, value.gboolean)
            g_object_set_property(object.asObject, name, $0)
        }
    }

    /// Sets a string property; nil is NULL.
    package static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: String?) {
        withValue(of: stringType) {
            g_value_set_string($0, value)
            g_object_set_property(object.asObject, name, $0)
        }
    }

    /// Reads a double property (GtkSettings "gtk-cursor-aspect-ratio" in GTK 4, say).
    package static func double<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> Double {
        withValue(of: doubleType) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_double($0)
        }
    }

    /// Reads an object property (no reference is kept).
    package static func object<T>(_ object: UnsafeMutablePointer<T>, _ name: String, type: GType) -> gpointer? {
        withValue(of: type) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_object($0)
        }
    }

    package static func withValue<R>(of type: GType, _ body: (UnsafeMutablePointer<GValue>) -> R) -> R {
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        return withUnsafeMutablePointer(to: &value) { body($0) }
    }
}
