import PlaceholderCore
import PlaceholderGtk3Glue
import XCTest

@testable import GtkPlaceholder

/// The keyboard's direction reaches every view through one connection on the keyboard, not one each:
/// a thousand views add a thousand table entries, not a thousand GLib closures. Checked on a stand-in
/// keyboard (a text buffer's "changed" for the keymap's "direction-changed"), where ours is the only
/// handler there is.
final class KeyboardDirectionTests: GtkTestCase {
    @MainActor
    private final class Follower: KeyboardDirectionFollower {
        var told = 0
        func keyboardDirectionChanged() { told += 1 }
    }

    func testFollowersShareOneConnectionThatEndsWithTheLast() {
        onMain {
            let keyboard = gtk_text_buffer_new(nil)!
            defer { g_object_unref(keyboard.asGPointer) }
            let changed = g_signal_lookup("changed", gtk_text_buffer_get_type())
            var connections = 0
            let followers = (0..<3).map { _ in Follower() }
            for follower in followers {
                KeyboardDirection.follow(UnsafeMutableRawPointer(keyboard), by: follower) { handler in
                    connections += 1
                    return Signal.connect(keyboard, "changed", handler)
                }
            }
            XCTAssertEqual(connections, 1, "three followers, one connection")
            gtk_text_buffer_insert_at_cursor(keyboard, "a", -1)
            XCTAssertEqual(followers.map(\.told), [1, 1, 1], "each told once")
            KeyboardDirection.unfollow(followers[0])
            KeyboardDirection.unfollow(followers[1])
            gtk_text_buffer_insert_at_cursor(keyboard, "b", -1)
            XCTAssertEqual(followers.map(\.told), [1, 1, 2], "only the one still following")
            XCTAssertTrue(g_signal_has_handler_pending(keyboard.asGPointer, changed, 0, 0) != 0)
            KeyboardDirection.unfollow(followers[2])
            XCTAssertFalse(
                g_signal_has_handler_pending(keyboard.asGPointer, changed, 0, 0) != 0, "the last one's going ended it")
        }
    }
}
