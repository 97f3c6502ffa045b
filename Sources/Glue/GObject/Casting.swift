import CPlaceholderGObject

// GObject's C macros (G_OBJECT(), GTK_WIDGET(), …) are not imported into Swift. GObject instances start
// with their parent struct, so a pointer to a subclass is a valid pointer to each ancestor: these
// helpers are the one place that says so.

extension UnsafeMutablePointer {
    /// The same instance seen as another GObject struct type (an up- or checked down-cast).
    @inlinable package func cast<Target>(to _: Target.Type = Target.self) -> UnsafeMutablePointer<Target> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: Target.self)
    }

    /// The instance as a GObject.
    @inlinable package var asObject: UnsafeMutablePointer<GObject> { cast() }
    /// The instance as an untyped gpointer (signal and property calls take one).
    @inlinable package var asGPointer: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer {
    /// A gpointer handed back by GLib (signal arguments, user data) as the struct it points to.
    @inlinable package func cast<Target>(to _: Target.Type = Target.self) -> UnsafeMutablePointer<Target> {
        assumingMemoryBound(to: Target.self)
    }
}

/// Copies a C string GLib allocated into a Swift string and frees it.
package func takeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}

extension Bool {
    /// GLib's gboolean is a C int; Swift's Bool must never cross the C boundary as a return value.
    @inlinable package var gboolean: gboolean { self ? 1 : 0 }
}

extension OpaquePointer {
    /// Pango and cairo objects are imported opaque; GObject calls take them as gpointer.
    @inlinable package var asGPointer: gpointer { UnsafeMutableRawPointer(self) }
}

/// Calls `body` with a NULL-terminated C array of strings (accelerator lists, argv-style lists).
package func withCStringArray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<gchar>?>) -> R) -> R {
    let copies = strings.map { g_strdup($0) }
    defer { for copy in copies { g_free(copy) } }
    var array: [UnsafePointer<gchar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
