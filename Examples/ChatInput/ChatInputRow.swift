import ComposeWindowGlue
import GtkPlaceholder

/// A chat-style input row: a one-line PlaceholderTextView that grows with its text up to five
/// lines (then scrolls), and a Send button enabled only while there is something to send.
@MainActor
final class ChatInputRow {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let input = PlaceholderTextView(placeholder: "Message…")
    private let sendButton = gtk_button_new_with_label("Send")!
    private var sendFollowsText: PlaceholderObservation?
    var onSend: ((String) -> Void)?

    static let maximumLines = 5

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_container_set_border_width(widget.asContainer, 6)
        let textView = input.textView
        gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
        for setter in [gtk_text_view_set_top_margin, gtk_text_view_set_bottom_margin] { setter(textView, 6) }
        for setter in [gtk_text_view_set_left_margin, gtk_text_view_set_right_margin] { setter(textView, 8) }

        // Height follows the text (natural height), capped at five lines; then it scrolls.
        let scrolled = input.scrolledWindow
        gtk_scrolled_window_set_shadow_type(scrolled, GTK_SHADOW_IN)
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
        gtk_scrolled_window_set_max_content_height(scrolled, Self.height(ofLines: Self.maximumLines, in: textView))
        gtk_widget_set_valign(input.widget, GTK_ALIGN_END)

        gtk_widget_set_sensitive(sendButton, 0)
        gtk_widget_set_valign(sendButton, GTK_ALIGN_END)
        gtk_box_pack_start(widget.cast(), input.widget, 1, 1, 0)
        gtk_box_pack_start(widget.cast(), sendButton, 0, 0, 0)

        // O(1) per keystroke: the buffer's character count, never a copy of its text. A message
        // of spaces only is refused when sending instead.
        sendFollowsText = input.observeText { [weak self] _ in
            guard let self else { return }
            gtk_widget_set_sensitive(self.sendButton, (gtk_text_buffer_get_char_count(self.input.buffer) > 0).gboolean)
        }
        Signal.connect(sendButton, "clicked") { [weak self] in self?.send() }
        // Enter sends, Shift+Enter is a newline, as chat apps do.
        Signal.connect(
            textView, "key-press-event",
            returning: { [weak self] event in
                guard let self, let key = event?.cast(to: GdkEventKey.self).pointee else { return false }
                let isEnter = key.keyval == guint(GDK_KEY_Return) || key.keyval == guint(GDK_KEY_KP_Enter)
                guard isEnter, key.state & GDK_SHIFT_MASK.rawValue == 0 else { return false }
                self.send()
                return true
            })
    }

    var textView: UnsafeMutablePointer<GtkTextView> { input.textView }

    private func send() {
        let text = input.text
        guard !text.allSatisfy(\.isWhitespace) else { return gtk_widget_error_bell(widget) }
        onSend?(text)
        input.text = ""
    }

    /// The height of `lines` lines of text in the text view's font, plus its top and bottom margins.
    static func height(ofLines lines: Int, in textView: UnsafeMutablePointer<GtkTextView>) -> gint {
        let layout = gtk_widget_create_pango_layout(
            textView.asWidget, String(repeating: "X\n", count: lines - 1) + "X")!
        defer { g_object_unref(layout.asGPointer) }
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return height + gtk_text_view_get_top_margin(textView) + gtk_text_view_get_bottom_margin(textView)
    }
}
