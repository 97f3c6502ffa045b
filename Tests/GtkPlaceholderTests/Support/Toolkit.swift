import GLibSwift
import GtkPlaceholder
import GtkTestSupport

// GTK 3's side of the adapter the shared behaviour suite (Tests/PlaceholderBehaviours) is written
// against; GTK 4's has the same names. Only what the two toolkits spell differently is here.

typealias Loop = MainLoop
typealias Harness = GtkHarness

/// A widget's place and size in another's coordinates.
struct WidgetBounds {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32
}

@MainActor
enum Toolkit {
    static func width(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 { gtk_widget_get_allocated_width(widget) }
    static func height(_ widget: UnsafeMutablePointer<GtkWidget>) -> Int32 { gtk_widget_get_allocated_height(widget) }

    /// `child`'s allocation in `ancestor`'s coordinates (overlay children sit in their own GdkWindow).
    static func bounds(of child: UnsafeMutablePointer<GtkWidget>, in ancestor: UnsafeMutablePointer<GtkWidget>)
        -> WidgetBounds
    {
        let (x, y) = point(0, 0, from: child, to: ancestor)
        return WidgetBounds(x: x, y: y, width: width(child), height: height(child))
    }

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
    static func frame(_ scrolledWindow: UnsafeMutablePointer<GtkScrolledWindow>) {
        gtk_scrolled_window_set_shadow_type(scrolledWindow, GTK_SHADOW_IN)
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
