import Gtk4TestHelpers
import GtkPlaceholder4
import PlaceholderGObjectTestSupport
import PlaceholderTestSupport

// GTK 4's side of the adapter the shared behaviour suite (Tests/PlaceholderBehaviours) is written
// against; GTK 3's has the same names. Only what the two toolkits spell differently is here.

typealias Harness = Gtk4Harness

@MainActor
enum Toolkit {
    static func width(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 { gtk_widget_get_width(widget) }
    static func height(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 { gtk_widget_get_height(widget) }

    static func point(
        _ x: Int32, _ y: Int32, from widget: UnsafeMutablePointer<GtkWidget>, to other: UnsafeMutablePointer<GtkWidget>
    ) -> (x: Int32, y: Int32) {
        var from = graphene_point_t(x: Float(x), y: Float(y))
        var to = graphene_point_t()
        precondition(gtk_widget_compute_point(widget, other, &from, &to) != 0, "the widgets share no root")
        return (Int32(to.x.rounded(.down)), Int32(to.y.rounded(.down)))
    }

    static func minimumHeight(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width(widget), &minimum, nil, nil, nil)
        return minimum
    }

    /// An application style sheet on the whole display while `body` runs.
    static func withDisplayCSS(_ css: String, _ body: () -> Void) {
        let provider = gtk_css_provider_new()!
        gtkplaceholder_css_load(provider, css)
        let display = gdk_display_get_default()
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        body()
        gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider))
        g_object_unref(provider.asGPointer)
    }

    /// The scrolled window draws a frame.
    static func frame(_ scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        gtk_scrolled_window_set_has_frame(OpaquePointer(scrolledWindow), 1)
    }

    /// The view's label and scrolled window as GTK 4's gtk_label_* and gtk_scrolled_window_* take them
    /// (its final types import opaque).
    static func label(_ view: PlaceholderTextView) -> OpaquePointer { OpaquePointer(view.placeholderLabelWidget) }
    static func scrolledWindow(_ view: PlaceholderTextView) -> OpaquePointer {
        OpaquePointer(view.scrolledWindowWidget)
    }

    static func hasStyleClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> Bool {
        gtk_widget_has_css_class(widget, name) != 0
    }

    /// Pointer events pass through the label to the text view under it.
    static func letsClicksThrough(_ label: UnsafeMutablePointer<GtkWidget>, in view: PlaceholderTextView) -> Bool {
        gtk_widget_get_can_target(label) == 0 && gtk_widget_get_focusable(label) == 0
    }

    /// A caret `ratio` of its height wide (GTK 4: the gtk-cursor-aspect-ratio setting), until the
    /// returned closure runs.
    static func thickCaret(_ textView: UnsafeMutablePointer<GtkTextView>, ratio: Double) -> () -> Void {
        let settings = gtk_settings_get_default()!.asObject
        Property.set(settings, "gtk-cursor-aspect-ratio", ratio)
        return { Property.set(settings, "gtk-cursor-aspect-ratio", 0.04) }
    }
}

/// What a screen reader reads, through GTK's test accessibility backend (GTK_A11Y=test).
@MainActor
enum ScreenReader {
    /// The widgets under `window`, not hidden from assistive technologies, that read `text`: a
    /// text view's placeholder property, or a label's text.
    static func widgetsReading(_ text: String, in window: UnsafeMutablePointer<GtkWidget>)
        -> [UnsafeMutablePointer<GtkWidget>]
    {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(window)
        while let widget = child {
            if !ignores(widget) {
                let isLabel = g_type_check_instance_is_a(widget.cast(), gtk_label_get_type()) != 0
                if isLabel, String(cString: gtk_label_get_text(OpaquePointer(widget))).contains(text) {
                    found.append(widget)
                }
                if describes(widget, as: text) { found.append(widget) }
                found += widgetsReading(text, in: widget)
            }
            child = gtk_widget_get_next_sibling(widget)
        }
        return found
    }

    /// The widget's accessible placeholder property is `text`.
    static func describes(_ widget: UnsafeMutablePointer<GtkWidget>, as text: String) -> Bool {
        takeGString(gtk4_test_check_string_property(widget.asAccessible, GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER, text))
            == nil
    }

    /// The widget is hidden from assistive technologies, as GTK decides what it presents to them: its
    /// hidden state, or an accessible role of none (presentation, its synonym).
    static func ignores(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        let role = gtk_accessible_get_accessible_role(widget.asAccessible)
        return role == GTK_ACCESSIBLE_ROLE_NONE || role == GTK_ACCESSIBLE_ROLE_PRESENTATION
            || takeGString(gtk4_test_check_boolean_state(widget.asAccessible, GTK_ACCESSIBLE_STATE_HIDDEN, 1)) == nil
    }
}

extension Toolkit {
    /// GTK's own parts of the widget put together by hand (overlay, scrolled text view, a label):
    /// what GTK itself costs per widget.
    static func bareParts(placeholder: String) -> UnsafeMutablePointer<GtkWidget> {
        let overlay = gtk_overlay_new()!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), gtk_text_view_new())
        gtk_overlay_set_child(OpaquePointer(overlay), scrolled)
        let label = gtk_label_new(placeholder)!
        gtk_widget_set_can_target(label, 0)
        gtk_overlay_add_overlay(OpaquePointer(overlay), label)
        return overlay
    }

    /// The natural height the widget asks its parent for.
    static func naturalHeight(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        return natural
    }

    /// Allocates the widget nothing at all, as a careless container may.
    static func allocateNothing(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_allocate(widget, 0, 0, -1, nil)
    }
}

extension Toolkit {
    /// What PlaceholderTextView derives from on GTK 4.
    static var placeholderParentType: GType { gtk_widget_get_type() }
}
