import GtkPlaceholder
import PlaceholderGtk3Glue
import PlaceholderGtk3TestSupport

// GTK 3's side of the adapter the shared behaviour suite (Tests/PlaceholderBehaviours) is written
// against; GTK 4's has the same names. Only what the two toolkits spell differently is here.

typealias Loop = MainLoop
typealias Harness = GtkHarness

@MainActor
enum Toolkit {
    static func width(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 { gtk_widget_get_allocated_width(widget) }
    static func height(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 { gtk_widget_get_allocated_height(widget) }

    static func point(
        _ x: Int32, _ y: Int32, from widget: UnsafeMutablePointer<GtkWidget>, to other: UnsafeMutablePointer<GtkWidget>
    ) -> (x: Int32, y: Int32) {
        var translatedX: gint = 0
        var translatedY: gint = 0
        gtk_widget_translate_coordinates(widget, other, x, y, &translatedX, &translatedY)
        return (translatedX, translatedY)
    }

    static func minimumHeight(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var minimum: gint = 0
        gtk_widget_get_preferred_height_for_width(widget, width(widget), &minimum, nil)
        return minimum
    }

    /// An application style sheet on the whole screen while `body` runs.
    static func withDisplayCSS(_ css: String, _ body: () -> Void) {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1, nil)
        let screen = gdk_screen_get_default()
        gtk_style_context_add_provider_for_screen(
            screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        body()
        gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider))
        g_object_unref(provider.asGPointer)
    }

    /// The scrolled window draws a frame (GTK 3: a shadow).
    static func frame(_ scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        gtk_scrolled_window_set_shadow_type(scrolledWindow.cast(), GTK_SHADOW_IN)
    }

    /// The view's label and scrolled window as GTK 3's gtk_label_* and gtk_scrolled_window_* take them.
    static func label(_ view: PlaceholderTextView) -> UnsafeMutablePointer<GtkLabel> { view.placeholderLabel }
    static func scrolledWindow(_ view: PlaceholderTextView) -> UnsafeMutablePointer<GtkScrolledWindow> {
        view.scrolledWindow
    }

    static func hasStyleClass(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
    }

    /// Pointer events pass through the label to the text view under it.
    static func letsClicksThrough(_ label: UnsafeMutablePointer<GtkWidget>, in view: PlaceholderTextView) -> Bool {
        gtk_widget_get_can_focus(label) == 0
            && gtk_overlay_get_overlay_pass_through(view.widget.cast(), label) != 0
    }

    /// A caret `ratio` of its height wide (GTK 3: the text view's cursor-aspect-ratio style property),
    /// until the returned closure runs.
    static func thickCaret(_ textView: UnsafeMutablePointer<GtkTextView>, ratio: Double) -> () -> Void {
        let provider = WidgetStyleProvider(for: textView)
        provider.css = "* { -GtkWidget-cursor-aspect-ratio: \(ratio); }"
        return { provider.css = nil }
    }
}

extension Toolkit {
    /// GTK's own parts of the widget put together by hand (overlay, scrolled text view, a
    /// pass-through label), shown: what GTK itself costs per widget.
    static func bareParts(placeholder: String) -> UnsafeMutablePointer<GtkWidget> {
        let overlay = gtk_overlay_new()!
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(scrolled.asContainer, gtk_text_view_new())
        gtk_container_add(overlay.asContainer, scrolled)
        let label = gtk_label_new(placeholder)!
        gtk_overlay_add_overlay(overlay.cast(), label)
        gtk_overlay_set_overlay_pass_through(overlay.cast(), label, 1)
        gtk_widget_show_all(overlay)
        return overlay
    }

    /// The natural height the widget asks its parent for.
    static func naturalHeight(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var natural: gint = 0
        gtk_widget_get_preferred_height(widget, nil, &natural)
        return natural
    }

    /// Allocates the widget nothing at all, as a careless container may.
    static func allocateNothing(_ widget: UnsafeMutablePointer<GtkWidget>) {
        var zero = GtkAllocation(x: 0, y: 0, width: 0, height: 0)
        gtk_widget_size_allocate(widget, &zero)
    }
}

extension Toolkit {
    /// What PlaceholderTextView derives from on GTK 3.
    static var placeholderParentType: GType { gtk_overlay_get_type() }
}
