import GLibSwift
import GtkPlaceholder
import GtkTestSupport
import XCTest

/// When the placeholder shows, and what that costs (the rest: Tests/PlaceholderBehaviours).
final class VisibilityTests: GtkTestCase {
    func testTypingBackspaceAndSelectAllDelete() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Say something")
            let window = TestWindow(view.widget)
            defer { window.close() }
            gtk_widget_grab_focus(view.textView.asWidget)

            Keyboard.type(view.textView.asWidget, "ab")
            XCTAssertEqual(view.text, "ab")
            XCTAssertFalse(view.isPlaceholderVisible)
            Keyboard.press(view.textView.asWidget, GDK_KEY_BackSpace)
            XCTAssertFalse(view.isPlaceholderVisible, "one character left")
            Keyboard.press(view.textView.asWidget, GDK_KEY_BackSpace)
            XCTAssertEqual(view.text, "")
            XCTAssertTrue(view.isPlaceholderVisible, "Backspace emptied it")

            Keyboard.type(view.textView.asWidget, "xyz")
            XCTAssertFalse(view.isPlaceholderVisible)
            Keyboard.press(view.textView.asWidget, GDK_KEY_a, Keyboard.control)
            Keyboard.press(view.textView.asWidget, GDK_KEY_Delete)
            XCTAssertEqual(view.text, "")
            XCTAssertTrue(view.isPlaceholderVisible, "select all + Delete")
        }
    }

    func testPasteHidesPlaceholder() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Paste here")
            let window = TestWindow(view.widget)
            defer { window.close() }
            gtk_widget_grab_focus(view.textView.asWidget)
            let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0))
            gtk_clipboard_set_text(clipboard, "pasted text", -1)
            Keyboard.press(view.textView.asWidget, GDK_KEY_v, Keyboard.control)
            XCTAssertTrue(MainLoop.iterate(until: { view.text == "pasted text" }), "paste arrived: \(view.text)")
            XCTAssertFalse(view.isPlaceholderVisible)
        }
    }

    func testEmptyPlaceholderAndManualOverrideHide() {
        onMain {
            let view = PlaceholderTextView()
            XCTAssertFalse(view.isPlaceholderVisible, "empty placeholder")
            view.placeholder = "Now shown"
            XCTAssertTrue(view.isPlaceholderVisible)
            view.hidesPlaceholder = true
            XCTAssertFalse(view.isPlaceholderVisible, "hidesPlaceholder")
            view.text = "a"
            view.text = ""
            XCTAssertFalse(view.isPlaceholderVisible, "stays hidden through edits")
            view.hidesPlaceholder = false
            XCTAssertTrue(view.isPlaceholderVisible)
            view.placeholder = ""
            XCTAssertFalse(view.isPlaceholderVisible)
        }
    }

    func testVisibilityCallbackFiresOnTransitionsOnly() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            var transitions: [Bool] = []
            var changes = 0
            view.onPlaceholderVisibilityChanged = { transitions.append($0) }
            view.onTextChanged = { _ in changes += 1 }
            for character in "abc" { gtk_text_buffer_insert_at_cursor(view.buffer, String(character), -1) }
            view.text = ""
            XCTAssertEqual(transitions, [false, true])
            XCTAssertEqual(changes, 4, "three insertions and one clear")
        }
    }

    /// Ctrl+Shift+U starts a real GtkIMContextSimple composition: preedit text that is not in the buffer.
    func testHiddenWhileInputMethodComposes() {
        onMain {
            let view = PlaceholderTextView(placeholder: "分享新鲜事…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            let textView = view.textView.asWidget
            gtk_widget_grab_focus(textView)

            Keyboard.press(textView, GDK_KEY_U, Keyboard.controlShift)
            XCTAssertTrue(view.isComposing, "the input method is composing")
            XCTAssertEqual(view.text, "", "the composition is not in the buffer")
            XCTAssertFalse(view.isPlaceholderVisible, "hidden under the composition")
            Keyboard.type(textView, "4e2d", modifiers: Keyboard.controlShift)
            XCTAssertTrue(view.isComposing)
            XCTAssertFalse(view.isPlaceholderVisible)
            Keyboard.press(textView, GDK_KEY_Escape)
            XCTAssertFalse(view.isComposing)
            XCTAssertTrue(view.isPlaceholderVisible, "cancelled composition, empty buffer")

            Keyboard.press(textView, GDK_KEY_U, Keyboard.controlShift)
            Keyboard.type(textView, "4e2d", modifiers: Keyboard.controlShift)
            Keyboard.press(textView, GDK_KEY_space)
            XCTAssertTrue(view.text.hasPrefix("中"), "the composition was committed: \(view.text)")
            XCTAssertFalse(view.isComposing)
            XCTAssertFalse(view.isPlaceholderVisible, "committed text")
        }
    }

    /// Typing the 2nd…Nth character must not relayout the label (nor the first must more than once).
    func testTypingCausesNoLabelRelayoutAfterTheFirstCharacter() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            gtk_widget_grab_focus(view.textView.asWidget)
            var allocations = 0
            Signal.connect(view.placeholderLabel, "size-allocate", withArgument: { _ in allocations += 1 })
            var transitions = 0
            view.onPlaceholderVisibilityChanged = { _ in transitions += 1 }
            var positionQueries = 0
            Signal.connect(
                view.widget, "get-child-position",
                returning: { _, _ in
                    positionQueries += 1
                    return false
                })

            Keyboard.type(view.textView.asWidget, "a")
            window.settle()
            let afterFirst = allocations
            let queriesAfterFirst = positionQueries
            for _ in 0..<60 {
                Keyboard.type(view.textView.asWidget, "b")
                window.settle()
            }
            XCTAssertEqual(view.text.count, 61)
            XCTAssertEqual(allocations, afterFirst, "characters 2…61 allocated the label")
            // 61 characters wrap onto a second line: the text view's height changes, the overlay
            // is re-allocated, but it does not ask where the hidden label goes.
            XCTAssertEqual(positionQueries, queriesAfterFirst, "the overlay asked for the hidden label's place")
            XCTAssertEqual(transitions, 1, "one visibility change, on the first character")
        }
    }

    /// Hidden from the start (initial text, or hidesPlaceholder), margins changed while hidden, then
    /// shown by clearing the text or by hidesPlaceholder alone (which resizes nothing): the
    /// placeholder appears where typed text goes, drawn above the text view.
    func testPlaceholderHiddenFromTheStartAppearsInTheRightPlace() {
        onMain {
            for showByClearing in [true, false] {
                let view = PlaceholderTextView(placeholder: "Share something new…")
                if showByClearing { view.text = "already here" } else { view.hidesPlaceholder = true }
                let window = TestWindow(view.widget, width: 360, height: 160)
                defer { window.close() }
                XCTAssertFalse(view.isPlaceholderVisible)
                gtk_text_view_set_left_margin(view.textView, 24)
                gtk_text_view_set_top_margin(view.textView, 11)
                window.settle()
                if showByClearing { view.text = "" } else { view.hidesPlaceholder = false }
                XCTAssertTrue(view.isPlaceholderVisible)
                let (placeholderInk, typedInk) = PositionTests.inkBoxes(of: view, in: window)
                guard let placeholderInk, let typedInk else { return XCTFail("placeholder not drawn") }
                XCTAssertTrue(
                    placeholderInk.agrees(with: typedInk),
                    "shown by \(showByClearing ? "clearing" : "hidesPlaceholder"): placeholder \(placeholderInk), typed \(typedInk)"
                )
            }
        }
    }

    /// An app's own overlay on the widget keeps being allocated while the placeholder is hidden.
    func testAnAppsOwnOverlayIsStillAllocatedWhileThePlaceholderIsHidden() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            let badge = gtk_label_new("12")!
            gtk_widget_set_halign(badge, GTK_ALIGN_END)
            gtk_widget_set_valign(badge, GTK_ALIGN_END)
            gtk_overlay_add_overlay(view.widget.cast(), badge)
            gtk_widget_show(badge)
            let window = TestWindow(view.widget, width: 300, height: 160)
            defer { window.close() }
            view.text = "typed"
            window.settle()
            // Overlay children sit in their own GdkWindow: compare positions in the window.
            @MainActor func origin() -> (x: gint, y: gint) {
                var x: gint = 0
                var y: gint = 0
                gtk_widget_translate_coordinates(badge, window.window, 0, 0, &x, &y)
                return (x, y)
            }
            let before = origin()
            gtk_window_resize(window.window.cast(), 400, 220)
            MainLoop.iterate(until: { gtk_widget_get_allocated_width(view.widget) >= 390 })
            window.settle()
            let after = origin()
            XCTAssertGreaterThan(after.x, before.x + 90, "the badge follows the bottom-right corner")
            XCTAssertGreaterThan(after.y, before.y + 50)
        }
    }
}
