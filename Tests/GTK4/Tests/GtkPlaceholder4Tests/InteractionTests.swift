import Gtk4TestHelpers
import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// Clicks reach the text view through the label; screen readers get the placeholder once.
final class InteractionTests: Gtk4TestCase {
    /// A real X click (xdotool) on the middle of the placeholder focuses the text view.
    func testClickOnPlaceholderFocusesTextViewAndPlacesCaret() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let entry = gtk_entry_new()!
            let window = TestWindow(entry)
            defer { window.close() }
            window.pack(view.widget)
            XCTAssertTrue(window.focus())
            gtk_widget_grab_focus(entry)
            window.settle()
            XCTAssertEqual(gtk_widget_has_focus(view.textView.asWidget), 0)

            let label = view.placeholderLabel.asWidget
            XCTAssertEqual(gtk_widget_get_can_target(label), 0, "clicks go through the label")
            var middle = graphene_point_t(
                x: Float(gtk_widget_get_width(label)) / 2, y: Float(gtk_widget_get_height(label)) / 2)
            var inWindow = graphene_point_t()
            XCTAssertEqual(gtk_widget_compute_point(label, window.window, &middle, &inWindow), 1)
            Shell.run(
                "xdotool", "mousemove", "--window", String(window.xid), String(Int(inWindow.x)), String(Int(inWindow.y))
            )
            Shell.run("xdotool", "click", "1")
            XCTAssertTrue(
                Loop.iterate(until: { gtk_widget_has_focus(view.textView.asWidget) != 0 }),
                "the click focused the text view")
            window.type("x")
            XCTAssertEqual(view.text, "x", "typing goes into the text view")
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
                "focus is on \(String(cString: gtk_widget_get_name(gtk_root_get_focus(OpaquePointer(window.window)) ?? window.window)))"
            )
            window.type("a")
            XCTAssertEqual(view.text, "a")
        }
    }

    /// GTK's test accessibility backend (GTK_A11Y=test) holds what a screen reader would read: the
    /// text view carries the placeholder property; the label that draws it is hidden from them.
    func testScreenReaderGetsPlaceholderOnceFromTheTextView() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            let textView = view.textView.asWidget.asAccessible
            let label = view.placeholderLabel.asWidget.asAccessible
            XCTAssertNil(
                takeGString(
                    gtk4_test_check_string_property(textView, GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER, view.placeholder)),
                "the text view's placeholder property")
            XCTAssertNil(
                takeGString(gtk4_test_check_boolean_state(label, GTK_ACCESSIBLE_STATE_HIDDEN, 1)),
                "the label is hidden from assistive technologies")
            view.placeholder = "分享新鲜事…"
            XCTAssertNil(
                takeGString(gtk4_test_check_string_property(textView, GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER, "分享新鲜事…")),
                "kept current")
            XCTAssertNotNil(
                takeGString(gtk4_test_check_string_property(textView, GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER, "stale")),
                "the check can fail")
        }
    }
}
