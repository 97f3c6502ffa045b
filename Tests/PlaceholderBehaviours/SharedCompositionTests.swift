import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// The widget inside real layouts: the chat-row recipe of Examples/ChatInput (natural height
/// propagated, capped at five lines) grows with the text, then scrolls.
final class SharedCompositionTests: BehaviourTestCase {
    func testGrowsWithItsTextUpToTheCapThenScrolls() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Message…")
            let scrolled = Toolkit.scrolledWindow(view)
            gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
            gtk_scrolled_window_set_max_content_height(scrolled, 5 * 17)
            let window = TestWindow(view.widget, width: 300, height: 40)
            defer { window.close() }

            @MainActor func naturalHeight(lines: Int) -> Int32 {
                view.text = Array(repeating: "line", count: lines).joined(separator: "\n")
                window.settle()
                return Toolkit.naturalHeight(of: view.widget)
            }
            let one = naturalHeight(lines: 1)
            let three = naturalHeight(lines: 3)
            let five = naturalHeight(lines: 5)
            let eight = naturalHeight(lines: 8)
            XCTAssertGreaterThan(three, one, "grows with its text")
            XCTAssertGreaterThanOrEqual(five, three)
            XCTAssertEqual(eight, five, "capped: more lines scroll instead")
            XCTAssertLessThanOrEqual(eight, 5 * 17 + 10)
            view.text = ""
            XCTAssertTrue(view.isPlaceholderVisible)
            XCTAssertEqual(naturalHeight(lines: 1), one, "shrinks back")
        }
    }
}
