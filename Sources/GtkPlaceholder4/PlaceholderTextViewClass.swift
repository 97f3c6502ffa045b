import Gtk4Swift
import PlaceholderCore

/// GTK 4's part of the GObject type `PlaceholderTextView` (a GtkWidget subclass with two children:
/// the scrolled text view and the label); the type itself, its properties and its construction are
/// `PlaceholderType`'s, shared with GTK 3.
@MainActor
struct PlaceholderTextViewClass: PlaceholderToolkit {
    static func register() -> GType { PlaceholderType.register(PlaceholderTextViewClass()) }

    /// A new (floating) instance around `textView` for Swift's initializer to build into.
    static func newInstanceForSwift(textView: UnsafeMutablePointer<GtkTextView>) -> UnsafeMutablePointer<GtkWidget> {
        _ = register()
        return PlaceholderType.newInstanceForSwift(textView: textView.asObject).cast()
    }

    package var parentType: GType { gtk_widget_get_type() }
    package var propertyTypes: PlaceholderProperty.Types {
        .init(color: gdk_rgba_get_type(), textView: gtk_text_view_get_type())
    }

    package func initializeClass(_ klass: gpointer?, type: GType) { Self.installWidgetOverrides(klass, type: type) }

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
