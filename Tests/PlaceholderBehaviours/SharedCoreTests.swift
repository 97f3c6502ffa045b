import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (linked from Tests/GtkPlaceholderTests/Behaviours
// and Tests/GTK4/Tests/GtkPlaceholder4Tests/Behaviours): what it asserts holds on GTK 3 and GTK 4
// alike. Each suite's Support gives it the same names (BehaviourTestCase, TestWindow, Loop).

/// What the two widgets once did each their own way, now one implementation: checked on both.
final class SharedCoreTests: BehaviourTestCase {
    /// GTK buffers cannot hold NUL: setting text drops them, whatever else the text holds.
    func testTextWithNulCharactersIsStoredWithoutThem() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            view.text = "a\0b\0"
            XCTAssertEqual(view.text, "ab")
            XCTAssertFalse(view.isPlaceholderVisible)
            view.text = "中\0文🙂\0"
            XCTAssertEqual(view.text, "中文🙂", "the byte count after dropping NUL, not before")
            view.text = "\0"
            XCTAssertEqual(view.text, "")
            XCTAssertTrue(view.isPlaceholderVisible)
        }
    }
}
