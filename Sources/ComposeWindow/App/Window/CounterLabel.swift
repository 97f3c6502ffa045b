import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The counter under the text ("12/140"; "287/280 · 7 over" in the error colour). A new text in a
/// GtkLabel relayouts the whole window (about 130 K instructions, 8 % of a keystroke's cost), so
/// while typing goes on the label changes at most every 100 ms, in a keystroke's own frame — ten
/// times a second, live to the eye — and the last count comes 100 ms after the last key; crossing
/// the limit shows at once. Send and --measure read the counter itself, never this label.
@MainActor
final class CounterLabel {
    private let label: UnsafeMutablePointer<GtkWidget>
    private var throttle = RefreshThrottle<String>(interval: 100_000)  // µs, g_get_monotonic_time's
    private var shownOverLimit = false
    private var refresh: MainLoopSource?

    init(_ label: UnsafeMutablePointer<GtkWidget>) { self.label = label }

    isolated deinit { refresh?.cancel() }

    func show(_ text: String, overLimit: Bool) {
        let crossed = overLimit != shownOverLimit
        if crossed {
            shownOverLimit = overLimit
            let context = gtk_widget_get_style_context(label)
            if overLimit {
                gtk_style_context_add_class(context, "error")
            } else {
                gtk_style_context_remove_class(context, "error")
            }
        }
        if let now = throttle.offer(text, at: Int64(g_get_monotonic_time()), urgent: crossed) {
            setText(now)
        } else if throttle.pending != nil && refresh == nil {
            refresh = MainLoopSource.timeout(milliseconds: UInt32(throttle.interval / 1_000)) { [weak self] in
                guard let self else { return false }
                self.refresh = nil
                if let text = self.throttle.flush(at: Int64(g_get_monotonic_time())) { self.setText(text) }
                return false
            }
        }
    }

    private func setText(_ text: String) {
        refresh?.cancel()
        refresh = nil
        gtk_label_set_text(label.cast(), text)
    }
}
