import GtkPlaceholder
import PlaceholderGtk3Glue
import PlaceholderGtk3TestSupport
import XCTest

/// GTK 3's accessibility (ATK) beyond the shared behaviours: accessibles made lazily, described
/// on focus, and an app's own description kept.
final class InteractionTests: GtkTestCase {
    /// ATK has no placeholder property, so the placeholder is the text view's description, unless the
    /// app gave it one of its own.
    func testAnAppsOwnDescriptionIsKept() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            let textViewAccessible = gtk_widget_get_accessible(view.textView.asWidget)!
            XCTAssertEqual(atk_object_get_role(textViewAccessible), ATK_ROLE_TEXT)
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

            let tree = ScreenReader.accessibleTree(gtk_widget_get_accessible(window.window)!)
            let textViewAccessible = gtk_widget_get_accessible(view.textView.asWidget)!
            XCTAssertTrue(tree.contains(textViewAccessible))
            XCTAssertEqual(String(cString: atk_object_get_description(textViewAccessible)), "Lazy")
            XCTAssertGreaterThan(
                InteractionTests.insertionListeners(view.buffer), bareListeners, "the accessible listens now")
            let labelAccessible = gtk_widget_get_accessible(view.placeholderLabelWidget)!
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
