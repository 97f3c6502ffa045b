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
        gtk_container_set_border_width(UnsafeMutablePointer(OpaquePointer(widget)), 6)
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
        gtk_box_pack_start(UnsafeMutablePointer(OpaquePointer(widget)), input.widget, 1, 1, 0)
        gtk_box_pack_start(UnsafeMutablePointer(OpaquePointer(widget)), sendButton, 0, 0, 0)

        // O(1) per keystroke: the buffer's character count, never a copy of its text. A message
        // of spaces only is refused when sending instead.
        sendFollowsText = input.observeText { [weak self] _ in
            guard let self else { return }
            gtk_widget_set_sensitive(self.sendButton, gtk_text_buffer_get_char_count(self.input.buffer) > 0 ? 1 : 0)
        }
        connectSignals(to: textView)
    }

    /// GTK's signals from Swift as from C: a C function as the handler, the row as its data. The row
    /// lives as long as the window here; a shorter-lived one would disconnect in its deinit.
    private func connectSignals(to textView: UnsafeMutablePointer<GtkTextView>) {
        let row = Unmanaged.passUnretained(self).toOpaque()
        let clicked: @convention(c) (gpointer?, gpointer?) -> Void = { _, row in
            MainActor.assumeIsolated { Unmanaged<ChatInputRow>.fromOpaque(row!).takeUnretainedValue().send() }
        }
        g_signal_connect_data(
            sendButton, "clicked", unsafeBitCast(clicked, to: GCallback.self), row, nil, GConnectFlags(0))
        // Enter sends, Shift+Enter is a newline, as chat apps do. Handlers return gboolean, not Bool.
        let keyPressed: @convention(c) (gpointer?, UnsafeMutablePointer<GdkEventKey>?, gpointer?) -> gboolean = {
            _, event, row in
            guard let key = event?.pointee else { return 0 }
            let isEnter = key.keyval == guint(GDK_KEY_Return) || key.keyval == guint(GDK_KEY_KP_Enter)
            guard isEnter, key.state & GDK_SHIFT_MASK.rawValue == 0 else { return 0 }
            MainActor.assumeIsolated { Unmanaged<ChatInputRow>.fromOpaque(row!).takeUnretainedValue().send() }
            return 1
        }
        g_signal_connect_data(
            textView, "key-press-event", unsafeBitCast(keyPressed, to: GCallback.self), row, nil, GConnectFlags(0))
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
            UnsafeMutablePointer(OpaquePointer(textView)), String(repeating: "X\n", count: lines - 1) + "X")!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: gint = 0
        var height: gint = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return height + gtk_text_view_get_top_margin(textView) + gtk_text_view_get_bottom_margin(textView)
    }
}
