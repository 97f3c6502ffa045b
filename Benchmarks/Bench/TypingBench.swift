import Foundation
import GtkPlaceholder
import PlaceholderHandRolled3

/// Typing, pasting and clearing, timed with a real frame after each step, in PlaceholderTextView
/// and in a bare GtkTextView.
@MainActor
enum TypingBench {
    struct Subject {
        let widget: UnsafeMutablePointer<GtkWidget>
        let textView: UnsafeMutablePointer<GtkTextView>
        let keepAlive: AnyObject?
    }

    static func make(placeholder: Bool) -> Subject { make(placeholder ? .placeholder : .bare) }

    static func make(_ kind: BenchKind) -> Subject {
        switch kind {
        case .placeholder:
            let view = PlaceholderTextView(placeholder: placeholderText)
            return Subject(widget: view.widget, textView: view.textView, keepAlive: view)
        case .bare:
            let bare = bareTextView()
            return Subject(widget: bare.widget, textView: bare.textView, keepAlive: nil)
        case .control:
            var textView: UnsafeMutablePointer<GtkTextView>?
            let widget = hand_rolled_placeholder_new(placeholderText, &textView)!
            return Subject(widget: widget, textView: textView!, keepAlive: nil)
        }
    }

    static let placeholderText = "Share something new…"

    /// The n-th typed character: words, and a line break now and then, like prose.
    static func character(_ index: Int) -> String {
        index % 61 == 60 ? "\n" : index % 7 == 6 ? " " : String(UnicodeScalar(UInt8(97 + index % 26)))
    }

    /// Seconds to type `count` characters at the cursor, one frame after each; and how many times the
    /// placeholder label was allocated from the second character on.
    static func typing(count: Int, prefill: String = "", placeholder: Bool) -> (seconds: Double, labelAllocations: Int)
    {
        let subject = make(placeholder: placeholder)
        let window = Frame.window(holding: subject.widget)
        defer { gtk_widget_destroy(window) }
        let buffer = gtk_text_view_get_buffer(subject.textView)!
        if !prefill.isEmpty {
            gtk_text_buffer_set_text(buffer, prefill, gint(prefill.utf8.count))
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            gtk_text_buffer_place_cursor(buffer, &end)
            Frame.render(window)
        }
        final class Tally { var counting = false, allocations = 0 }
        let tally = Tally()
        if let view = subject.keepAlive as? PlaceholderTextView {
            Signal.connect(
                view.placeholderLabel, "size-allocate",
                withArgument: { _ in
                    if tally.counting { tally.allocations += 1 }
                })
        }
        let start = Frame.now()
        measuredTyping(count: count, buffer: buffer, window: window) { tally.counting = true }
        return (Frame.now() - start, tally.allocations)
    }

    // The measured parts, each its own function: `callgrind --toggle-collect=*measured*` counts
    // the instructions of these alone, not start-up or set-up.
    @inline(never)
    static func measuredTyping(
        count: Int, buffer: UnsafeMutablePointer<GtkTextBuffer>, window: UnsafeMutablePointer<GtkWidget>,
        afterFirst: () -> Void
    ) {
        for index in 0..<count {
            gtk_text_buffer_insert_at_cursor(buffer, character(index), -1)
            Frame.render(window)
            afterFirst()  // from the second character on
        }
    }

    @inline(never)
    static func measuredPaste(
        _ text: String, buffer: UnsafeMutablePointer<GtkTextBuffer>, window: UnsafeMutablePointer<GtkWidget>
    ) {
        gtk_text_buffer_insert_at_cursor(buffer, text, gint(text.utf8.count))
        Frame.render(window)
    }

    @inline(never)
    static func measuredClearing(
        cycles: Int, buffer: UnsafeMutablePointer<GtkTextBuffer>, window: UnsafeMutablePointer<GtkWidget>
    ) {
        for _ in 0..<cycles {
            gtk_text_buffer_set_text(buffer, "", 0)
            Frame.render(window)
            gtk_text_buffer_insert_at_cursor(buffer, "a", 1)
            Frame.render(window)
        }
    }

    /// Seconds to insert `bytes` of text in one insertion, then one frame.
    static func paste(bytes: Int, placeholder: Bool) -> Double {
        let subject = make(placeholder: placeholder)
        let window = Frame.window(holding: subject.widget)
        defer { gtk_widget_destroy(window) }
        let line = String(repeating: "pasted text, ", count: 6) + "\n"
        let text = String(repeating: line, count: bytes / line.utf8.count)
        let buffer = gtk_text_view_get_buffer(subject.textView)!
        let start = Frame.now()
        measuredPaste(text, buffer: buffer, window: window)
        return Frame.now() - start
    }

    /// Seconds to delete everything and type one character again, `cycles` times, with a frame after
    /// each step: the placeholder appears and disappears every time.
    static func clearAndRetype(cycles: Int, _ kind: BenchKind) -> Double {
        let subject = make(kind)
        let window = Frame.window(holding: subject.widget)
        defer { gtk_widget_destroy(window) }
        let buffer = gtk_text_view_get_buffer(subject.textView)!
        let start = Frame.now()
        measuredClearing(cycles: cycles, buffer: buffer, window: window)
        return Frame.now() - start
    }
}
