import GLibSwift
import GtkPlaceholder
import GtkTestSupport
import PlaceholderTestSupport
import XCTest

/// Behaviour 4, 6 and 7: font, colour, caret.
final class AppearanceTests: GtkTestCase {
    @MainActor
    static func labelHeight(_ view: PlaceholderTextView) -> gint {
        gtk_widget_get_allocated_height(view.placeholderLabel.asWidget)
    }

    /// On the next frame, the placeholder is drawn in the font typed text uses (same ink box).
    @MainActor
    static func assertFollowsFont(_ view: PlaceholderTextView, _ window: TestWindow, _ what: String, line: UInt = #line)
    {
        MainLoop.waitForFrames(view.widget, 1)
        let (placeholderInk, typedInk) = PositionTests.inkBoxes(of: view, in: window, settleFirst: false)
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

            let provider = gtk_css_provider_new()!
            gtk_css_provider_load_from_data(provider, "textview { font: italic 19px \"DejaVu Sans Mono\"; }", -1, nil)
            let screen = gdk_screen_get_default()
            gtk_style_context_add_provider_for_screen(
                screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            AppearanceTests.assertFollowsFont(view, window, "application CSS")
            XCTAssertGreaterThan(AppearanceTests.labelHeight(view), baseHeight)
            gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider))
            g_object_unref(provider.asGPointer)
            AppearanceTests.assertFollowsFont(view, window, "application CSS removed")

            let settings = gtk_settings_get_default()!
            Property.set(settings, "gtk-font-name", "DejaVu Sans 17")
            AppearanceTests.assertFollowsFont(view, window, "gtk-font-name")
            XCTAssertGreaterThan(AppearanceTests.labelHeight(view), baseHeight + 5)
            Property.set(settings, "gtk-font-name", GtkHarness.defaultFont)
            AppearanceTests.assertFollowsFont(view, window, "gtk-font-name restored")
            XCTAssertEqual(AppearanceTests.labelHeight(view), baseHeight)
        }
    }

    func testThemeColourByDefaultExplicitColourOverridesNilRestores() {
        onMain {
            let view = PlaceholderTextView(placeholder: "██ colour")
            let window = TestWindow(view.widget)
            defer { window.close() }
            let context = gtk_widget_get_style_context(view.placeholderLabel.asWidget)
            XCTAssertEqual(gtk_style_context_has_class(context, "dim-label"), 1)
            XCTAssertEqual(gtk_style_context_has_class(context, "placeholder"), 1)

            gtk_text_view_set_cursor_visible(view.textView, 0)
            @MainActor func inkColours() -> [RGB] {
                window.settle()
                let shown = Snapshot(view.widget)
                view.hidesPlaceholder = true
                window.settle()
                let blank = Snapshot(view.widget)
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
            let restored = darkest(inkColours())
            XCTAssertTrue(restored == theme, "nil restores the theme colour: \(restored) vs \(theme)")
        }
    }

    /// Seed 000 moved its label under the cursor; GTK3 draws overlays above the text view, so the
    /// label must leave the caret's pixels alone. "█" covers the whole cell, caret column included.
    func testCaretStaysVisibleOverThePlaceholder() {
        onMain {
            let view = PlaceholderTextView(placeholder: "█████")
            view.font = "DejaVu Sans 24"
            gtk_text_view_set_left_margin(view.textView, 6)
            // A thick caret (an accessibility setting) so that it certainly overlaps the block glyph.
            let thickCaret = WidgetStyleProvider(for: view.textView)
            thickCaret.css = "* { -GtkWidget-cursor-aspect-ratio: 0.2; }"
            // Opaque: the theme's dim-label opacity would let a covered caret show through, dimmed.
            view.placeholderColor = GdkRGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            let entry = gtk_entry_new()!
            let window = TestWindow(view.widget)
            defer { window.close() }
            window.pack(entry, expand: false)
            XCTAssertTrue(window.focus(), "the test window got the X input focus")
            gtk_widget_grab_focus(view.textView.asWidget)
            XCTAssertTrue(MainLoop.iterate(until: { gtk_widget_has_focus(view.textView.asWidget) != 0 }))
            window.settle()

            var caret = GdkRectangle()
            gtk_text_view_get_cursor_locations(view.textView, nil, &caret, nil)
            var x: gint = 0
            var y: gint = 0
            gtk_text_view_buffer_to_window_coords(view.textView, GTK_TEXT_WINDOW_WIDGET, caret.x, caret.y, &x, &y)
            gtk_widget_translate_coordinates(view.textView.asWidget, view.widget, x, y, &x, &y)

            let withPlaceholder = Snapshot(view.widget)
            view.hidesPlaceholder = true
            window.settle()
            let caretAlone = Snapshot(view.widget)
            gtk_text_view_set_cursor_visible(view.textView, 0)
            window.settle()
            let nothing = Snapshot(view.widget)
            gtk_text_view_set_cursor_visible(view.textView, 1)
            view.hidesPlaceholder = false

            let rows = Int(y + 2)..<Int(y + caret.height - 2)
            x += 2  // inside both the caret stem and the first block glyph
            let caretPixels = rows.filter { caretAlone.pixel(Int(x), $0) != nothing.pixel(Int(x), $0) }
            XCTAssertEqual(caretPixels.count, rows.count, "the caret is drawn at x=\(x) (focus and blink-off work)")
            func brightness(_ pixel: RGB) -> Int { pixel.brightness }
            let placeholderGrey = brightness(withPlaceholder.pixel(Int(x) + 14, Int(y + caret.height / 2)))
            XCTAssertGreaterThan(placeholderGrey, 300, "the placeholder block is grey beside the caret")
            let covered = rows.filter { withPlaceholder.pixel(Int(x), $0) != caretAlone.pixel(Int(x), $0) }
            XCTAssertEqual(covered, [], "caret rows painted over by the placeholder")
            // Only the stem is cut out: the stem is 38 × 0.2 + 1 = 8 px wide, x-4 ..< x+4 here.
            let besideStem = rows.filter { brightness(withPlaceholder.pixel(Int(x) + 3, $0)) < 300 }
            XCTAssertEqual(besideStem, [], "the placeholder is cut wider than the caret")
            XCTAssertNotNil(withPlaceholder.inkBox(against: caretAlone), "the placeholder is still drawn around it")
        }
    }
}
