import CPlaceholderGObject
import PlaceholderGObjectGlue

/// What the shared GObject type `PlaceholderTextView` needs from the toolkit whose widget it is.
/// GTK 3 and GTK 4 never share a process, so one registration serves whichever registers.
@MainActor
package protocol PlaceholderToolkit {
    /// The parent type (GtkOverlay in GTK 3, GtkWidget in GTK 4).
    var parentType: GType { get }
    /// "GTK 3" or "GTK 4": part of the mark a registration leaves on the type.
    var toolkitName: String { get }
    var propertyTypes: PlaceholderProperty.Types { get }
    /// Overrides the toolkit's widget virtual functions in the new class struct.
    func initializeClass(_ klass: gpointer?, type: GType)
    /// Adds interfaces (GtkBuildable) once the type exists; nonisolated: their init functions run
    /// on whichever thread initialises the class.
    nonisolated func addInterfaces(to type: GType)
    /// Builds the Swift side of an instance made by C or GtkBuilder, around `textView` (nil: a new
    /// GtkTextView); the widget keeps it alive.
    func makeSwiftSide(for instance: UnsafeMutablePointer<GObject>, textView: UnsafeMutablePointer<GObject>?)
}

/// The GObject type `PlaceholderTextView`: properties from `PlaceholderProperty`, construction for
/// Swift and for C/GtkBuilder alike.
///
/// Construction is explicit: the text view always arrives through the construct-only "text-view"
/// property. Swift's initializer marks the one it passes (qdata on that text view), so
/// `constructed` knows the Swift side is being built by the caller; without the mark (C,
/// GtkBuilder) `constructed` builds it.
@MainActor
package enum PlaceholderType {
    package private(set) static var type: GType = 0
    private static var toolkit: (any PlaceholderToolkit)?
    private static var specs: [PlaceholderProperty: UnsafeMutablePointer<GParamSpec>] = [:]
    /// GObjectClass's constructed of the parent (written once, in class_init, before any instance).
    private nonisolated(unsafe) static var parentConstructed: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?
    // g_quark_from_string copies the names (see ObjectOwnership).
    private static let pendingTextViewQuark = g_quark_from_string("gtkplaceholder-pending-text-view")
    private static let builtBySwiftQuark = g_quark_from_string("gtkplaceholder-built-by-swift")

    /// What a registration of this project leaves on the type: builds that leave the same mark make
    /// and run instances the same way, so they share it (a Swift app with the Swift package that
    /// loads a plugin using the C library, say). Bumped whenever that changes.
    private static let implementationQuark = g_quark_from_string("gtkplaceholder-implementation")
    /// On an instance made by a copy of this library that found the type registered by another: the
    /// copy's own class functions, which the registering copy's hand the instance to.
    private nonisolated static let instanceClassQuark = g_quark_from_string("gtkplaceholder-instance-class")
    /// This copy's class functions, when another copy registered the type.
    /// (Set once, on the main thread, before any instance of this copy exists.)
    private nonisolated(unsafe) static var adoptedClass: UnsafeMutableRawPointer?

    private static func mark(of toolkit: some PlaceholderToolkit) -> String {
        "GtkPlaceholder 1 (\(toolkit.toolkitName))"
    }

    /// Registers the type for `toolkit` (idempotent), or uses the one a compatible build of this
    /// project registered. Registered by anything else: one critical naming both, and 0
    /// (G_TYPE_INVALID). Run once, on any thread (`PlaceholderTextViewClass.registered`).
    package static func register(_ toolkit: some PlaceholderToolkit) -> GType {
        if type != 0 { return type }
        let ours = mark(of: toolkit)
        let existing = g_type_from_name("PlaceholderTextView")
        if existing != 0 {
            let theirs = g_type_get_qdata(existing, implementationQuark).map {
                String(cString: $0.assumingMemoryBound(to: CChar.self))
            }
            guard theirs == ours else {
                GLibLog.critical(
                    "PlaceholderTextView is registered already, by \(theirs ?? "another library"); \(ours) cannot "
                        + "use that type", domain: "GtkPlaceholder")
                return 0
            }
            adopt(existing, for: toolkit)
            return type
        }
        self.toolkit = toolkit
        type = registerClass(of: toolkit.parentType)
        g_type_set_qdata(type, implementationQuark, g_strdup(ours))
        toolkit.addInterfaces(to: type)
        return type
    }

    /// Another copy registered the type: this copy's class functions go into a copy of its class
    /// struct (parents chained to as the registered class does), for the instances this copy makes.
    private static func adopt(_ existing: GType, for toolkit: some PlaceholderToolkit) {
        self.toolkit = toolkit
        type = existing
        let registered = g_type_class_ref(existing)!  // kept: the type is static
        var query = GTypeQuery()
        g_type_query(existing, &query)
        let functions = UnsafeMutableRawPointer.allocate(byteCount: Int(query.class_size), alignment: 16)
        functions.copyMemory(from: registered, byteCount: Int(query.class_size))
        installFunctions(functions)
        adoptedClass = functions
        for property in PlaceholderProperty.allCases {
            specs[property] = g_object_class_find_property(
                registered.assumingMemoryBound(to: GObjectClass.self), property.name)
        }
    }

    /// The class functions of the copy of this library that made `instance`, when it is not this
    /// copy: the class's functions begin by handing such an instance over.
    package nonisolated static func foreignClass<Class>(
        of instance: UnsafeMutableRawPointer, as _: Class.Type = Class.self
    ) -> UnsafeMutablePointer<Class>? {
        guard let functions = g_object_get_qdata(instance.assumingMemoryBound(to: GObject.self), instanceClassQuark),
            functions != adoptedClass
        else { return nil }
        return functions.assumingMemoryBound(to: Class.self)
    }

    /// A new (floating) instance around `textView` whose Swift side the caller builds.
    package static func newInstanceForSwift(textView: UnsafeMutablePointer<GObject>) -> UnsafeMutablePointer<GObject> {
        precondition(type != 0, "register the type first")
        g_object_set_qdata(textView, builtBySwiftQuark, textView)
        var value = GValue()
        g_value_init(&value, toolkit!.propertyTypes.textView)
        g_value_set_object(&value, textView)
        let instance = GObjectType.newInstance(of: type, properties: [(PlaceholderProperty.textView.name, value)])
        if let adoptedClass { g_object_set_qdata(instance, instanceClassQuark, adoptedClass) }
        return instance
    }

    /// Notifies `property` of `instance` (the Swift setters call it only when a value changes).
    package static func notify(_ instance: UnsafeMutablePointer<GObject>, _ property: PlaceholderProperty) {
        guard let spec = specs[property] else { return }
        g_object_notify_by_pspec(instance, spec)
    }

    /// class_init runs on whichever thread first needs the class, once: its function is formed
    /// outside the main actor (Swift checks the thread on entering a C function formed on it).
    private nonisolated static func registerClass(of parent: GType) -> GType {
        GObjectType.registerSubclass(named: "PlaceholderTextView", of: parent) { klass, _ in
            GObjectType.setUpOnAnyThread(klass, PlaceholderType.initializeClass)
        }
    }

    private static func initializeClass(_ klass: gpointer?) {
        installFunctions(klass)
        installProperties(klass)
    }

    private static func installFunctions(_ klass: gpointer?) {
        let objectClass = GObjectType.classStruct(klass, as: GObjectClass.self)
        parentConstructed = GObjectType.parentClass(of: type, as: GObjectClass.self).pointee.constructed
        installObjectFunctions(objectClass)
        toolkit!.initializeClass(klass, type: type)
    }

    /// Formed outside the main actor, so that a call off the main thread reaches the thread check
    /// (one formed on the main actor would trap on entry).
    private nonisolated static func installObjectFunctions(_ objectClass: UnsafeMutablePointer<GObjectClass>) {
        // Off the main thread an instance is neither built nor read nor changed: one critical, as
        // GTK's own g_return_if_fail checks give, and nothing done, instead of a trap.
        objectClass.pointee.constructed = { object in
            guard MainThread.check("constructed") else { return PlaceholderType.parentConstructed?(object) ?? () }
            // GObject's pointers are not Sendable; checked to be on the main thread, they stay there.
            nonisolated(unsafe) let object = object!
            MainActor.assumeIsolated { PlaceholderType.constructed(object) }
        }
        objectClass.pointee.set_property = { object, id, value, spec in
            if let foreign = PlaceholderType.foreignClass(of: object!, as: GObjectClass.self) {
                return foreign.pointee.set_property(object, id, value, spec)
            }
            guard MainThread.check("set_property") else { return }
            nonisolated(unsafe) let (object, value) = (object!, value!)
            MainActor.assumeIsolated { PlaceholderType.setProperty(object, id, value) }
        }
        objectClass.pointee.get_property = { object, id, value, spec in
            if let foreign = PlaceholderType.foreignClass(of: object!, as: GObjectClass.self) {
                return foreign.pointee.get_property(object, id, value, spec)
            }
            guard MainThread.check("get_property") else { return }
            nonisolated(unsafe) let (object, value) = (object!, value!)
            MainActor.assumeIsolated { PlaceholderType.getProperty(object, id, value) }
        }
    }

    private static func installProperties(_ klass: gpointer?) {
        let objectClass = GObjectType.classStruct(klass, as: GObjectClass.self)
        for property in PlaceholderProperty.allCases {
            let spec = property.makeSpec(toolkit!.propertyTypes)
            specs[property] = spec
            g_object_class_install_property(objectClass, property.rawValue, spec)
        }
    }

    private static func constructed(_ object: UnsafeMutablePointer<GObject>) {
        parentConstructed?(object)
        var given = g_object_steal_qdata(object, pendingTextViewQuark)?.cast(to: GObject.self)
        defer { if let given { g_object_unref(given) } }
        if let textView = given, g_object_steal_qdata(textView, builtBySwiftQuark) != nil { return }
        // GtkWidget's "parent", in GTK 3 and GTK 4 alike.
        if let textView = given, Property.object(textView, "parent", type: g_object_get_type()) != nil {
            GLibLog.warning(
                "PlaceholderTextView: the text-view given already has a parent; using a new GtkTextView",
                domain: "GtkPlaceholder")
            g_object_unref(textView)
            given = nil
        }
        toolkit!.makeSwiftSide(for: object, textView: given)
    }

    private static func setProperty(
        _ object: UnsafeMutablePointer<GObject>, _ id: guint, _ value: UnsafePointer<GValue>
    ) {
        guard let property = PlaceholderProperty(rawValue: id) else { return }
        if property == .textView {
            // Construct-only: set before `constructed`, which takes it from here.
            if let textView = g_value_get_object(value) {
                g_object_set_qdata_full(object, pendingTextViewQuark, g_object_ref(textView)) { g_object_unref($0) }
            }
            return
        }
        owner(of: object)?.setProperty(property, from: value)
    }

    private static func owner(of instance: UnsafeMutablePointer<GObject>) -> (any PlaceholderPropertyOwner)? {
        ObjectOwnership.owner(of: instance) as? any PlaceholderPropertyOwner
    }

    private static func getProperty(
        _ object: UnsafeMutablePointer<GObject>, _ id: guint, _ value: UnsafeMutablePointer<GValue>
    ) {
        guard let property = PlaceholderProperty(rawValue: id) else { return }
        owner(of: object)?.getProperty(property, into: value)
    }
}
