import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// Shown while the buffer is empty and nothing composes; hidden by any content, on the buffer the
/// view shows now. The same assertions on GTK 3 and GTK 4.
final class SharedVisibilityTests: BehaviourTestCase {
    func testShownWhenEmptyHiddenByEveryKindOfInsertion() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(view.isPlaceholderVisible)
            XCTAssertEqual(gtk_widget_get_mapped(view.placeholderLabelWidget), 1, "the label is on screen")
            let insertions: [(String, @MainActor () -> Void)] = [
                ("insert at cursor", { gtk_text_buffer_insert_at_cursor(view.buffer, "a", -1) }),
                ("gtk_text_buffer_set_text", { gtk_text_buffer_set_text(view.buffer, "b", -1) }),
                ("text = …", { view.text = "c" }),
                ("interactive insert", { _ = gtk_text_buffer_insert_interactive_at_cursor(view.buffer, "d", -1, 1) }),
                (
                    "a lone newline at the end",
                    {
                        var end = GtkTextIter()
                        gtk_text_buffer_get_end_iter(view.buffer, &end)
                        gtk_text_buffer_insert(view.buffer, &end, "\n", -1)
                    }
                ),
            ]
            for (what, insert) in insertions {
                insert()
                XCTAssertFalse(view.isPlaceholderVisible, what)
                window.settle()
                XCTAssertEqual(gtk_widget_get_mapped(view.placeholderLabelWidget), 0, "\(what): not drawn")
                view.text = ""
                XCTAssertTrue(view.isPlaceholderVisible, "\(what) undone")
            }
            view.hidesPlaceholder = true
            XCTAssertFalse(view.isPlaceholderVisible, "hidesPlaceholder")
            view.hidesPlaceholder = false
            view.placeholder = ""
            XCTAssertFalse(view.isPlaceholderVisible, "nothing to show")
        }
    }

    func testFollowsSwappedBufferAndStopsWatchingTheOldOne() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            let old = view.buffer
            g_object_ref(old.asGPointer)
            var oldAlive: gpointer? = old.asGPointer
            g_object_add_weak_pointer(old.asObject, &oldAlive)
            var changes = 0
            let observation = view.observeText { _ in changes += 1 }
            defer { observation.cancel() }

            let replacement = gtk_text_buffer_new(nil)!
            gtk_text_buffer_set_text(replacement, "already full", -1)
            gtk_text_view_set_buffer(view.textView, replacement)
            g_object_unref(replacement.asGPointer)
            XCTAssertFalse(view.isPlaceholderVisible, "right at once, no main-loop turn")
            XCTAssertEqual(view.buffer, replacement)

            gtk_text_buffer_set_text(old, "ignored", -1)
            gtk_text_buffer_set_text(old, "", -1)
            XCTAssertEqual(changes, 0, "the old buffer is no longer watched")
            XCTAssertFalse(view.isPlaceholderVisible)
            g_object_unref(old.asGPointer)
            XCTAssertNil(oldAlive, "the old buffer is not kept alive by the widget")

            gtk_text_buffer_set_text(replacement, "", -1)
            XCTAssertTrue(view.isPlaceholderVisible)
            XCTAssertEqual(changes, 1)
        }
    }

    func testPlaceholderIsTextNotMarkup() {
        onMain {
            let literal = "<b>x</b> & <i>"
            let view = PlaceholderTextView(placeholder: literal)
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertEqual(gtk_label_get_use_markup(Toolkit.label(view)), 0)
            XCTAssertEqual(String(cString: gtk_label_get_text(Toolkit.label(view))), literal)
            let layout = gtk_label_get_layout(Toolkit.label(view))
            XCTAssertEqual(String(cString: pango_layout_get_text(layout)), literal, "what is drawn")
            gtk_label_set_use_markup(Toolkit.label(view), 1)
            view.placeholder = "<i>y</i>"
            XCTAssertEqual(gtk_label_get_use_markup(Toolkit.label(view)), 0, "plain text again, whatever an app set")
            XCTAssertEqual(String(cString: gtk_label_get_text(Toolkit.label(view))), "<i>y</i>")
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
            let visibility = view.observePlaceholderVisibility { transitions.append($0) }
            let text = view.observeText { _ in changes += 1 }
            defer {
                visibility.cancel()
                text.cancel()
            }
            for character in "abc" { gtk_text_buffer_insert_at_cursor(view.buffer, String(character), -1) }
            view.text = ""
            XCTAssertEqual(transitions, [false, true])
            XCTAssertEqual(changes, 4, "three insertions and one clear")
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
                let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
                guard let placeholderInk, let typedInk else { return XCTFail("placeholder not drawn") }
                XCTAssertTrue(
                    placeholderInk.agrees(with: typedInk),
                    "shown by \(showByClearing ? "clearing" : "hidesPlaceholder"): placeholder \(placeholderInk), typed \(typedInk)"
                )
            }
        }
    }

    /// `init(textView:placeholder:)` wraps the app's own text view (a GtkSourceView 5 view, say) with
    /// its buffer, settings and text as they are.
    func testWrapsAGivenTextViewAsItIs() {
        onMain {
            let buffer = gtk_text_buffer_new(nil)!
            gtk_text_buffer_set_text(buffer, "draft", -1)
            let given = gtk_text_view_new_with_buffer(buffer)!.cast(to: GtkTextView.self)
            g_object_unref(buffer.asGPointer)
            gtk_text_view_set_left_margin(given, 12)
            gtk_text_view_set_wrap_mode(given, GTK_WRAP_NONE)
            let view = PlaceholderTextView(textView: given, placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertEqual(view.textView, given)
            XCTAssertEqual(view.buffer, buffer, "its buffer kept")
            XCTAssertEqual(gtk_text_view_get_wrap_mode(given), GTK_WRAP_NONE, "its settings kept")
            XCTAssertEqual(
                gtk_widget_get_parent(given.asWidget), view.scrolledWindowWidget, "in the scrolled window")
            XCTAssertFalse(view.isPlaceholderVisible, "its text hides the placeholder")
            view.text = ""
            XCTAssertTrue(view.isPlaceholderVisible)
            let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
            guard let placeholderInk, let typedInk else { return XCTFail("nothing drawn") }
            XCTAssertTrue(placeholderInk.agrees(with: typedInk), "at its margin: \(placeholderInk) vs \(typedInk)")
            XCTAssertGreaterThanOrEqual(placeholderInk.minX, 12)
        }
    }
}
