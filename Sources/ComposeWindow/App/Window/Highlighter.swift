import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Styles the text's links, mentions and hashtags in the theme's link colour, as the network Send
/// goes to will show them (CountingRule.highlights, the rules its counting and posting use). Each
/// edit restyles only the window around it that the counter recounts (IncrementalCounter.window,
/// grown to white space, which no highlight spans), so typing into 1 MB costs what typing into an
/// empty text does. A new rule, and the text the window opens with, are styled when the main loop
/// is idle, a slice at a time; an edit meanwhile is styled at once and the sweep goes round it.
@MainActor
final class Highlighter {
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let tag: UnsafeMutablePointer<GtkTextTag>
    private var rule: CountingRule
    private let slice: (Int32, Int32) -> String
    private let scalarAt: (Int) -> Unicode.Scalar
    private var edits: PlaceholderObservation?
    private var sweep: MainLoopSource?
    /// Where the sweep goes on from, in characters.
    private var sweepFrom = 0
    /// Characters styled per idle slice: well under a frame.
    static let sliceLength = 8_192

    init(
        view: PlaceholderTextView, rule: CountingRule, slice: @escaping (Int32, Int32) -> String,
        scalarAt: @escaping (Int) -> Unicode.Scalar
    ) {
        buffer = view.buffer
        self.rule = rule
        self.slice = slice
        self.scalarAt = scalarAt
        tag = gtk_text_tag_new("highlight")
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        g_object_unref(tag.asGPointer)  // the buffer's tag table holds it
        // Adwaita's link blue where the theme names none.
        var color = GdkRGBA(red: 0.106, green: 0.416, blue: 0.796, alpha: 1)
        _ = gtk_style_context_lookup_color(gtk_widget_get_style_context(view.textView.asWidget), "link_color", &color)
        Property.set(tag, "foreground-rgba", color)
        edits = view.observeText { [weak self] in self?.edited($0) }
        startSweep()
    }

    /// Another network chosen: the whole text styled its way.
    func follow(_ newRule: CountingRule) {
        guard newRule != rule else { return }
        rule = newRule
        startSweep()
    }

    private func edited(_ edit: PlaceholderTextView.TextEdit) {
        if sweep != nil, edit.offset < sweepFrom {
            sweepFrom = max(edit.offset, sweepFrom + edit.insertedCount - edit.removed.unicodeScalars.count)
        }
        // Plain counting and Weibo style nothing: a sweep clears what another rule styled, and an
        // edit adds nothing to find.
        guard rule.highlightsAnything else { return }
        // A text put in whole (the draft, a large paste) is styled by the sweep, when idle.
        guard edit.insertedCount <= Self.sliceLength else { return startSweep() }
        let count = Int(gtk_text_buffer_get_char_count(buffer))
        let inserted = edit.offset + edit.insertedCount
        restyle(
            IncrementalCounter.window(
                rule: rule, editStart: edit.offset, editEnd: inserted, count: count, scalarAt: scalarAt))
    }

    private func startSweep() {
        sweep?.cancel()
        sweepFrom = 0
        // A rule that styles nothing has nothing to sweep but what the last one styled.
        guard rule.highlightsAnything || hasTaggedText else {
            sweep = nil
            return
        }
        sweep = MainLoopSource.idle { [weak self] in self?.sweepSlice() ?? false }
    }

    /// One slice of the sweep, ended at white space; false once the text's end is styled.
    private func sweepSlice() -> Bool {
        let count = Int(gtk_text_buffer_get_char_count(buffer))
        let start = min(sweepFrom, count)
        var end = min(count, start + Self.sliceLength)
        if end < count {
            // Cut where the counter would: at white space past a margin, so no highlight is halved.
            end =
                IncrementalCounter.window(rule: rule, editStart: end, editEnd: end, count: count, scalarAt: scalarAt)
                .upperBound
        }
        restyle(start..<end)
        sweepFrom = end
        guard end < count else {
            sweep = nil
            return false
        }
        return true
    }

    /// The highlights of `range` found again (its edges sit on white space or the text's ends), and
    /// only what changed retagged: a tag change makes GTK lay its paragraph out again, which in a
    /// megabyte without a line break is the whole text.
    private func restyle(_ range: Range<Int>) {
        let scalars = Array(slice(Int32(range.lowerBound), Int32(range.upperBound)).unicodeScalars)
        let wanted = Set(
            rule.highlights(in: scalars).map {
                (range.lowerBound + $0.range.lowerBound)..<(range.lowerBound + $0.range.upperBound)
            })
        let present = Set(taggedRanges(in: range))
        for old in present.subtracting(wanted) { setTag(false, old) }
        for new in wanted.subtracting(present) { setTag(true, new) }
    }

    /// The tagged runs that start within `range`, from the tag's toggles.
    private func taggedRanges(in range: Range<Int>) -> [Range<Int>] {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(range.lowerBound))
        var runs: [Range<Int>] = []
        var start: Int? = gtk_text_iter_has_tag(&iter, tag) != 0 ? range.lowerBound : nil
        while gtk_text_iter_forward_to_tag_toggle(&iter, tag) != 0 {
            let offset = Int(gtk_text_iter_get_offset(&iter))
            if let begun = start {
                runs.append(begun..<offset)
                start = nil
                if offset >= range.upperBound { break }
            } else {
                guard offset < range.upperBound else { break }
                start = offset
            }
        }
        if let start { runs.append(start..<Int(gtk_text_buffer_get_char_count(buffer))) }
        return runs
    }

    /// Whether any of the text is styled (a search from the start for the tag's first toggle).
    private var hasTaggedText: Bool {
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iter)
        return gtk_text_iter_has_tag(&iter, tag) != 0 || gtk_text_iter_forward_to_tag_toggle(&iter, tag) != 0
    }

    private func setTag(_ on: Bool, _ range: Range<Int>) {
        var from = GtkTextIter()
        var to = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &from, gint(range.lowerBound))
        gtk_text_buffer_get_iter_at_offset(buffer, &to, gint(range.upperBound))
        if on {
            gtk_text_buffer_apply_tag(buffer, tag, &from, &to)
        } else {
            gtk_text_buffer_remove_tag(buffer, tag, &from, &to)
        }
    }

    func cancel() {
        sweep?.cancel()
        sweep = nil
        edits = nil
    }
}
