import CPlaceholderGObject
import PlaceholderGObjectGlue

// Test-only: the suites read back what the widgets and GTK set, through GObject as C does.

extension Property {
    /// G_TYPE_INT (a macro over the fundamental type number, as Property's other types).
    static let intType = GType(6 << 2)

    /// Reads a boolean property.
    package static func bool<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> Bool {
        withValue(of: booleanType) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_boolean($0) != 0
        }
    }

    /// Reads an int property.
    package static func int<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> Int32 {
        withValue(of: intType) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_int($0)
        }
    }

    /// Reads a string property; NULL is nil.
    package static func string<T>(_ object: UnsafeMutablePointer<T>, _ name: String) -> String? {
        withValue(of: stringType) {
            g_object_get_property(object.asObject, name, $0)
            return g_value_get_string($0).map { String(cString: $0) }
        }
    }

    /// Sets a double property.
    package static func set<T>(_ object: UnsafeMutablePointer<T>, _ name: String, _ value: Double) {
        withValue(of: doubleType) {
            g_value_set_double($0, value)
            g_object_set_property(object.asObject, name, $0)
        }
    }
}

extension Bool {
    /// A gboolean as a Swift Bool (any non-zero value is true).
    @inlinable package init(gboolean value: gboolean) { self = value != 0 }
}
