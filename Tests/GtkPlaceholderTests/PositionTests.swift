import GLibSwift
import GtkPlaceholder
import GtkTestSupport
import PlaceholderTestSupport
import XCTest

/// Behaviour 3 and 5: the placeholder's ink sits where the same string typed would be drawn, and a
/// long one wraps inside the text area.
final class PositionTests: GtkTestCase {
    /// Ink of the placeholder and of the same string typed, each against the empty view.
    @MainActor
    static func inkBoxes(
        of view: PlaceholderTextView, in window: TestWindow, settleFirst: Bool = true
    ) -> (placeholder: InkBox?, typed: InkBox?) {
        // The caret moves as text is typed: leave it out of the comparison (a cursor-only redraw).
        gtk_text_view_set_cursor_visible(view.textView, 0)
        defer { gtk_text_view_set_cursor_visible(view.textView, 1) }
        if settleFirst { window.settle() }
        let shown = Snapshot(view.widget)
        view.hidesPlaceholder = true
        window.settle()
        let blank = Snapshot(view.widget)
        view.text = view.placeholder
        window.settle()
        let typed = Snapshot(view.widget)
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
        let (placeholderInk, typedInk) = PositionTests.inkBoxes(of: view, in: window)
        guard let placeholderInk, let typedInk else {
            return XCTFail(
                "\(name): nothing drawn (placeholder \(String(describing: placeholderInk)), typed \(String(describing: typedInk)))",
                file: file, line: line)
        }
        XCTAssertTrue(
            placeholderInk.agrees(with: typedInk), "\(name): placeholder ink \(placeholderInk), typed ink \(typedInk)",
            file: file, line: line)
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
            let provider = gtk_css_provider_new()!
            let css = "textview { padding: 7px 11px 5px 9px; } scrolledwindow { border: 4px solid #888; padding: 3px; }"
            gtk_css_provider_load_from_data(provider, css, -1, nil)
            let screen = gdk_screen_get_default()
            gtk_style_context_add_provider_for_screen(
                screen, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            defer {
                gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider))
                g_object_unref(provider.asGPointer)
            }
            PositionTests.assertPlaceholderMatchesTyped("CSS padding and border") { view in
                gtk_scrolled_window_set_shadow_type(view.scrolledWindow, GTK_SHADOW_IN)
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
                view in
                gtk_widget_set_direction(view.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
            PositionTests.assertPlaceholderMatchesTyped("Arabic in an LTR view", placeholder: "شارك شيئا جديدا…") {
                view in
                gtk_text_view_set_left_margin(view.textView, 5)
                gtk_text_view_set_right_margin(view.textView, 12)
            }
            PositionTests.assertPlaceholderMatchesTyped("Latin in an RTL view", placeholder: "Share something") {
                view in
                gtk_widget_set_direction(view.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
            PositionTests.assertPlaceholderMatchesTyped("neutral digits in an RTL view", placeholder: "123 …") { view in
                gtk_widget_set_direction(view.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
        }
    }

    func testChangingMarginsLiveMovesThePlaceholder() {
        onMain {
            PositionTests.assertPlaceholderMatchesTyped("margins changed after mapping") { view in
                MainLoop.waitForFrames(view.widget)
                gtk_text_view_set_left_margin(view.textView, 30)
                gtk_text_view_set_top_margin(view.textView, 20)
            }
        }
    }

    /// While text hides the placeholder its position is not recomputed; it must still be right
    /// when the text goes.
    func testChangesWhileHiddenApplyWhenShownAgain() {
        onMain {
            PositionTests.assertPlaceholderMatchesTyped("margins, spacing and font changed under text") { view in
                view.text = "typed"
                MainLoop.waitForFrames(view.widget)
                gtk_text_view_set_left_margin(view.textView, 25)
                gtk_text_view_set_pixels_above_lines(view.textView, 9)
                view.font = "DejaVu Serif 18"
                MainLoop.waitForFrames(view.widget)
                view.text = ""
            }
        }
    }

    func testLongPlaceholderWrapsAndSetsMinimumHeight() {
        onMain {
            let words = Array(repeating: "placeholder", count: 30).joined(separator: " ")
            let view = PlaceholderTextView(placeholder: words)
            gtk_text_view_set_left_margin(view.textView, 8)
            gtk_text_view_set_right_margin(view.textView, 8)
            let window = TestWindow(view.widget, width: 240, height: 40)
            defer { window.close() }
            window.settle()

            var label = GtkAllocation()
            gtk_widget_get_allocation(view.placeholderLabel.asWidget, &label)
            // Overlay children live in their own GdkWindow: ask where the label is in the widget.
            gtk_widget_translate_coordinates(view.placeholderLabel.asWidget, view.widget, 0, 0, &label.x, &label.y)
            let viewWidth = gtk_widget_get_allocated_width(view.widget)
            XCTAssertLessThanOrEqual(label.x + label.width, viewWidth - 8, "never wider than the text area")
            XCTAssertGreaterThanOrEqual(label.x, 8)
            let layout = gtk_label_get_layout(view.placeholderLabel)
            XCTAssertGreaterThan(pango_layout_get_line_count(layout), 3, "wraps")
            XCTAssertEqual(pango_layout_is_ellipsized(layout), 0, "never ellipsized")
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, nil, &logical)
            XCTAssertLessThanOrEqual(logical.width, label.width, "every wrapped line fits")

            var minimum: gint = 0
            gtk_widget_get_preferred_height(view.widget, &minimum, nil)
            XCTAssertGreaterThanOrEqual(minimum, label.y + label.height, "the minimum height covers the placeholder")
            XCTAssertLessThanOrEqual(
                label.y + label.height, gtk_widget_get_allocated_height(view.widget), "all of it is on screen")

            // Ink agrees with the same text typed, line breaks included.
            let (placeholderInk, typedInk) = PositionTests.inkBoxes(of: view, in: window)
            XCTAssertNotNil(placeholderInk)
            if let placeholderInk, let typedInk {
                XCTAssertTrue(placeholderInk.agrees(with: typedInk), "wrapped: \(placeholderInk) vs \(typedInk)")
            }
        }
    }
}
