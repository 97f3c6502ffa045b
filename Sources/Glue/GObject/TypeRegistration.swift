import CPlaceholderGObject

/// Registers GObject subclasses from Swift. The subclass has its parent's instance and class
/// sizes: its state lives in a Swift object tied to each instance (`ObjectOwnership`), so C code,
/// GtkBuilder and GtkInspector see a real type while Swift keeps the logic.
package enum GObjectType {
    /// Registers `name` as a static subtype of `parent`, initialised by `classInit`.
    package static func registerSubclass(named name: String, of parent: GType, classInit: GClassInitFunc) -> GType {
        var query = GTypeQuery()
        g_type_query(parent, &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.class_init = classInit
        info.instance_size = guint16(query.instance_size)
        return g_type_register_static(parent, name, &info, GTypeFlags(rawValue: 0))
    }

    /// Implements `interface` on `type`; the vtable starts as the parent's, `initializer` overrides it.
    package static func addInterface(_ interface: GType, to type: GType, initializer: GInterfaceInitFunc) {
        var info = GInterfaceInfo(interface_init: initializer, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(type, interface, &info)
    }

    /// The class struct `klass` (a class_init argument) as the struct of one of its ancestors.
    package static func classStruct<Target>(_ klass: gpointer?, as _: Target.Type = Target.self)
        -> UnsafeMutablePointer<Target>
    {
        klass!.assumingMemoryBound(to: Target.self)
    }

    /// The class struct of `object`'s parent type's ancestor `Target` (for chaining up).
    package static func parentClass<Target>(of type: GType, as _: Target.Type = Target.self) -> UnsafeMutablePointer<
        Target
    > {
        g_type_class_peek(g_type_parent(type))!.assumingMemoryBound(to: Target.self)
    }
}

/// The GParamSpec flag sets property tables use. Defined here, where only GObject's own module is
/// imported: a module that sees GLib's headers through two C modules (CPlaceholderGObject and CPlaceholderPango, say) can
/// find G_PARAM_* ambiguous and lose them.
package enum ParamFlags {
    /// Read-write, notified by the owner itself (g_object_notify_by_pspec), only on change.
    package static let readWriteExplicitNotify = GParamFlags(
        G_PARAM_READWRITE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
    /// Read-only, notified by the owner itself.
    package static let readOnlyExplicitNotify = GParamFlags(
        G_PARAM_READABLE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
    /// Read-write, settable only at construction.
    package static let readWriteConstructOnly = GParamFlags(
        G_PARAM_READWRITE.rawValue | G_PARAM_CONSTRUCT_ONLY.rawValue)
}

extension GObjectType {
    /// Runs type registration or class initialisation written for the main actor (it fills in the
    /// main actor's statics) on whichever thread GObject runs it: a `_get_type()` may be called from any
    /// thread, and class_init runs where the class is first needed. Both happen once — registration
    /// inside a once-only initializer, class_init under GObject's class lock — and before any instance
    /// exists, so nothing on the main thread reads those statics meanwhile. Main-actor code (the
    /// instances' virtual functions) still checks its thread as ever.
    /// `body` is a main-actor function, not a closure literal: Swift checks the thread on entering a
    /// main-actor closure formed outside the main actor, and traps.
    package static func setUpOnAnyThread<Argument, Result>(
        _ argument: Argument, _ body: @MainActor (Argument) -> Result
    ) -> Result {
        withoutActuallyEscaping(body) { body in unsafeBitCast(body, to: ((Argument) -> Result).self)(argument) }
    }
}

extension GObjectType {
    /// A new instance of `type` with the given construct properties (g_object_new_with_properties; C's
    /// varargs g_object_new is not callable from Swift). The values are unset afterwards.
    package static func newInstance(
        of type: GType, properties: [(name: String, value: GValue)]
    ) -> UnsafeMutablePointer<GObject> {
        var values = properties.map(\.value)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        return withCStringArray(properties.map(\.name)) { names in
            names.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: properties.count + 1) { names in
                values.withUnsafeMutableBufferPointer {
                    g_object_new_with_properties(type, guint(properties.count), names, $0.baseAddress)!
                }
            }
        }
    }
}
