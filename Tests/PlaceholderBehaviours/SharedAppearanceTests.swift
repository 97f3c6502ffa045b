import PlaceholderTestSupport
import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// Font, colour and caret, in each toolkit's own rendering.
final class SharedAppearanceTests: BehaviourTestCase {
    @MainActor
    static func labelHeight(_ view: PlaceholderTextView) -> Int32 { Toolkit.height(view.placeholderLabelWidget) }

    /// Once the window has painted, the placeholder is drawn in the font typed text uses (same ink box).
    @MainActor
    static func assertFollowsFont(_ view: PlaceholderTextView, _ window: TestWindow, _ what: String, line: UInt = #line)
    {
        let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
        guard let placeholderInk, let typedInk else { return XCTFail("\(what): nothing drawn", line: line) }
        XCTAssertTrue(placeholderInk.agrees(with: typedInk), "\(what): \(placeholderInk) vs \(typedInk)", line: line)
    }

    func testFollowsFontPropertyCSSAndSettings() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget, width: 520, height: 200)
            defer { window.close() }
            let baseHeight = Self.labelHeight(view)

            view.font = "DejaVu Serif Bold 22"
            Self.assertFollowsFont(view, window, "font property")
            XCTAssertGreaterThan(Self.labelHeight(view), baseHeight + 10, "size follows")
            XCTAssertEqual(view.font, "DejaVu Serif Bold 22")
            view.font = nil
            Self.assertFollowsFont(view, window, "font reset to the theme's")
            XCTAssertEqual(Self.labelHeight(view), baseHeight)

            Toolkit.withDisplayCSS("textview { font: italic 19px \"DejaVu Sans Mono\"; }") {
                Self.assertFollowsFont(view, window, "application CSS")
                XCTAssertGreaterThan(Self.labelHeight(view), baseHeight)
            }
            Self.assertFollowsFont(view, window, "application CSS removed")

            let settings = gtk_settings_get_default()!.asObject
            Property.set(settings, "gtk-font-name", "DejaVu Sans 17")
            Self.assertFollowsFont(view, window, "gtk-font-name")
            XCTAssertGreaterThan(Self.labelHeight(view), baseHeight + 5)
            Property.set(settings, "gtk-font-name", Harness.defaultFont)
            Self.assertFollowsFont(view, window, "gtk-font-name restored")
            XCTAssertEqual(Self.labelHeight(view), baseHeight)
        }
    }

    /// Following the usual font costs the label nothing: while the text view lays its text out in
    /// the label's own (the theme's) font, the label carries no attributes; a font of the view's
    /// own gives it one, and it goes again with that font.
    func testTheLabelCarriesAFontOnlyWhenTheTextViewHasItsOwn() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget, width: 520, height: 200)
            defer { window.close() }
            window.settle()
            XCTAssertEqual(Self.labelAttributes(view), "", "the theme's font: nothing to carry")
            view.font = "DejaVu Serif Bold 22"
            Self.assertFollowsFont(view, window, "font property")
            // GTK 4's CSS hands the size on in pixels ("DejaVu Serif Bold 29.33px"), GTK 3's in points.
            XCTAssertTrue(
                Self.labelAttributes(view).contains("font-desc \"DejaVu Serif Bold"), Self.labelAttributes(view))
            view.font = nil
            Self.assertFollowsFont(view, window, "font reset to the theme's")
            XCTAssertEqual(Self.labelAttributes(view), "", "the theme's font again: the attributes went")
        }
    }

    /// The label's Pango attributes, serialized ("" for none).
    @MainActor
    static func labelAttributes(_ view: PlaceholderTextView) -> String {
        guard let list = gtk_label_get_attributes(Toolkit.label(view)), let text = pango_attr_list_to_string(list)
        else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    func testThemeColourByDefaultExplicitColourOverridesNilRestores() {
        onMain {
            let view = PlaceholderTextView(placeholder: "██ colour")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(Toolkit.hasStyleClass(view.placeholderLabelWidget, "dim-label"))
            XCTAssertTrue(Toolkit.hasStyleClass(view.placeholderLabelWidget, "placeholder"))

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

            view.placeholderTextColor = PlaceholderColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            let red = inkColours().filter { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
            XCTAssertGreaterThan(red.count, 50, "the explicit colour, undimmed")
            XCTAssertEqual(view.placeholderTextColor?.red, 0.9)

            view.placeholderTextColor = nil
            let restored = darkest(inkColours())
            XCTAssertTrue(restored == theme, "nil restores the theme colour: \(restored) vs \(theme)")
        }
    }

    /// Both toolkits draw the label after the text view (GTK 3's overlay, GTK 4's snapshot), over
    /// the caret: the label must leave the caret's pixels alone. "█" covers the whole cell.
    func testCaretStaysVisibleOverThePlaceholder() {
        onMain {
            let view = PlaceholderTextView(placeholder: "█████")
            view.font = "DejaVu Sans 24"
            gtk_text_view_set_left_margin(view.textView, 6)
            // A thick caret (an accessibility setting) so that it certainly overlaps the block glyph.
            let aspectRatio = 0.2
            let restoreCaret = Toolkit.thickCaret(view.textView, ratio: aspectRatio)
            defer { restoreCaret() }
            // Opaque: the theme's dim-label opacity would let a covered caret show through, dimmed.
            view.placeholderTextColor = PlaceholderColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
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
            let inWidget = Toolkit.point(windowX, windowY, from: view.textView.asWidget, to: view.widget)
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
            // Only the stem is cut out: the stem is height × ratio + 1 px wide, drawn no further
            // right than that from the caret's x in either toolkit.
            let stem = Int(Double(caret.height) * aspectRatio + 1)
            let besideStem = rows.filter { withPlaceholder.pixel(x - 2 + stem, $0).brightness < 300 }
            XCTAssertEqual(besideStem, [], "the placeholder is cut wider than the caret")
            XCTAssertNotNil(withPlaceholder.inkBox(against: caretAlone), "the placeholder is still drawn around it")
        }
    }
}
