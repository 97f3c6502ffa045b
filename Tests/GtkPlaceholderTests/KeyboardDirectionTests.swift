import PlaceholderCore
import XCTest

@testable import GtkPlaceholder

/// The keyboard's direction reaches every view through one connection on the display's keymap, not
/// one each: a thousand views add a thousand table entries, not a thousand GLib closures.
final class KeyboardDirectionTests: GtkTestCase {
    func testViewsShareOneKeymapConnectionThatEndsWithTheLast() {
        onMain {
            let before = KeyboardDirection.connectionCount  // views other tests still hold, if any
            XCTAssertLessThanOrEqual(before, 1)
            var views: [PlaceholderTextView] = (0..<3).map { _ in PlaceholderTextView(placeholder: "x") }
            XCTAssertEqual(KeyboardDirection.connectionCount, 1, "three views, one connection")
            views.removeLast(2)
            XCTAssertEqual(KeyboardDirection.connectionCount, 1, "still one while a view follows")
            views.removeAll()
            XCTAssertEqual(KeyboardDirection.connectionCount, before, "the last view's going ended it")
        }
    }
}
