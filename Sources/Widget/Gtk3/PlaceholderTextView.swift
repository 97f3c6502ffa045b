@_exported import CPlaceholderGtk3
import PlaceholderCore
@_exported import PlaceholderGtk3Glue

/// A GtkTextView with a placeholder label drawn where the first typed character will appear.
///
/// `widget` is a GtkOverlay holding a GtkScrolledWindow with the text view, and the label as a
/// pass-through overlay child. Pack `widget`; the Swift object stays alive as long as the widget is
/// held by a container, whatever happens to the variable that created it. What it does is the shared
/// `PlaceholderWidgetCore`'s (GTK 3 and GTK 4 alike); this class gives it GTK 3's types.
@MainActor
public final class PlaceholderTextView {
    let core: PlaceholderWidgetCore<PlaceholderTextView, PlaceholderParts>
    /// `observeText`'s observers (made for the first one; connected only while there are some).
    var edits: TextEditObservers?

    init(instance overlay: ObjectOwnership, textView: UnsafeMutablePointer<GtkTextView>, placeholder: String) {
        let overlayWidget: UnsafeMutablePointer<GtkWidget> = overlay.object.cast()
        let label = gtk_label_new(nil)!.cast(to: GtkLabel.self)
        let scrolled = gtk_scrolled_window_new(nil, nil)!.cast(to: GtkScrolledWindow.self)
        let hub = SignalHub()
        let parts = PlaceholderParts(
            overlay: overlayWidget.cast(), scrolled: scrolled, textView: textView, label: label, hub: hub)
        core = PlaceholderWidgetCore(
            ownership: overlay, textView: textView.asObject, label: label.asObject, scrolledWindow: scrolled.asObject,
            hub: hub, parts: parts)

        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(scrolled.asContainer, textView.asWidget)
        gtk_container_add(overlayWidget.asContainer, scrolled.asWidget)
        gtk_overlay_add_overlay(overlayWidget.cast(), label.asWidget)
        // Clicks and focus go through the label to the text view.
        gtk_overlay_set_overlay_pass_through(overlayWidget.cast(), label.asWidget, 1)
        gtk_widget_set_can_focus(label.asWidget, 0)
        gtk_widget_set_child_visible(label.asWidget, 0)
        gtk_widget_show(label.asWidget)
        gtk_widget_show(textView.asWidget)
        gtk_widget_show(scrolled.asWidget)
        core.start(owner: self, placeholder: placeholder)
    }

    /// GTK 3 widgets are made hidden.
    static func showNew(_ widget: UnsafeMutablePointer<GtkWidget>) { gtk_widget_show(widget) }

    // MARK: - GTK-specific types (the rest of the API is PlaceholderTextView+API.swift, shared)

    /// `scrolledWindowWidget` as GTK 3's typed pointer, for the gtk_scrolled_window_* calls.
    public var scrolledWindow: UnsafeMutablePointer<GtkScrolledWindow> { core.scrolledWindow.cast() }
    /// `placeholderLabelWidget` as GTK 3's typed pointer, for the gtk_label_* calls.
    public var placeholderLabel: UnsafeMutablePointer<GtkLabel> { core.label.cast() }
}
