import PlaceholderCore

// One source compiled into both widget modules (see PlaceholderTextView+API.swift).

/// What the shared core asks of either toolkit that GTK spells the same in both: the buffer, and
/// the look the appearance applies.
extension PlaceholderParts {
    var color: PlaceholderColor? {
        get { appearance.color.map(PlaceholderColor.init) }
        set { appearance.color = newValue?.rgba }
    }

    var font: String? {
        get { appearance.font }
        set { appearance.font = newValue }
    }

    var bufferType: GType { gtk_text_buffer_get_type() }

    func characterCount(of buffer: UnsafeMutablePointer<GObject>) -> Int32 {
        gtk_text_buffer_get_char_count(buffer.cast())
    }

    var bufferText: String {
        let buffer = gtk_text_view_get_buffer(textView)
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        return takeGString(gtk_text_buffer_get_text(buffer, &start, &end, 1)) ?? ""
    }

    func setBufferText(_ text: String) {
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(textView), text, -1)
    }
}

/// The text view's first line as both layouts place the label on it.
@MainActor
struct FirstLine {
    /// The first character's cell, in buffer coordinates.
    private(set) var cell: GdkRectangle
    /// The visible part of the buffer, in buffer coordinates.
    private(set) var visible: GdkRectangle
    /// The first line's top and height (pixels above and below included).
    private(set) var top: Int32
    private(set) var height: Int32

    init(of textView: UnsafeMutablePointer<GtkTextView>) {
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(gtk_text_view_get_buffer(textView), &start)
        (cell, visible, top, height) = (GdkRectangle(), GdkRectangle(), 0, 0)
        gtk_text_view_get_iter_location(textView, &start, &cell)
        gtk_text_view_get_visible_rect(textView, &visible)
        gtk_text_view_get_line_yrange(textView, &start, &top, &height)
    }
}
