import GLibSwift

/// The GObject type `PlaceholderTextView`, a GtkOverlay subclass: its properties read and write the
/// Swift object tied to each instance, so C, GtkBuilder .ui files and GtkInspector see the same
/// widget Swift does.
@MainActor
enum PlaceholderTextViewClass {
    /// Property ids (GObject numbers them from 1).
    enum PropertyID: guint, CaseIterable {
        case placeholderText = 1
        case placeholderColor
        case font
        case hidesPlaceholder
        case placeholderVisible
        case textView

        var name: String {
            switch self {
            case .placeholderText: "placeholder-text"
            case .placeholderColor: "placeholder-color"
            case .font: "font"
            case .hidesPlaceholder: "hides-placeholder"
            case .placeholderVisible: "placeholder-visible"
            case .textView: "text-view"
            }
        }
    }

    private(set) static var type: GType = 0
    private static var specs: [PropertyID: UnsafeMutablePointer<GParamSpec>] = [:]
    private static var parentConstructed: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?
    /// Set while Swift's own initializer makes the instance: `constructed` then leaves the Swift side to it.
    private static var swiftConstructionPending = false
    private static let pendingTextViewQuark = g_quark_from_string("gtkplaceholder-pending-text-view")

    static func register() -> GType {
        if type != 0 { return type }
        precondition(g_type_from_name("PlaceholderTextView") == 0, "another library registered PlaceholderTextView")
        type = GObjectType.registerSubclass(named: "PlaceholderTextView", of: gtk_overlay_get_type()) { klass, _ in
            MainActor.assumeIsolated { PlaceholderTextViewClass.initializeClass(klass) }
        }
        GObjectType.addInterface(gtk_buildable_get_type(), to: type) { iface, _ in
            MainActor.assumeIsolated { PlaceholderTextViewClass.initializeBuildable(iface) }
        }
        return type
    }

    /// A new instance for Swift's initializer to build into (floating, like any new widget).
    static func newInstanceForSwift() -> UnsafeMutablePointer<GtkWidget> {
        swiftConstructionPending = true
        return newObject(register()).cast()
    }

    static func notify(_ view: PlaceholderTextView, _ property: PropertyID) {
        guard let spec = specs[property] else { return }
        g_object_notify_by_pspec(view.widget.asObject, spec)
    }

    // MARK: - Class and interface set-up

    private static func initializeClass(_ klass: gpointer?) {
        let objectClass = GObjectType.classStruct(klass, as: GObjectClass.self)
        parentConstructed = GObjectType.parentClass(of: type, as: GObjectClass.self).pointee.constructed
        objectClass.pointee.constructed = { object in
            MainActor.assumeIsolated { PlaceholderTextViewClass.constructed(object!) }
        }
        objectClass.pointee.set_property = { object, id, value, _ in
            MainActor.assumeIsolated { PlaceholderTextViewClass.setProperty(object!, id, value!) }
        }
        objectClass.pointee.get_property = { object, id, value, _ in
            MainActor.assumeIsolated { PlaceholderTextViewClass.getProperty(object!, id, value!) }
        }
        installWidgetOverrides(klass)
        for property in PropertyID.allCases {
            let spec = makeSpec(property)
            g_param_spec_ref_sink(spec)
            specs[property] = spec
            g_object_class_install_property(objectClass, property.rawValue, spec)
        }
    }

    private static func makeSpec(_ property: PropertyID) -> UnsafeMutablePointer<GParamSpec> {
        // Notified by the Swift setters, only when the value changes (never twice per change).
        let readWrite = GParamFlags(G_PARAM_READWRITE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue)
        let name = property.name
        switch property {
        case .placeholderText:
            return g_param_spec_string(name, "Placeholder text", "Shown while the buffer is empty", "", readWrite)
        case .placeholderColor:
            return g_param_spec_boxed(
                name, "Placeholder colour", "Explicit colour; NULL follows the theme", gdk_rgba_get_type(), readWrite)
        case .font:
            return g_param_spec_string(
                name, "Font", "The text view's font as a Pango description; NULL follows the theme", nil, readWrite)
        case .hidesPlaceholder:
            return g_param_spec_boolean(name, "Hides placeholder", "Hide it whatever the buffer holds", 0, readWrite)
        case .placeholderVisible:
            return g_param_spec_boolean(
                name, "Placeholder visible", "Whether the placeholder is shown now", 0,
                GParamFlags(G_PARAM_READABLE.rawValue | G_PARAM_EXPLICIT_NOTIFY.rawValue))
        case .textView:
            return g_param_spec_object(
                name, "Text view", "The wrapped text view (a GtkSourceView, say); NULL makes a GtkTextView",
                gtk_text_view_get_type(), GParamFlags(G_PARAM_READWRITE.rawValue | G_PARAM_CONSTRUCT_ONLY.rawValue))
        }
    }

    // MARK: - Instance hooks

    /// Instances made by C or GtkBuilder get their Swift side here, kept alive by the widget.
    private static func constructed(_ object: UnsafeMutablePointer<GObject>) {
        parentConstructed?(object)
        if swiftConstructionPending {
            swiftConstructionPending = false
            return
        }
        var given = g_object_steal_qdata(object, pendingTextViewQuark)?.cast(to: GtkTextView.self)
        defer { if let given { g_object_unref(given.asGPointer) } }
        if let textView = given, gtk_widget_get_parent(textView.asWidget) != nil {
            GLibLog.warning(
                "PlaceholderTextView: the text-view given already has a parent; using a new GtkTextView",
                domain: "GtkPlaceholder")
            g_object_unref(textView.asGPointer)
            given = nil
        }
        _ = PlaceholderTextView(
            constructed: object.cast(), textView: given ?? PlaceholderTextView.makeDefaultTextView())
    }

    private static func setProperty(
        _ object: UnsafeMutablePointer<GObject>, _ id: guint, _ value: UnsafePointer<GValue>
    ) {
        guard let property = PropertyID(rawValue: id) else { return }
        if property == .textView {
            // Construct-only: set before `constructed`, which takes it from here.
            if let textView = g_value_get_object(value) {
                g_object_set_qdata_full(
                    object, pendingTextViewQuark, g_object_ref(textView), { g_object_unref($0) })
            }
            return
        }
        guard let view = PlaceholderTextView.forWidget(object.cast()) else { return }
        switch property {
        case .placeholderText: view.placeholder = g_value_get_string(value).map { String(cString: $0) } ?? ""
        case .placeholderColor: view.placeholderColor = g_value_get_boxed(value)?.cast(to: GdkRGBA.self).pointee
        case .font: view.font = g_value_get_string(value).map { String(cString: $0) }
        case .hidesPlaceholder: view.hidesPlaceholder = g_value_get_boolean(value) != 0
        case .placeholderVisible, .textView: break
        }
    }

    private static func getProperty(
        _ object: UnsafeMutablePointer<GObject>, _ id: guint, _ value: UnsafeMutablePointer<GValue>
    ) {
        guard let property = PropertyID(rawValue: id), let view = PlaceholderTextView.forWidget(object.cast()) else {
            return
        }
        switch property {
        case .placeholderText: g_value_set_string(value, view.placeholder)
        case .placeholderColor:
            if var color = view.placeholderColor {
                g_value_set_boxed(value, &color)
            } else {
                g_value_set_boxed(value, nil)
            }
        case .font: g_value_set_string(value, view.font)
        case .hidesPlaceholder: g_value_set_boolean(value, view.hidesPlaceholder.gboolean)
        case .placeholderVisible: g_value_set_boolean(value, view.isPlaceholderVisible.gboolean)
        case .textView: g_value_set_object(value, view.textView.asGPointer)
        }
    }
}
