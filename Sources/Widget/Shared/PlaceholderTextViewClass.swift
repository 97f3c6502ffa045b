import PlaceholderCore

// One source compiled into both widget modules (see PlaceholderTextView+API.swift).

/// The toolkit's part of the GObject type `PlaceholderTextView`: the type itself, its properties and
/// its construction are `PlaceholderType`'s; this adds the parent type and virtual functions of the
/// toolkit at hand (`PlaceholderTextViewOverrides.swift` in each module) and GtkBuildable's internal
/// children. Its properties read and write the Swift object tied to each instance, so C, GtkBuilder
/// .ui files and GtkInspector see the same widget Swift does.
@MainActor
struct PlaceholderTextViewClass: PlaceholderToolkit {
    static var type: GType { PlaceholderType.type }
    /// The toolkit's GtkBuildable set-up, for what is not ours.
    private static var parentBuildable: GtkBuildableIface?

    /// The type, registered by the first caller on any thread while any other waits: Swift runs a
    /// static's initializer once, with g_once_init_enter's guarantees (`placeholder_text_view_get_type`).
    nonisolated static let registered: GType = GObjectType.setUpOnAnyThread(
        PlaceholderTextViewClass(), PlaceholderType.register)

    static func register() -> GType { registered }

    /// A new (floating) instance around `textView` for Swift's initializer to build into.
    static func newInstanceForSwift(textView: UnsafeMutablePointer<GtkTextView>) -> UnsafeMutablePointer<GtkWidget> {
        _ = register()
        return PlaceholderType.newInstanceForSwift(textView: textView.asObject).cast()
    }

    package var parentType: GType { Self.parentWidgetType }
    package var toolkitName: String { Self.toolkitName }
    package var propertyTypes: PlaceholderProperty.Types {
        .init(color: gdk_rgba_get_type(), textView: gtk_text_view_get_type())
    }

    package func initializeClass(_ klass: gpointer?, type: GType) { Self.installWidgetOverrides(klass, type: type) }

    package nonisolated func addInterfaces(to type: GType) {
        GObjectType.addInterface(gtk_buildable_get_type(), to: type) { iface, _ in
            GObjectType.setUpOnAnyThread(iface, PlaceholderTextViewClass.initializeBuildable)
        }
    }

    package func makeSwiftSide(for instance: UnsafeMutablePointer<GObject>, textView: UnsafeMutablePointer<GObject>?) {
        _ = PlaceholderTextView(
            constructed: instance.cast(), textView: textView?.cast() ?? PlaceholderTextView.makeDefaultTextView())
    }

    private static func initializeBuildable(_ iface: gpointer?) {
        let buildable = GObjectType.classStruct(iface, as: GtkBuildableIface.self)
        parentBuildable = buildable.pointee
        buildable.pointee.get_internal_child = { buildable, builder, name in
            // Pointers are not Sendable: the answer leaves the main actor as an address.
            let address = MainActor.assumeIsolated {
                UInt(
                    bitPattern: PlaceholderTextViewClass.internalChild(buildable, name)
                        ?? PlaceholderTextViewClass.parentBuildable?.get_internal_child?(buildable, builder, name))
            }
            return UnsafeMutablePointer(bitPattern: address)
        }
    }

    /// `<child internal-child="text_view">` (and "scrolled_window") in .ui files.
    private static func internalChild(
        _ buildable: OpaquePointer?, _ name: UnsafePointer<CChar>?
    ) -> UnsafeMutablePointer<GObject>? {
        guard let buildable, let name, let view = PlaceholderTextView.forWidget(UnsafeMutablePointer(buildable)) else {
            return nil
        }
        switch String(cString: name) {
        case PlaceholderInternalChild.textView: return view.textView.asObject
        case PlaceholderInternalChild.scrolledWindow: return view.core.scrolledWindow
        default: return nil
        }
    }
}
