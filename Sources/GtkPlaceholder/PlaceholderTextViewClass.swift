import GLibSwift
import PlaceholderCore

/// GTK 3's part of the GObject type `PlaceholderTextView` (a GtkOverlay subclass); the type itself,
/// its properties and its construction are `PlaceholderType`'s, shared with GTK 4. Its properties
/// read and write the Swift object tied to each instance, so C, GtkBuilder .ui files and GtkInspector
/// see the same widget Swift does.
@MainActor
struct PlaceholderTextViewClass: PlaceholderToolkit {
    static var type: GType { PlaceholderType.type }

    static func register() -> GType { PlaceholderType.register(PlaceholderTextViewClass()) }

    /// A new instance around `textView` for Swift's initializer to build into (floating, like any
    /// new widget).
    static func newInstanceForSwift(textView: UnsafeMutablePointer<GtkTextView>) -> UnsafeMutablePointer<GtkWidget> {
        _ = register()
        return PlaceholderType.newInstanceForSwift(textView: textView.asObject).cast()
    }

    static func notify(_ view: PlaceholderTextView, _ property: PlaceholderProperty) {
        PlaceholderType.notify(view.widget.asObject, property)
    }

    package var parentType: GType { gtk_overlay_get_type() }
    package var propertyTypes: PlaceholderProperty.Types {
        .init(color: gdk_rgba_get_type(), textView: gtk_text_view_get_type())
    }

    package func initializeClass(_ klass: gpointer?, type: GType) { Self.installWidgetOverrides(klass) }

    package func addInterfaces(to type: GType) {
        GObjectType.addInterface(gtk_buildable_get_type(), to: type) { iface, _ in
            MainActor.assumeIsolated { PlaceholderTextViewClass.initializeBuildable(iface) }
        }
    }

    package func makeSwiftSide(for instance: UnsafeMutablePointer<GObject>, textView: UnsafeMutablePointer<GObject>?) {
        _ = PlaceholderTextView(
            constructed: instance.cast(), textView: textView?.cast() ?? PlaceholderTextView.makeDefaultTextView())
    }
}

extension PlaceholderTextView: PlaceholderPropertyOwner {}
