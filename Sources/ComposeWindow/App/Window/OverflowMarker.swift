import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Marks the part of the text beyond the limit, as X's composer does: a text tag with the theme's
/// error colour, faint, behind the characters that do not fit. The start moves only when an edit
/// touches the text before it; an edit after it (typing on at the end) just extends the tag.
@MainActor
final class OverflowMarker {
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let tag: UnsafeMutablePointer<GtkTextTag>
    private var rule: CountingRule
    private var limit: Int?
    private let slice: (Int32, Int32) -> String
    private let scalarAt: (Int) -> Unicode.Scalar
    /// Where the marked part starts, in characters; nil while everything fits.
    private(set) var start: Int32?

    init(
        textView: UnsafeMutablePointer<GtkTextView>, rule: CountingRule, limit: Int?,
        slice: @escaping (Int32, Int32) -> String, scalarAt: @escaping (Int) -> Unicode.Scalar
    ) {
        buffer = gtk_text_view_get_buffer(textView)
        self.rule = rule
        self.limit = limit
        self.slice = slice
        self.scalarAt = scalarAt
        tag = gtk_text_tag_new("overflow")
        gtk_text_tag_table_add(gtk_text_buffer_get_tag_table(buffer), tag)
        g_object_unref(tag.asGPointer)  // the buffer's tag table holds it
        var color = GdkRGBA(red: 0.75, green: 0.11, blue: 0.16, alpha: 1)
        _ = gtk_style_context_lookup_color(gtk_widget_get_style_context(textView.asWidget), "error_color", &color)
        color.alpha = 0.25
        Property.set(tag, "background-rgba", color)
    }

    /// Another network chosen: its rule and limit, the marking found again by `update`.
    func reconfigure(rule: CountingRule, limit: Int?) {
        self.rule = rule
        self.limit = limit
        update(editStart: 0, isOver: false)
    }

    /// After an edit that started at `editStart`; `isOver`: the text does not fit (the count is
    /// above the limit, or the network refuses its length in bytes).
    func update(editStart: Int32, isOver: Bool) {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        guard isOver, let limit else {
            if start != nil {
                var first = GtkTextIter()
                gtk_text_buffer_get_start_iter(buffer, &first)
                gtk_text_buffer_remove_tag(buffer, tag, &first, &end)
                start = nil
            }
            return
        }
        if let start, editStart >= start {
            // Text typed inside the marked part is marked already; only what lies past its end
            // (typing on at the end) needs the tag.
            tag(from: editStart, to: &end)
            return
        }
        let found = findStart(limit: limit)
        if let start, start != found {
            var from = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &from, start)
            gtk_text_buffer_remove_tag(buffer, tag, &from, &end)
        }
        start = found
        if let found { tag(from: found, to: &end) }
    }

    private func tag(from offset: Int32, to end: inout GtkTextIter) {
        var from = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &from, offset)
        gtk_text_buffer_apply_tag(buffer, tag, &from, &end)
    }

    /// Counts from the beginning only as far as the limit reaches: a prefix cut at white space
    /// (whole URLs), doubled until the overflow lies in it.
    private func findStart(limit: Int) -> Int32? {
        let count = Int(gtk_text_buffer_get_char_count(buffer))
        var reach = 4_096
        while true {
            let prefixEnd = min(count, reach)
            let cut =
                prefixEnd == count
                ? count
                : IncrementalCounter.window(
                    rule: rule, editStart: prefixEnd, editEnd: prefixEnd, count: count,
                    scalarAt: scalarAt
                ).upperBound
            if let offset = rule.overflowStart(of: slice(0, Int32(cut)), limit: limit) { return Int32(offset) }
            if cut >= count { return nil }
            reach *= 2
        }
    }
}
