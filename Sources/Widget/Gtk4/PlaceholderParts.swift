import PlaceholderCore
import PlaceholderGtk4Glue

/// GTK 4's side of the widget under the shared core: measuring, placing and drawing the label, the
/// display style sheet, GtkAccessible; the buffer calls are shared (PlaceholderParts+Buffer.swift).
@MainActor
final class PlaceholderParts: PlaceholderToolkitParts {
    let layout: PlaceholderLayout
    let appearance: PlaceholderAppearance
    private let accessibility: PlaceholderAccessibility
    let textView: UnsafeMutablePointer<GtkTextView>

    init(
        widget: UnsafeMutablePointer<GtkWidget>, textView: UnsafeMutablePointer<GtkTextView>,
        label: UnsafeMutablePointer<GtkWidget>, hub: SignalHub
    ) {
        layout = PlaceholderLayout(widget: widget, textView: textView, label: label, hub: hub)
        appearance = PlaceholderAppearance(textView: textView, label: label)
        accessibility = PlaceholderAccessibility(textView: textView, label: label)
        self.textView = textView
    }

    /// Not drawn, measured or allocated while hidden; showing it lays the widget out once.
    func setLabelShown(_ shown: Bool) {
        gtk_widget_set_child_visible(layout.label, shown.gboolean)
        if shown { gtk_widget_queue_resize(layout.widget) } else { gtk_widget_queue_draw(layout.widget) }
    }

    func placeholderChanged(_ text: String) {
        layout.placeholderChanged(text)
        accessibility.placeholderChanged(text)
    }

    func textViewPropertyChanged(_ name: String) { layout.textViewPropertyChanged(name) }

    /// The signals the layout connected through the hub: the text view's direction, the scrolling.
    func receive(_ emission: SignalEmission) -> Bool {
        if emission.is("direction-changed") {
            layout.alignLabel()
        } else if emission.is("value-changed") {
            layout.scrolled()
        }
        return false
    }

    func stop() {
        layout.stop()
        appearance.stop()
    }
}
