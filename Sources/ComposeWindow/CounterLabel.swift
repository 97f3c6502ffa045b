import GLibSwift
import GtkPlaceholder

/// The counter under the text ("12/140"; "287/280 · 7 over" in the error colour). A new text in a
/// GtkLabel relayouts the whole window (about 130 K instructions, 8 % of a keystroke's cost), so
/// while typing goes on the label changes at most every 100 ms — ten times a second, live to the
/// eye, exact within 100 ms of the last key — and at once when the count crosses the limit.
/// Send and --measure read the counter itself, never this label.
@MainActor
final class CounterLabel {
    static let refreshMilliseconds: UInt32 = 100

    private let label: UnsafeMutablePointer<GtkWidget>
    private var shown: String?
    private var shownOverLimit = false
    private var shownAt: gint64 = 0
    private var pending: String?
    private var refresh: MainLoopSource?

    init(_ label: UnsafeMutablePointer<GtkWidget>) { self.label = label }

    isolated deinit { refresh?.cancel() }

    func show(_ text: String, overLimit: Bool) {
        if overLimit != shownOverLimit {
            shownOverLimit = overLimit
            let context = gtk_widget_get_style_context(label)
            if overLimit {
                gtk_style_context_add_class(context, "error")
            } else {
                gtk_style_context_remove_class(context, "error")
            }
            return setText(text)
        }
        // At most one relayout per interval, in a keystroke's own frame; what the last keys
        // changed within it comes with a refresh once typing pauses.
        let now = g_get_monotonic_time()
        if now - shownAt >= gint64(Self.refreshMilliseconds) * 1_000 {
            return setText(text)
        }
        pending = text
        guard refresh == nil else { return }
        refresh = MainLoopSource.timeout(milliseconds: Self.refreshMilliseconds) { [weak self] in
            guard let self else { return false }
            self.refresh = nil
            if let text = self.pending { self.setText(text) }
            return false
        }
    }

    private func setText(_ text: String) {
        pending = nil
        refresh?.cancel()
        refresh = nil
        guard text != shown else { return }
        shown = text
        shownAt = g_get_monotonic_time()
        gtk_label_set_text(label.cast(), text)
    }
}
