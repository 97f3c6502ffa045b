import GtkPlaceholder
import PlaceholderCore
import XCTest

@testable import GtkPlaceholder

/// Values GTK or CSS would choke on are made safe before they reach them (G_DEBUG=fatal-criticals
/// turns any GLib critical into a failure).
final class InputEdgeTests: GtkTestCase {
    func testFontFamiliesWithQuotesAndControlCharactersStayValidCSS() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            for font in ["Sans\n12", "Evil \"Quote\" 12", "A\\B, Serif Bold Italic 9", "Sans 400", "12", "not a font"] {
                view.font = font  // an invalid style sheet would stop the process
                XCTAssertEqual(view.font, font)
            }
            XCTAssertEqual(CSSFont(pangoDescription: "Sans\n12").declarations.contains("\n"), false)
            XCTAssertTrue(CSSFont(pangoDescription: "Serif Bold Italic 9").declarations.contains("font-style: italic;"))
            XCTAssertTrue(CSSFont(pangoDescription: "Serif 9px").declarations.contains("font-size: 9.0px;"))
        }
    }
}
