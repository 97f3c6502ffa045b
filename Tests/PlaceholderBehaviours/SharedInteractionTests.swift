import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// Clicks reach the text view through the label; screen readers get the placeholder once.
final class SharedInteractionTests: BehaviourTestCase {
    /// A real X click (xdotool) on the middle of the placeholder focuses the text view, caret in
    /// the empty text, and typing goes there.
    func testClickOnPlaceholderFocusesTextViewAndPlacesCaret() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Click me to write")
            gtk_text_view_set_left_margin(view.textView, 10)
            let entry = gtk_entry_new()!
            let window = TestWindow(entry)
            defer { window.close() }
            window.pack(view.widget)
            XCTAssertTrue(window.focus())
            gtk_widget_grab_focus(entry)
            window.settle()
            XCTAssertEqual(gtk_widget_has_focus(view.textView.asWidget), 0)

            let label = view.placeholderLabelWidget
            XCTAssertTrue(
                Toolkit.letsClicksThrough(label, in: view), "clicks go through the label, which never takes focus")
            window.click(label, x: Toolkit.width(label) / 2, y: Toolkit.height(label) / 2)
            XCTAssertTrue(
                Loop.iterate(until: { gtk_widget_has_focus(view.textView.asWidget) != 0 }),
                "a click on the placeholder focuses the text view")
            var cursor = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(view.buffer, &cursor, gtk_text_buffer_get_insert(view.buffer))
            XCTAssertEqual(gtk_text_iter_get_offset(&cursor), 0, "the caret is in the (empty) text")
            window.type("typed")
            XCTAssertEqual(view.text, "typed", "typing after the click goes to the text view")
            XCTAssertFalse(view.isPlaceholderVisible)
        }
    }

    /// A window whose only text entry is the placeholder view focuses the text view when it opens, as
    /// it would a bare text view: the first key typed goes into it.
    func testTheWindowsInitialFocusGoesToTheTextView() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(window.focus())
            XCTAssertTrue(
                Loop.iterate(until: { gtk_widget_has_focus(view.textView.asWidget) != 0 }, timeout: 2),
                "the text view has the focus")
            window.type("a")
            XCTAssertEqual(view.text, "a")
        }
    }

    /// What a screen reader reads (ATK on GTK 3, GTK's test accessibility backend on GTK 4): the
    /// text view tells the placeholder, and nothing else in the window does; the label that draws
    /// it is hidden from them. Kept current.
    func testScreenReaderGetsPlaceholderOnceFromTheTextView() {
        onMain {
            let placeholder = "Share something new…"
            let view = PlaceholderTextView(placeholder: placeholder)
            let window = TestWindow(view.widget)
            defer { window.close() }
            let textView = view.textView.asWidget
            XCTAssertEqual(
                ScreenReader.widgetsReading(placeholder, in: window.window), [textView],
                "exactly once, on the text view")
            XCTAssertTrue(ScreenReader.describes(textView, as: placeholder))
            XCTAssertTrue(ScreenReader.ignores(view.placeholderLabelWidget), "the label says: ignore me")

            view.placeholder = "分享新鲜事…"
            XCTAssertEqual(ScreenReader.widgetsReading("分享新鲜事…", in: window.window), [textView], "follows changes")
            XCTAssertEqual(ScreenReader.widgetsReading(placeholder, in: window.window), [], "the old one is gone")
            XCTAssertFalse(ScreenReader.describes(textView, as: "stale"), "the check can fail")
        }
    }
}
