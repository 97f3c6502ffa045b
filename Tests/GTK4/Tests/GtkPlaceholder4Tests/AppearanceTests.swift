import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// GTK 4's own styling: display style sheets shared between views (the rest: Tests/PlaceholderBehaviours).
final class AppearanceTests: Gtk4TestCase {
    /// GTK consults every display style sheet for every node it styles: views that look the same share
    /// one sheet, and the last one gone takes it away.
    func testViewsThatLookTheSameShareOneStyleSheet() {
        onMain {
            let before = SharedStyleSheets.sheets.count
            var views = (0..<50).map { _ in PlaceholderTextView(placeholder: "p") }
            for view in views { view.font = "DejaVu Serif 14" }
            XCTAssertEqual(SharedStyleSheets.sheets.count, before + 1, "fifty views, one font: one sheet")
            views[0].placeholderTextColor = PlaceholderColor(red: 1, green: 0, blue: 0, alpha: 1)
            XCTAssertEqual(SharedStyleSheets.sheets.count, before + 2, "a second look")
            views[0].placeholderTextColor = nil
            XCTAssertEqual(SharedStyleSheets.sheets.count, before + 1, "back to one look")
            let window = TestWindow(views[1].widget)
            window.pack(views[2].widget)
            window.settle()
            SharedAppearanceTests.assertFollowsFont(views[1], window, "through the shared sheet")
            SharedAppearanceTests.assertFollowsFont(views[2], window, "the second view too")
            window.close()
            views[3].font = nil
            views = []
            XCTAssertEqual(SharedStyleSheets.sheets.count, before, "the last view took the sheet away")
        }
    }
}
