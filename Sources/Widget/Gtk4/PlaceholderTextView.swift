import PlaceholderCore
@_exported import PlaceholderGtk4Glue

/// A GTK 4 GtkTextView with a placeholder label drawn where the first typed character will appear.
///
/// `widget` is a `PlaceholderTextView` GObject (a GtkWidget subclass) holding a GtkScrolledWindow
/// with the text view and the label, which it measures, places and draws itself (as GtkText does
/// with its placeholder). Pack `widget`; the Swift object stays alive as long as the widget is held
/// by a parent, whatever happens to the variable that created it. What it does is the shared
/// `PlaceholderWidgetCore`'s (GTK 3 and GTK 4 alike); this class gives it GTK 4's types.
@MainActor
public final class PlaceholderTextView {
    let core: PlaceholderWidgetCore<PlaceholderTextView, PlaceholderParts>
    /// `observeText`'s observers (made for the first one; connected only while there are some).
    var edits: TextEditObservers?

    init(instance: ObjectOwnership, textView: UnsafeMutablePointer<GtkTextView>, placeholder: String) {
        let widget: UnsafeMutablePointer<GtkWidget> = instance.object.cast()
        // CSS name "placeholder", as GtkText's placeholder has: themes that style one style both.
        let label = PlaceholderTextView.makePlaceholderLabel()
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), textView.asWidget)
        gtk_widget_set_parent(scrolled, widget)
        gtk_widget_set_parent(label, widget)
        // Clicks go through the label to the text view; it never takes focus.
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_can_focus(label, 0)
        gtk_widget_set_child_visible(label, 0)
        let hub = SignalHub()
        core = PlaceholderWidgetCore(
            ownership: instance, textView: textView.asObject, label: label.asObject, scrolledWindow: scrolled.asObject,
            hub: hub, parts: PlaceholderParts(widget: widget, textView: textView, label: label, hub: hub))
        core.start(owner: self, placeholder: placeholder)
    }

    /// The label, named `placeholder` for CSS as GtkText's is, with the accessible role "none" (not
    /// represented to assistive technologies: the text view tells them the placeholder). The role,
    /// unlike the hidden state, lasts: GTK 4.18 sets a widget's hidden state from whether it is mapped.
    static func makePlaceholderLabel() -> UnsafeMutablePointer<GtkWidget> {
        var name = GValue()
        g_value_init(&name, Property.stringType)
        g_value_set_string(&name, "placeholder")
        var role = GValue()
        g_value_init(&role, gtk_accessible_role_get_type())
        g_value_set_enum(&role, gint(GTK_ACCESSIBLE_ROLE_NONE.rawValue))
        return GObjectType.newInstance(
            of: gtk_label_get_type(), properties: [("css-name", name), ("accessible-role", role)]
        ).cast()
    }

    /// GTK 4 widgets are made visible.
    static func showNew(_ widget: UnsafeMutablePointer<GtkWidget>) {}

    // MARK: - GTK-specific types (the rest of the API is PlaceholderTextView+API.swift, shared)

    /// The GtkScrolledWindow, as GTK 4 imports its final type.
    @available(*, deprecated, renamed: "scrolledWindowWidget", message: "a GtkWidget pointer on both toolkits")
    public var scrolledWindow: OpaquePointer { OpaquePointer(core.scrolledWindow) }
    /// The placeholder GtkLabel, as GTK 4 imports its final type.
    @available(*, deprecated, renamed: "placeholderLabelWidget", message: "a GtkWidget pointer on both toolkits")
    public var placeholderLabel: OpaquePointer { OpaquePointer(core.label) }
}
