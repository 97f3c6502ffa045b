import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// Keys, input methods and the clipboard reaching the text view: the placeholder goes and comes
/// back as they edit, and costs nothing per key.
final class SharedInputTests: BehaviourTestCase {
    func testTypingBackspaceAndSelectAllDelete() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Say something")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(window.focus())
            gtk_widget_grab_focus(view.textView.asWidget)

            window.type("ab")
            XCTAssertEqual(view.text, "ab")
            XCTAssertFalse(view.isPlaceholderVisible)
            window.key("BackSpace")
            XCTAssertFalse(view.isPlaceholderVisible, "one character left")
            window.key("BackSpace")
            XCTAssertEqual(view.text, "")
            XCTAssertTrue(view.isPlaceholderVisible, "Backspace emptied it")

            window.type("xyz")
            XCTAssertFalse(view.isPlaceholderVisible)
            window.key("ctrl+a")
            window.key("Delete")
            XCTAssertEqual(view.text, "")
            XCTAssertTrue(view.isPlaceholderVisible, "select all + Delete")
        }
    }

    /// The clipboard's text pasted (Ctrl+V on GTK 3; GTK 4's asynchronous paste action) hides it.
    func testPasteHidesPlaceholder() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Paste here")
            let window = TestWindow(view.widget)
            defer { window.close() }
            gtk_widget_grab_focus(view.textView.asWidget)
            window.paste("pasted text")
            XCTAssertTrue(Loop.iterate(until: { view.text == "pasted text" }), "the paste arrived: \(view.text)")
            XCTAssertFalse(view.isPlaceholderVisible)
        }
    }

    /// Ctrl+Shift+U starts a real GtkIMContextSimple composition: preedit text not in the buffer.
    func testHiddenWhileInputMethodComposes() {
        onMain {
            let view = PlaceholderTextView(placeholder: "分享新鲜事…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(window.focus(), "the test window got the X input focus")
            gtk_widget_grab_focus(view.widget)
            XCTAssertEqual(gtk_widget_has_focus(view.textView.asWidget), 1, "grabbing the widget focuses the text view")

            window.key("ctrl+shift+u")
            XCTAssertTrue(view.isComposing, "the input method is composing")
            XCTAssertEqual(view.text, "", "the composition is not in the buffer")
            XCTAssertFalse(view.isPlaceholderVisible, "hidden under the composition")
            window.type("4e2d")
            XCTAssertTrue(view.isComposing)
            XCTAssertFalse(view.isPlaceholderVisible)
            window.key("Escape")
            XCTAssertFalse(view.isComposing)
            XCTAssertTrue(view.isPlaceholderVisible, "cancelled composition, empty buffer")

            window.key("ctrl+shift+u")
            window.type("4e2d")
            window.key("space")
            XCTAssertTrue(view.text.hasPrefix("中"), "the composition was committed: \(view.text)")
            XCTAssertFalse(view.isComposing)
            XCTAssertFalse(view.isPlaceholderVisible, "committed text")
        }
    }

    /// Typing the 2nd…Nth character lays out the label no more (each toolkit's LabelLayoutCounter
    /// counts what lays it out there); a new placeholder text does, so the counter can see it.
    func testTypingCausesNoLabelRelayoutAfterTheFirstCharacter() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(window.focus())
            gtk_widget_grab_focus(view.textView.asWidget)
            let counter = LabelLayoutCounter(watching: view)
            defer { counter.stop() }
            var transitions = 0
            let observation = view.observePlaceholderVisibility { _ in transitions += 1 }
            defer { observation.cancel() }

            window.type("a")
            let afterFirst = counter.count
            // 61 characters wrap onto a second line: the text view grows, the label stays as it is.
            window.type(String(repeating: "b", count: 60))
            XCTAssertEqual(view.text.count, 61)
            XCTAssertEqual(counter.count, afterFirst, "characters 2…61 laid out the label")
            XCTAssertEqual(transitions, 1, "one visibility change, on the first character")
            view.text = ""
            window.settle()
            XCTAssertEqual(gtk_widget_get_mapped(view.placeholderLabelWidget), 1, "shown again")
            let beforeNewText = counter.count
            view.placeholder = "Something else to say"
            window.settle()
            XCTAssertGreaterThan(counter.count, beforeNewText, "the counter sees the label laid out")
        }
    }
}
