import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// Font, colour and caret, in GTK 4's rendering.
final class AppearanceTests: Gtk4TestCase {
    @MainActor
    static func labelHeight(_ view: PlaceholderTextView) -> Int32 {
        gtk_widget_get_height(view.placeholderLabel.asWidget)
    }

    /// On the next frame, the placeholder is drawn in the font typed text uses (same ink box).
    @MainActor
    static func assertFollowsFont(_ view: PlaceholderTextView, _ window: TestWindow, _ what: String, line: UInt = #line)
    {
        Loop.waitForFrames(view.widget, 1)
        let (placeholderInk, typedInk) = PositionTests.inkBoxes(of: view, in: window)
        guard let placeholderInk, let typedInk else { return XCTFail("\(what): nothing drawn", line: line) }
        XCTAssertTrue(placeholderInk.agrees(with: typedInk), "\(what): \(placeholderInk) vs \(typedInk)", line: line)
    }

    func testFollowsFontPropertyCSSAndSettings() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget, width: 520, height: 200)
            defer { window.close() }
            let baseHeight = AppearanceTests.labelHeight(view)

            view.font = "DejaVu Serif Bold 22"
            AppearanceTests.assertFollowsFont(view, window, "font property")
            XCTAssertGreaterThan(AppearanceTests.labelHeight(view), baseHeight + 10, "size follows")
            XCTAssertEqual(view.font, "DejaVu Serif Bold 22")
            view.font = nil
            AppearanceTests.assertFollowsFont(view, window, "font reset to the theme's")
            XCTAssertEqual(AppearanceTests.labelHeight(view), baseHeight)

            PositionTests.withCSS("textview { font: italic 19px \"DejaVu Sans Mono\"; }") {
                AppearanceTests.assertFollowsFont(view, window, "application CSS")
                XCTAssertGreaterThan(AppearanceTests.labelHeight(view), baseHeight)
            }
            AppearanceTests.assertFollowsFont(view, window, "application CSS removed")

            let settings = gtk_settings_get_default()!.asObject
            Property.set(settings, "gtk-font-name", "DejaVu Sans 17")
            AppearanceTests.assertFollowsFont(view, window, "gtk-font-name")
            XCTAssertGreaterThan(AppearanceTests.labelHeight(view), baseHeight + 5)
            Property.set(settings, "gtk-font-name", Gtk4Harness.defaultFont)
            AppearanceTests.assertFollowsFont(view, window, "gtk-font-name restored")
            XCTAssertEqual(AppearanceTests.labelHeight(view), baseHeight)
        }
    }

    /// GTK consults every display style sheet for every node it styles: views that look the same share
    /// one sheet, and the last one gone takes it away.
    func testViewsThatLookTheSameShareOneStyleSheet() {
        onMain {
            let before = SharedStyleSheets.count
            var views = (0..<50).map { _ in PlaceholderTextView(placeholder: "p") }
            for view in views { view.font = "DejaVu Serif 14" }
            XCTAssertEqual(SharedStyleSheets.count, before + 1, "fifty views, one font: one sheet")
            views[0].placeholderColor = GdkRGBA(red: 1, green: 0, blue: 0, alpha: 1)
            XCTAssertEqual(SharedStyleSheets.count, before + 2, "a second look")
            views[0].placeholderColor = nil
            XCTAssertEqual(SharedStyleSheets.count, before + 1, "back to one look")
            let window = TestWindow(views[1].widget)
            window.pack(views[2].widget)
            AppearanceTests.assertFollowsFont(views[1], window, "through the shared sheet")
            AppearanceTests.assertFollowsFont(views[2], window, "the second view too")
            window.close()
            views[3].font = nil
            views = []
            XCTAssertEqual(SharedStyleSheets.count, before, "the last view took the sheet away")
        }
    }

    func testThemeColourByDefaultExplicitColourOverridesNilRestores() {
        onMain {
            let view = PlaceholderTextView(placeholder: "██ colour")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertEqual(gtk_widget_has_css_class(view.placeholderLabel.asWidget, "dim-label"), 1)

            gtk_text_view_set_cursor_visible(view.textView, 0)
            @MainActor func inkColours() -> [RGB] {
                window.settle()
                let shown = PixelGrid(view.widget)
                view.hidesPlaceholder = true
                window.settle()
                let blank = PixelGrid(view.widget)
                view.hidesPlaceholder = false
                return shown.inkPixels(against: blank)
            }
            func darkest(_ pixels: [RGB]) -> RGB { pixels.min { $0.brightness < $1.brightness }! }

            let theme = darkest(inkColours())
            XCTAssertLessThan(
                abs(theme.red - theme.green) + abs(theme.green - theme.blue), 20,
                "the theme's dim colour is grey: \(theme)")
            XCTAssertGreaterThan(theme.red, 60, "dimmer than the text colour")
            XCTAssertLessThan(theme.red, 200, "but visible")

            view.placeholderColor = GdkRGBA(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            let red = inkColours().filter { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
            XCTAssertGreaterThan(red.count, 50, "the explicit colour, undimmed")
            XCTAssertEqual(view.placeholderColor?.red, 0.9)

            view.placeholderColor = nil
            XCTAssertEqual(darkest(inkColours()), theme, "nil restores the theme colour")
        }
    }

    /// GTK 4's text view draws its caret under its children's drawing, and the placeholder is drawn
    /// after the text view: the label must leave the caret's pixels alone. "█" covers the whole cell.
    func testCaretStaysVisibleOverThePlaceholder() {
        onMain {
            let settings = gtk_settings_get_default()!.asObject
            // A thick caret (an accessibility setting) so that it certainly overlaps the block glyph.
            Property.set(settings, "gtk-cursor-aspect-ratio", 0.2)
            defer { Property.set(settings, "gtk-cursor-aspect-ratio", 0.04) }
            let view = PlaceholderTextView(placeholder: "█████")
            view.font = "DejaVu Sans 24"
            gtk_text_view_set_left_margin(view.textView, 6)
            // Opaque: the theme's dim-label opacity would let a covered caret show through, dimmed.
            view.placeholderColor = GdkRGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            let entry = gtk_entry_new()!
            let window = TestWindow(view.widget)
            defer { window.close() }
            window.pack(entry, expand: false)
            XCTAssertTrue(window.focus(), "the test window got the X input focus")
            gtk_widget_grab_focus(view.textView.asWidget)
            XCTAssertTrue(Loop.iterate(until: { gtk_widget_has_focus(view.textView.asWidget) != 0 }))
            window.settle()

            var caret = GdkRectangle()
            gtk_text_view_get_cursor_locations(view.textView, nil, &caret, nil)
            var windowX: Int32 = 0
            var windowY: Int32 = 0
            gtk_text_view_buffer_to_window_coords(
                view.textView, GTK_TEXT_WINDOW_WIDGET, caret.x, caret.y, &windowX, &windowY)
            var inView = graphene_point_t(x: Float(windowX), y: Float(windowY))
            var inWidget = graphene_point_t()
            XCTAssertEqual(gtk_widget_compute_point(view.textView.asWidget, view.widget, &inView, &inWidget), 1)
            var x = Int(inWidget.x)
            let y = Int(inWidget.y)

            let withPlaceholder = PixelGrid(view.widget)
            view.hidesPlaceholder = true
            window.settle()
            let caretAlone = PixelGrid(view.widget)
            gtk_text_view_set_cursor_visible(view.textView, 0)
            window.settle()
            let nothing = PixelGrid(view.widget)
            gtk_text_view_set_cursor_visible(view.textView, 1)
            view.hidesPlaceholder = false

            let rows = (y + 2)..<(y + Int(caret.height) - 2)
            x += 2  // inside both the caret stem and the first block glyph
            let caretPixels = rows.filter { caretAlone.pixel(x, $0) != nothing.pixel(x, $0) }
            XCTAssertEqual(caretPixels.count, rows.count, "the caret is drawn at x=\(x) (focus and blink-off work)")
            XCTAssertGreaterThan(
                withPlaceholder.pixel(x + 14, y + Int(caret.height) / 2).brightness, 300,
                "the placeholder block is grey beside the caret")
            let covered = rows.filter { withPlaceholder.pixel(x, $0) != caretAlone.pixel(x, $0) }
            XCTAssertEqual(covered, [], "caret rows painted over by the placeholder")
            // Only the stem is cut out: the stem is height × 0.2 + 1 px wide around the caret's x.
            let stem = Int(Double(caret.height) * 0.2 + 1)
            let besideStem = rows.filter { withPlaceholder.pixel(x - 2 + stem, $0).brightness < 300 }
            XCTAssertEqual(besideStem, [], "the placeholder is cut wider than the caret")
            XCTAssertNotNil(withPlaceholder.inkBox(against: caretAlone), "the placeholder is still drawn around it")
        }
    }
}
