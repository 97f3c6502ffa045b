import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGObjectGlue
import PlaceholderGtk3Glue
import XCTest

/// compose-window ends a key's release at its text view when the view did not handle it
/// (KeyboardShortcuts.endUnhandledKeyReleases): GTK 3 would offer it to every ancestor's bindings.
final class KeyReleaseTests: GtkTestCase {
    func testALettersReleaseStopsAtTheViewAndAModifiersGoesOn() {
        onMain {
            let view = gtk_text_view_new()!
            let window = TestWindow(view)
            defer { window.close() }
            gtk_widget_grab_focus(view)
            var releasesSeenAbove: [UInt32] = []
            Signal.connect(
                window.box, "key-release-event",
                returning: { event in
                    releasesSeenAbove.append(event!.cast(to: GdkEventKey.self).pointee.keyval)
                    return false
                })
            Keyboard.send(GDK_KEY_RELEASE, to: view, GDK_KEY_a)
            XCTAssertEqual(releasesSeenAbove, [UInt32(GDK_KEY_a)], "without it, GTK takes the release up the tree")

            KeyboardShortcuts.endUnhandledKeyReleases(at: view)
            releasesSeenAbove = []
            Keyboard.press(view, GDK_KEY_b)
            Keyboard.send(GDK_KEY_RELEASE, to: view, GDK_KEY_Alt_L, isModifier: true)
            XCTAssertEqual(releasesSeenAbove, [UInt32(GDK_KEY_Alt_L)], "only the modifier's release goes on")
            let buffer = gtk_text_view_get_buffer(view.cast())
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            XCTAssertEqual(takeGString(gtk_text_buffer_get_text(buffer, &start, &end, 0)), "b", "the view typed it")
        }
    }
}
