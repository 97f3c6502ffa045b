import GLibSwift
import GtkPlaceholder
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
}
