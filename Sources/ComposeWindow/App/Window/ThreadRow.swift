import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The thread offer beside the counter ("Post as a thread of 3", "Number the posts") and the posts
/// shown in the text: every second post's characters on a faint tint, so each post's end is where
/// the tint changes. The split (ThreadDraft) runs on a worker thread, 150 ms after the last edit, so
/// a long text never holds up typing; Send splits again at once, from the text as it is then.
@MainActor
final class ThreadRow {
    private let threadCheck: UnsafeMutablePointer<GtkWidget>
    private let numberCheck: UnsafeMutablePointer<GtkWidget>
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let tag: UnsafeMutablePointer<GtkTextTag>
    private var pending: MainLoopSource?
    /// Counts the splits asked for: an answer to an older one is dropped.
    private var generation = 0
    /// The latest split, for the text as it was when asked.
    private(set) var draft: ThreadDraft?
    /// What the latest split was made of: Send takes it when nothing has changed since.
    private var draftInput: SplitInput?

    struct SplitInput: Equatable {
        let text: String
        let numbered: Bool
        let networks: [String]

        init(
            _ text: String, numbered: Bool,
            networks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)]
        ) {
            self.text = text
            self.numbered = numbered
            self.networks = networks.map { "\($0.network) \($0.rule) \($0.limit)" }
        }
    }

    /// The split of `input`: the latest one when it was made of the same, else one made now.
    func draft(for text: String, networks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)])
        -> ThreadDraft
    {
        let input = SplitInput(text, numbered: isNumbered, networks: networks)
        if let draft, draftInput == input { return draft }
        return ThreadDraft(text: text, networks: networks, numbered: isNumbered)
    }
    /// Where the shown posts' tints are, to take them off again.
    private var tinted: [Range<Int>] = []
    /// The offer's label as shown.
    private var shownOffer: String?
    /// The person checked or unchecked an option, or a split came back.
    var onChange: (@MainActor () -> Void)?

    init(
        threadCheck: UnsafeMutablePointer<GtkWidget>, numberCheck: UnsafeMutablePointer<GtkWidget>,
        textView: UnsafeMutablePointer<GtkTextView>
    ) {
        self.threadCheck = threadCheck
        self.numberCheck = numberCheck
        buffer = gtk_text_view_get_buffer(textView)
        tag = gtk_text_tag_new("thread-part")
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        g_object_unref(tag.asGPointer)  // the buffer's tag table holds it
        var color = GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)
        _ = gtk_style_context_lookup_color(
            gtk_widget_get_style_context(textView.asWidget), "theme_selected_bg_color", &color)
        color.alpha = 0.18
        Property.set(tag, "background-rgba", color)
        // "Post as a t_hread of 3": Alt+H checks it from the keyboard (Alt+T is "Post to").
        gtk_button_set_use_underline(threadCheck.cast(), 1)
        Signal.connect(threadCheck, "toggled") { [weak self] in self?.onChange?() }
        Signal.connect(numberCheck, "toggled") { [weak self] in self?.onChange?() }
    }

    isolated deinit { pending?.cancel() }

    /// `--thread` and `--number-posts`: checked from the start.
    func start(thread: Bool, numbered: Bool) {
        gtk_toggle_button_set_active(threadCheck.cast(), thread.gboolean)
        gtk_toggle_button_set_active(numberCheck.cast(), numbered.gboolean)
    }

    var isNumbered: Bool { gtk_toggle_button_get_active(numberCheck.cast()) != 0 }

    /// Whether the person chose a thread: the offer checked, or a cut marked in the text.
    func isChosen(text hasMarker: Bool) -> Bool {
        hasMarker || gtk_toggle_button_get_active(threadCheck.cast()) != 0
    }

    /// Shows the offer (or hides it, `draft` nil) and the posts' tints when a thread is chosen.
    func show(offered: Bool, chosen: Bool, hasMarker: Bool) {
        let offer = offered ? draft?.offer : nil
        // A new label relayouts the window: only when the count of posts changed.
        if let offer, offer != shownOffer {
            gtk_button_set_label(threadCheck.cast(), offer)
            shownOffer = offer
        }
        gtk_widget_set_visible(threadCheck, (offer != nil).gboolean)
        // A marked cut is the person's choice: the offer shows it checked, and the marker undoes it.
        if hasMarker, gtk_toggle_button_get_active(threadCheck.cast()) == 0 {
            gtk_toggle_button_set_active(threadCheck.cast(), 1)
        }
        gtk_widget_set_sensitive(threadCheck, (!hasMarker).gboolean)
        gtk_widget_set_visible(numberCheck, (offer != nil && chosen).gboolean)
        tint(offered && chosen ? draft?.networks.first?.parts.map(\.range) ?? [] : [])
    }

    /// Splits the text (`text()` read when the pause in typing has come) for `networks` on the
    /// worker; `onChange` then.
    func split(
        _ text: @escaping @MainActor () -> String,
        networks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)]
    ) {
        pending?.cancel()
        generation += 1
        let asked = generation
        let numbered = isNumbered
        pending = MainLoopSource.timeout(milliseconds: 150) { [weak self] in
            self?.pending = nil
            let text = text()
            StateWriter.textWork.write {
                ThreadDraft(text: text, networks: networks, numbered: numbered)
            } then: { [weak self] draft in
                guard let self, self.generation == asked else { return }
                self.draft = draft
                self.draftInput = SplitInput(text, numbered: numbered, networks: networks)
                self.onChange?()
            }
            return false
        }
    }

    /// No thread is offered: nothing is split until one is.
    func clear() {
        pending?.cancel()
        pending = nil
        generation += 1
        draft = nil
        draftInput = nil
    }

    /// Every second post on the tint (ranges in characters, as the buffer counts them).
    private func tint(_ parts: [Range<Int>]) {
        let wanted = parts.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        guard wanted != tinted else { return }
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        gtk_text_buffer_remove_tag(buffer, tag, &start, &end)
        for range in wanted {
            gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(range.lowerBound))
            gtk_text_buffer_get_iter_at_offset(buffer, &end, gint(range.upperBound))
            gtk_text_buffer_apply_tag(buffer, tag, &start, &end)
        }
        tinted = wanted
    }
}
