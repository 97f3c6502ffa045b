import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Keeps an IncrementalCounter in step with a PlaceholderTextView's text, observed through its
/// `observeText`: each insertion or deletion recounts only a window around it
/// (IncrementalCounter.window: a margin, grown to whole URLs and mentions), so typing into a 1 MB
/// text costs the same as typing into an empty one.
@MainActor
final class CountTracker {
    private(set) var counter: IncrementalCounter
    private unowned let view: PlaceholderTextView
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { view.buffer }
    private var edits: PlaceholderObservation?
    /// Where the last edit started (what the overflow marking needs to know).
    private(set) var lastEditStart: Int32 = 0
    var onChange: (@MainActor (IncrementalCounter) -> Void)?
    /// The text itself changed (not a recount by another rule).
    var onEdit: (@MainActor () -> Void)?

    /// `view` outlives the tracker (the window holds both).
    init(view: PlaceholderTextView, rule: CountingRule) {
        self.view = view
        counter = IncrementalCounter(rule: rule)
        counter.reset(to: slice(0, gtk_text_buffer_get_char_count(view.buffer)))
        edits = view.observeText { [weak self] in self?.apply($0) }
    }

    private func apply(_ edit: PlaceholderTextView.TextEdit) {
        lastEditStart = Int32(edit.offset)
        counter.apply(
            editAt: edit.offset, removed: edit.removed, insertedCount: edit.insertedCount,
            count: Int(gtk_text_buffer_get_char_count(buffer))
        ) { slice(Int32($0), Int32($1)) }
        updateStrippedEdges()
        onChange?(counter)
        onEdit?()
    }

    /// Counts the whole text again by `rule` (the person chose another network).
    func recount(by rule: CountingRule) {
        counter = IncrementalCounter.counting(slice(0, gtk_text_buffer_get_char_count(buffer)), rule: rule)
        onChange?(counter)
    }

    /// Mastodon does not count the white space it strips from both ends: the runs are read from the
    /// buffer's ends (empty in prose, so a character or two per edit).
    private func updateStrippedEdges() {
        guard counter.rule.stripsEdges else { return }
        var iterator = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iterator)
        var leading = String.UnicodeScalarView()
        while gtk_text_iter_is_end(&iterator) == 0, let scalar = Unicode.Scalar(gtk_text_iter_get_char(&iterator)),
            CountingRule.isStripped(scalar)
        {
            leading.append(scalar)
            gtk_text_iter_forward_char(&iterator)
        }
        var trailing = String.UnicodeScalarView()
        if gtk_text_iter_is_end(&iterator) == 0 {
            gtk_text_buffer_get_end_iter(buffer, &iterator)
            while gtk_text_iter_backward_char(&iterator) != 0,
                let scalar = Unicode.Scalar(gtk_text_iter_get_char(&iterator)), CountingRule.isStripped(scalar)
            {
                trailing.insert(scalar, at: trailing.startIndex)
            }
        }
        counter.setStrippedEdges(leading: String(leading), trailing: String(trailing))
    }

    /// The character at `offset` (the window's edges are looked for one character at a time).
    func scalar(_ offset: Int) -> Unicode.Scalar {
        var iterator = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iterator, gint(offset))
        return Unicode.Scalar(gtk_text_iter_get_char(&iterator)) ?? " "
    }

    func slice(_ start: Int32, _ end: Int32) -> String {
        var from = GtkTextIter()
        var to = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &from, start)
        gtk_text_buffer_get_iter_at_offset(buffer, &to, end)
        return takeGString(gtk_text_buffer_get_slice(buffer, &from, &to, 1)) ?? ""
    }
}
