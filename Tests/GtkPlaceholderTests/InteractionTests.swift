import GLibSwift
import GtkPlaceholder
import GtkTestSupport
import XCTest

/// Behaviour 8 and 11: the label takes no input, and screen readers hear the placeholder once.
final class InteractionTests: GtkTestCase {
    /// A real pointer click through the X server (xdotool), so GDK picks the window under the pointer
    /// exactly as it does for a user.
    func testClickOnPlaceholderFocusesTextViewAndPlacesCaret() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Click me to write")
            gtk_text_view_set_left_margin(view.textView, 10)
            let entry = gtk_entry_new()!
            let window = TestWindow(view.widget)
            defer { window.close() }
            window.pack(entry, expand: false)
            XCTAssertTrue(window.focus())
            gtk_widget_grab_focus(entry)
            window.settle()
            XCTAssertEqual(gtk_widget_has_focus(view.textView.asWidget), 0)
            XCTAssertEqual(gtk_widget_get_can_focus(view.placeholderLabel.asWidget), 0, "the label never takes focus")

            var label = GtkAllocation()
            gtk_widget_get_allocation(view.placeholderLabel.asWidget, &label)
            var x: gint = 0
            var y: gint = 0
            gtk_widget_translate_coordinates(
                view.placeholderLabel.asWidget, window.window, 20, label.height / 2, &x, &y)
            var originX: gint = 0
            var originY: gint = 0
            gdk_window_get_origin(gtk_widget_get_window(window.window), &originX, &originY)
            Shell.run("xdotool", "mousemove", String(originX + x), String(originY + y), "click", "1")
            XCTAssertTrue(
                MainLoop.iterate(until: { gtk_widget_has_focus(view.textView.asWidget) != 0 }),
                "a click on the placeholder focuses the text view")
            var cursor = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(view.buffer, &cursor, gtk_text_buffer_get_insert(view.buffer))
            XCTAssertEqual(gtk_text_iter_get_offset(&cursor), 0, "the caret is in the (empty) text")
            Keyboard.type(view.textView.asWidget, "typed")
            XCTAssertEqual(view.text, "typed", "typing after the click goes to the text view")
        }
    }

    /// Every accessible object under the window, depth first.
    @MainActor
    static func accessibleTree(_ root: UnsafeMutablePointer<AtkObject>) -> [UnsafeMutablePointer<AtkObject>] {
        var result = [root]
        for index in 0..<atk_object_get_n_accessible_children(root) {
            guard let child = atk_object_ref_accessible_child(root, index) else { continue }
            result += accessibleTree(child)
            g_object_unref(child.asGPointer)
        }
        return result
    }

    func testScreenReaderGetsPlaceholderOnceFromTheTextView() {
        onMain {
            let placeholder = "Share something new…"
            let view = PlaceholderTextView(placeholder: placeholder)
            let window = TestWindow(view.widget)
            defer { window.close() }
            let textViewAccessible = gtk_widget_get_accessible(view.textView.asWidget)!
            let labelAccessible = gtk_widget_get_accessible(view.placeholderLabel.asWidget)!

            @MainActor func exposures(of text: String) -> [UnsafeMutablePointer<AtkObject>] {
                InteractionTests.accessibleTree(gtk_widget_get_accessible(window.window)!).filter { object in
                    let name = atk_object_get_name(object).map { String(cString: $0) } ?? ""
                    let description = atk_object_get_description(object).map { String(cString: $0) } ?? ""
                    return name.contains(text) || description.contains(text)
                }
            }
            XCTAssertEqual(exposures(of: placeholder), [textViewAccessible], "exactly once, on the text view")
            XCTAssertEqual(String(cString: atk_object_get_description(textViewAccessible)), placeholder)
            XCTAssertEqual(atk_object_get_role(textViewAccessible), ATK_ROLE_TEXT)
            XCTAssertEqual(atk_object_get_role(labelAccessible), ATK_ROLE_REDUNDANT_OBJECT, "the label says: ignore me")

            view.placeholder = "Something else"
            XCTAssertEqual(exposures(of: "Something else"), [textViewAccessible], "follows changes")
            XCTAssertEqual(exposures(of: placeholder), [])

            atk_object_set_description(textViewAccessible, "App's own description")
            view.placeholder = "Third"
            XCTAssertEqual(
                String(cString: atk_object_get_description(textViewAccessible)), "App's own description",
                "an app's own description is kept")
        }
    }

    /// How many handlers listen to the buffer's insertions (GtkTextViewAccessible adds one, and
    /// copies every inserted text for its text-changed signal). GLib has no count: block them one
    /// by one, then unblock.
    @MainActor
    static func insertionListeners(_ buffer: UnsafeMutablePointer<GtkTextBuffer>) -> Int {
        let signal = g_signal_lookup("insert-text", gtk_text_buffer_get_type())
        let mask = GSignalMatchType(G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
        var blocked: [gulong] = []
        while case let handler = g_signal_handler_find(buffer.asGPointer, mask, signal, 0, nil, nil, nil), handler != 0
        {
            g_signal_handler_block(buffer.asGPointer, handler)
            blocked.append(handler)
        }
        for handler in blocked { g_signal_handler_unblock(buffer.asGPointer, handler) }
        return blocked.count
    }

    /// No accessible until an assistive technology can reach one: the text view's accessible (and
    /// its per-insertion cost) appears with the tree walk, already describing the placeholder.
    func testAccessiblesAreMadeWhenSomethingCanReachThem() {
        onMain {
            // An entry comes first and so takes the window's initial focus (focus makes GTK's focus
            // tracker create the focused widget's accessible).
            let bare = gtk_text_view_new()!
            let view = PlaceholderTextView(placeholder: "Lazy")
            let window = TestWindow(gtk_entry_new()!)
            defer { window.close() }
            window.pack(bare)
            window.pack(view.widget)
            window.settle()
            XCTAssertEqual(gtk_widget_has_focus(view.textView.asWidget), 0)
            let bareBuffer = gtk_text_view_get_buffer(bare.cast())!
            let bareListeners = InteractionTests.insertionListeners(bareBuffer)
            XCTAssertEqual(
                InteractionTests.insertionListeners(view.buffer), bareListeners,
                "no more listeners than a bare text view's buffer has: no accessible yet")

            let tree = InteractionTests.accessibleTree(gtk_widget_get_accessible(window.window)!)
            let textViewAccessible = gtk_widget_get_accessible(view.textView.asWidget)!
            XCTAssertTrue(tree.contains(textViewAccessible))
            XCTAssertEqual(String(cString: atk_object_get_description(textViewAccessible)), "Lazy")
            XCTAssertGreaterThan(
                InteractionTests.insertionListeners(view.buffer), bareListeners, "the accessible listens now")
            let labelAccessible = gtk_widget_get_accessible(view.placeholderLabel.asWidget)!
            XCTAssertEqual(atk_object_get_role(labelAccessible), ATK_ROLE_REDUNDANT_OBJECT)
        }
    }

    /// Focus reaches the text view's accessible without the tree walk (GTK's focus tracker):
    /// it is described by then.
    func testFocusDescribesTheTextView() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Focused")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(window.focus())
            gtk_widget_grab_focus(view.textView.asWidget)
            window.settle()
            let textViewAccessible = gtk_widget_get_accessible(view.textView.asWidget)!
            XCTAssertEqual(atk_object_get_description(textViewAccessible).map { String(cString: $0) }, "Focused")
        }
    }
}
