import PlaceholderCore
import PlaceholderGtk3Glue

/// GTK 3's side of the widget under the shared core: the overlay layout, the style providers, ATK
/// (made lazily); the buffer calls are shared (PlaceholderParts+Buffer.swift).
@MainActor
final class PlaceholderParts: PlaceholderToolkitParts {
    private var accessibility: PlaceholderAccessibility
    private let label: UnsafeMutablePointer<GtkLabel>
    let layout: PlaceholderLayout
    let appearance: PlaceholderAppearance
    let textView: UnsafeMutablePointer<GtkTextView>

    init(
        overlay: UnsafeMutablePointer<GtkOverlay>, scrolled: UnsafeMutablePointer<GtkScrolledWindow>,
        textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkLabel>, hub: SignalHub
    ) {
        self.textView = textView
        self.label = label
        layout = PlaceholderLayout(overlay: overlay, scrolled: scrolled, textView: textView, label: label, hub: hub)
        appearance = PlaceholderAppearance(textView: textView, label: label)
        accessibility = PlaceholderAccessibility(textView: textView, label: label)
    }

    /// Child visibility maps or unmaps the label without queueing a resize of the overlay (and so of
    /// the text view) the way showing and hiding would: one redraw.
    func setLabelShown(_ shown: Bool) {
        if shown { layout.willShow() }
        gtk_widget_set_child_visible(label.asWidget, shown.gboolean)
    }

    func placeholderChanged(_ text: String) {
        layout.placeholderChanged(text)
        accessibility.placeholderChanged(text)
    }

    func textViewPropertyChanged(_ name: String) {
        if name == "has-focus" {
            layout.focusChanged()
            // GTK's focus tracker makes the text view's accessible now anyway: describe it.
            if gtk_widget_has_focus(textView.asWidget) != 0 { accessibility.activate() }
        } else if TextViewAlignment.properties.contains(name) {
            layout.alignLabel()
        }
    }

    /// The signals the layout connected through the hub: the label's drawing while focused, the
    /// text view's direction.
    func receive(_ emission: SignalEmission) -> Bool {
        if emission.instance == UnsafeMutableRawPointer(label) {
            return layout.drawLabel(emission.argument(1).map(OpaquePointer.init))
        }
        if emission.is("direction-changed") { layout.alignLabel() }
        return false
    }

    /// The overlay's accessible was asked for (an assistive technology is walking the tree).
    func accessibleRequested() { accessibility.activate() }

    func stop() { layout.stop() }
}
