import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// The placeholder's ink sits where the same string typed would be drawn (within 1 px), and a long
/// one wraps inside the text area — in GTK 4's own rendering.
final class PositionTests: Gtk4TestCase {
    /// Ink of the placeholder and of the same string typed, each against the empty view.
    @MainActor
    static func inkBoxes(of view: PlaceholderTextView, in window: TestWindow) -> (placeholder: InkBox?, typed: InkBox?)
    {
        // The caret moves as text is typed: leave it out of the comparison.
        gtk_text_view_set_cursor_visible(view.textView, 0)
        defer { gtk_text_view_set_cursor_visible(view.textView, 1) }
        window.settle()
        let shown = PixelGrid(view.widget)
        view.hidesPlaceholder = true
        window.settle()
        let blank = PixelGrid(view.widget)
        view.text = view.placeholder
        window.settle()
        let typed = PixelGrid(view.widget)
        view.text = ""
        view.hidesPlaceholder = false
        window.settle()
        return (shown.inkBox(against: blank), typed.inkBox(against: blank))
    }

    @MainActor
    static func assertPlaceholderMatchesTyped(
        _ name: String, placeholder: String = "Share something new…", font: String? = nil,
        file: StaticString = #filePath, line: UInt = #line,
        configure: (PlaceholderTextView) -> Void = { _ in }
    ) {
        let view = PlaceholderTextView(placeholder: placeholder)
        view.font = font
        let window = TestWindow(view.widget, width: 360, height: 160)
        defer { window.close() }
        configure(view)
        let (placeholderInk, typedInk) = inkBoxes(of: view, in: window)
        guard let placeholderInk, let typedInk else {
            return XCTFail(
                "\(name): nothing drawn (\(String(describing: placeholderInk)), \(String(describing: typedInk)))",
                file: file, line: line)
        }
        XCTAssertTrue(
            placeholderInk.agrees(with: typedInk), "\(name): placeholder ink \(placeholderInk), typed ink \(typedInk)",
            file: file, line: line)
    }

    /// A display-wide style sheet for the duration of `body`.
    @MainActor
    static func withCSS(_ css: String, _ body: () -> Void) {
        let provider = gtk_css_provider_new()!
        gtkplaceholder_css_load(provider, css)
        let display = gdk_display_get_default()
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        body()
        gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider))
        g_object_unref(provider.asGPointer)
    }

    func testDefaultSettings() {
        onMain { PositionTests.assertPlaceholderMatchesTyped("default") }
    }

    func testSeedInsetsAsMargins() {
        onMain {
            for (x, y) in [(5, 8), (4, 7), (10, 10)] as [(Int32, Int32)] {
                PositionTests.assertPlaceholderMatchesTyped("inset (\(x), \(y))", font: "DejaVu Sans 15") { view in
                    gtk_text_view_set_left_margin(view.textView, x)
                    gtk_text_view_set_right_margin(view.textView, x)
                    gtk_text_view_set_top_margin(view.textView, y)
                    gtk_text_view_set_bottom_margin(view.textView, y)
                }
            }
        }
    }

    func testIndentAndPixelsAboveLines() {
        onMain {
            PositionTests.assertPlaceholderMatchesTyped("indent 24") { gtk_text_view_set_indent($0.textView, 24) }
            PositionTests.assertPlaceholderMatchesTyped("pixels-above-lines 13") {
                gtk_text_view_set_pixels_above_lines($0.textView, 13)
            }
        }
    }

    func testCSSPaddingAndBorderAndFramedScrolledWindow() {
        onMain {
            let css = "textview { padding: 7px 11px 5px 9px; } scrolledwindow { border: 4px solid #888; padding: 3px; }"
            PositionTests.withCSS(css) {
                PositionTests.assertPlaceholderMatchesTyped("CSS padding and border") { view in
                    gtk_scrolled_window_set_has_frame(view.scrolledWindow, 1)
                }
            }
        }
    }

    func testCentreAndRightJustification() {
        onMain {
            PositionTests.assertPlaceholderMatchesTyped("centre") {
                gtk_text_view_set_justification($0.textView, GTK_JUSTIFY_CENTER)
            }
            PositionTests.assertPlaceholderMatchesTyped("right") {
                gtk_text_view_set_justification($0.textView, GTK_JUSTIFY_RIGHT)
                gtk_text_view_set_right_margin($0.textView, 8)
            }
        }
    }

    func testRightToLeft() {
        onMain {
            PositionTests.assertPlaceholderMatchesTyped("Hebrew in an RTL view", placeholder: "שתפו משהו חדש…") {
                gtk_widget_set_direction($0.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
            PositionTests.assertPlaceholderMatchesTyped("Arabic in an LTR view", placeholder: "شارك شيئا جديدا…") {
                gtk_text_view_set_left_margin($0.textView, 5)
                gtk_text_view_set_right_margin($0.textView, 12)
            }
            PositionTests.assertPlaceholderMatchesTyped("Latin in an RTL view", placeholder: "Share something") {
                gtk_widget_set_direction($0.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
            PositionTests.assertPlaceholderMatchesTyped("neutral digits in an RTL view", placeholder: "123 …") {
                gtk_widget_set_direction($0.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
        }
    }

    func testChangingMarginsLiveMovesThePlaceholder() {
        onMain {
            PositionTests.assertPlaceholderMatchesTyped("margins changed after mapping") { view in
                Loop.waitForFrames(view.widget)
                gtk_text_view_set_left_margin(view.textView, 30)
                gtk_text_view_set_top_margin(view.textView, 20)
            }
        }
    }

    /// GTK 4 draws the placeholder itself, so it must move with the text when the view scrolls.
    func testFollowsScrolling() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget, width: 300, height: 120)
            defer { window.close() }
            gtk_scrolled_window_set_min_content_height(view.scrolledWindow, 60)
            gtk_scrolled_window_set_max_content_height(view.scrolledWindow, 60)
            gtk_widget_set_vexpand(view.widget, 0)
            gtk_text_view_set_pixels_below_lines(view.textView, 400)  // room to scroll with an empty buffer
            gtk_text_view_set_top_margin(view.textView, 20)
            window.settle()
            let (before, _) = PositionTests.inkBoxes(of: view, in: window)
            let adjustment = gtk_scrolled_window_get_vadjustment(view.scrolledWindow)
            gtk_adjustment_set_value(adjustment, 10)
            let (after, typed) = PositionTests.inkBoxes(of: view, in: window)
            guard let before, let after, let typed else { return XCTFail("nothing drawn") }
            XCTAssertEqual(after.minY, before.minY - 10, "moved up with the text")
            XCTAssertTrue(after.agrees(with: typed), "\(after) vs typed \(typed)")

            // A replaced adjustment (the app's own) is followed too.
            let replacement = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
            gtk_scrolled_window_set_vadjustment(view.scrolledWindow, replacement)
            window.settle()
            gtk_adjustment_set_value(replacement, 4)
            let (moved, typedThen) = PositionTests.inkBoxes(of: view, in: window)
            guard let moved, let typedThen else { return XCTFail("nothing drawn after the swap") }
            XCTAssertTrue(moved.agrees(with: typedThen), "with the new adjustment: \(moved) vs typed \(typedThen)")
            XCTAssertNotEqual(moved.minY, before.minY, "scrolled by the new adjustment")
        }
    }

    func testLongPlaceholderWrapsAndSetsMinimumHeight() {
        onMain {
            let words = Array(repeating: "placeholder", count: 30).joined(separator: " ")
            let view = PlaceholderTextView(placeholder: words)
            gtk_text_view_set_left_margin(view.textView, 8)
            gtk_text_view_set_right_margin(view.textView, 8)
            let window = TestWindow(view.widget, width: 300, height: 40)
            defer { window.close() }
            gtk_widget_set_vexpand(view.widget, 0)
            window.settle()
            var minimum: Int32 = 0
            gtk_widget_measure(
                view.widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(view.widget), &minimum, nil, nil, nil)
            XCTAssertGreaterThan(minimum, 100, "tall enough for the wrapped placeholder")
            XCTAssertGreaterThanOrEqual(gtk_widget_get_height(view.widget), minimum, "and given that height")
            let label = view.placeholderLabel.asWidget
            XCTAssertLessThanOrEqual(
                gtk_widget_get_width(label), gtk_widget_get_width(view.widget) - 16, "wraps inside the margins")
            let (placeholderInk, _) = PositionTests.inkBoxes(of: view, in: window)
            guard let placeholderInk else { return XCTFail("nothing drawn") }
            XCTAssertGreaterThanOrEqual(placeholderInk.minX, 8)
            XCTAssertLessThan(placeholderInk.maxX, Int(gtk_widget_get_width(view.widget)) - 8)
            XCTAssertGreaterThan(placeholderInk.maxY - placeholderInk.minY, 80, "several lines drawn")

            // As in GTK 3, the room stays while text hides the placeholder: no jump under the first
            // character.
            let shownMinimum = minimum
            view.text = "typed"
            window.settle()
            gtk_widget_measure(
                view.widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(view.widget), &minimum, nil, nil, nil)
            XCTAssertEqual(minimum, shownMinimum, "the widget keeps its height under typed text")
            view.placeholder = ""
            gtk_widget_measure(
                view.widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(view.widget), &minimum, nil, nil, nil)
            XCTAssertLessThan(minimum, 60, "no placeholder, no room kept for one")
        }
    }
}
