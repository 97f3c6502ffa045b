import GLibSwift
import PlaceholderCore

/// GTK 3's side of the widget under the shared core: the overlay layout, the style providers, ATK,
/// and the buffer calls in GTK 3's types.
@MainActor
final class PlaceholderParts: PlaceholderToolkitParts {
    let layout: PlaceholderLayout
    let appearance: PlaceholderAppearance
    private let accessibility: PlaceholderAccessibility
    let textView: UnsafeMutablePointer<GtkTextView>
    private let label: UnsafeMutablePointer<GtkLabel>

    init(
        overlay: UnsafeMutablePointer<GtkOverlay>, scrolled: UnsafeMutablePointer<GtkScrolledWindow>,
        textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkLabel>
    ) {
        self.textView = textView
        self.label = label
        layout = PlaceholderLayout(overlay: overlay, scrolled: scrolled, textView: textView, label: label)
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

    /// The overlay's accessible was asked for (an assistive technology is walking the tree).
    func accessibleRequested() { accessibility.activate() }

    func stop() {
        layout.stop()
        appearance.stop()
        accessibility.stop()
    }
}
