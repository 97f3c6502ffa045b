import PlaceholderTestSupport
import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// The placeholder's ink sits where the same string typed would be drawn (within 1 px), in each
/// toolkit's own rendering, and a long one wraps inside the text area.
final class SharedPositionTests: BehaviourTestCase {
    /// Ink of the placeholder and of the same string typed, each against the empty view.
    @MainActor
    static func inkBoxes(of view: PlaceholderTextView, in window: TestWindow) -> (placeholder: InkBox?, typed: InkBox?)
    {
        // The caret moves as text is typed: leave it out of the comparison (a cursor-only redraw).
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
                "\(name): nothing drawn (placeholder \(String(describing: placeholderInk)), typed \(String(describing: typedInk)))",
                file: file, line: line)
        }
        XCTAssertTrue(
            placeholderInk.agrees(with: typedInk), "\(name): placeholder ink \(placeholderInk), typed ink \(typedInk)",
            file: file, line: line)
    }

    func testDefaultSettings() {
        onMain { Self.assertPlaceholderMatchesTyped("default") }
    }

    func testSeedInsetsAsMargins() {
        onMain {
            for (x, y) in [(5, 8), (4, 7), (10, 10)] as [(Int32, Int32)] {
                Self.assertPlaceholderMatchesTyped("inset (\(x), \(y))", font: "DejaVu Sans 15") { view in
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
            Self.assertPlaceholderMatchesTyped("indent 24") { gtk_text_view_set_indent($0.textView, 24) }
            Self.assertPlaceholderMatchesTyped("pixels-above-lines 13") {
                gtk_text_view_set_pixels_above_lines($0.textView, 13)
            }
        }
    }

    func testCSSPaddingAndBorderAndFramedScrolledWindow() {
        onMain {
            let css = "textview { padding: 7px 11px 5px 9px; } scrolledwindow { border: 4px solid #888; padding: 3px; }"
            Toolkit.withDisplayCSS(css) {
                Self.assertPlaceholderMatchesTyped("CSS padding and border") { Toolkit.frame($0.scrolledWindowWidget) }
            }
        }
    }

    func testCentreAndRightJustification() {
        onMain {
            Self.assertPlaceholderMatchesTyped("centre") {
                gtk_text_view_set_justification($0.textView, GTK_JUSTIFY_CENTER)
            }
            Self.assertPlaceholderMatchesTyped("right") {
                gtk_text_view_set_justification($0.textView, GTK_JUSTIFY_RIGHT)
                gtk_text_view_set_right_margin($0.textView, 8)
            }
        }
    }

    func testRightToLeft() {
        onMain {
            Self.assertPlaceholderMatchesTyped("Hebrew in an RTL view", placeholder: "שתפו משהו חדש…") {
                gtk_widget_set_direction($0.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
            Self.assertPlaceholderMatchesTyped("Arabic in an LTR view", placeholder: "شارك شيئا جديدا…") {
                gtk_text_view_set_left_margin($0.textView, 5)
                gtk_text_view_set_right_margin($0.textView, 12)
            }
            Self.assertPlaceholderMatchesTyped("Latin in an RTL view", placeholder: "Share something") {
                gtk_widget_set_direction($0.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
            Self.assertPlaceholderMatchesTyped("neutral digits in an RTL view", placeholder: "123 …") {
                gtk_widget_set_direction($0.textView.asWidget, GTK_TEXT_DIR_RTL)
            }
        }
    }

    /// Packed into a window that is already on screen, the view is realized before it has a size
    /// (GTK 3's overlay asks where the label goes then, and is told nothing measured): its first
    /// allocation places the label, in the text view's font.
    func testPackedIntoAWindowAlreadyOnScreen() {
        onMain {
            let window = TestWindow(nil, width: 360, height: 160)
            defer { window.close() }
            let view = PlaceholderTextView(placeholder: "Share something new…")
            view.font = "DejaVu Sans 15"
            gtk_text_view_set_left_margin(view.textView, 9)
            window.pack(view.widget)
            XCTAssertNotEqual(gtk_widget_get_realized(view.widget), 0, "packed into a realized window")
            let (placeholderInk, typedInk) = Self.inkBoxes(of: view, in: window)
            guard let placeholderInk, let typedInk else {
                return XCTFail("nothing drawn (placeholder \(String(describing: placeholderInk)))")
            }
            XCTAssertTrue(placeholderInk.agrees(with: typedInk), "placeholder ink \(placeholderInk), typed \(typedInk)")
        }
    }

    func testChangingMarginsLiveMovesThePlaceholder() {
        onMain {
            Self.assertPlaceholderMatchesTyped("margins changed after mapping") { view in
                Loop.waitForFrames(view.widget)
                gtk_text_view_set_left_margin(view.textView, 30)
                gtk_text_view_set_top_margin(view.textView, 20)
            }
        }
    }

    /// While text hides the placeholder its position is not recomputed; it must still be right
    /// when the text goes.
    func testChangesWhileHiddenApplyWhenShownAgain() {
        onMain {
            Self.assertPlaceholderMatchesTyped("margins, spacing and font changed under text") { view in
                view.text = "typed"
                Loop.waitForFrames(view.widget)
                gtk_text_view_set_left_margin(view.textView, 25)
                gtk_text_view_set_pixels_above_lines(view.textView, 9)
                view.font = "DejaVu Serif 18"
                Loop.waitForFrames(view.widget)
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
            let window = TestWindow(view.widget, width: 300, height: 40)
            defer { window.close() }
            window.settle()

            let label = Toolkit.bounds(of: view.placeholderLabelWidget, in: view.widget)
            let viewWidth = Toolkit.width(view.widget)
            XCTAssertLessThanOrEqual(label.x + label.width, viewWidth - 8, "never wider than the text area")
            XCTAssertGreaterThanOrEqual(label.x, 8)
            let layout = gtk_label_get_layout(Toolkit.label(view))
            XCTAssertGreaterThan(pango_layout_get_line_count(layout), 3, "wraps")
            XCTAssertEqual(pango_layout_is_ellipsized(layout), 0, "never ellipsized")
            var logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, nil, &logical)
            XCTAssertLessThanOrEqual(logical.width, label.width, "every wrapped line fits")

            let minimum = Toolkit.minimumHeight(of: view.widget)
            XCTAssertGreaterThanOrEqual(minimum, label.y + label.height, "the minimum height covers the placeholder")
            XCTAssertLessThanOrEqual(label.y + label.height, Toolkit.height(view.widget), "all of it is on screen")

            // Ink agrees with the same text typed, line breaks included, inside the margins.
            let (placeholderInk, typedInk) = Self.inkBoxes(of: view, in: window)
            guard let placeholderInk, let typedInk else { return XCTFail("nothing drawn") }
            XCTAssertTrue(placeholderInk.agrees(with: typedInk), "wrapped: \(placeholderInk) vs \(typedInk)")
            XCTAssertGreaterThanOrEqual(placeholderInk.minX, 8)
            XCTAssertLessThan(placeholderInk.maxX, Int(viewWidth) - 8)
            XCTAssertGreaterThan(placeholderInk.maxY - placeholderInk.minY, 80, "several lines drawn")

            // The room stays while text hides the placeholder: no jump under the first character.
            view.text = "typed"
            window.settle()
            XCTAssertEqual(Toolkit.minimumHeight(of: view.widget), minimum, "the widget keeps its height under text")
            view.placeholder = ""
            XCTAssertLessThan(Toolkit.minimumHeight(of: view.widget), 60, "no placeholder, no room kept for one")
        }
    }

    /// The placeholder moves with the text when the view scrolls (an app may scroll an empty view).
    func testFollowsScrolling() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget, width: 300, height: 120)
            defer { window.close() }
            gtk_scrolled_window_set_min_content_height(Toolkit.scrolledWindow(view), 60)
            gtk_scrolled_window_set_max_content_height(Toolkit.scrolledWindow(view), 60)
            gtk_widget_set_vexpand(view.widget, 0)
            gtk_text_view_set_pixels_below_lines(view.textView, 400)  // room to scroll with an empty buffer
            gtk_text_view_set_top_margin(view.textView, 20)
            window.settle()
            let (before, _) = Self.inkBoxes(of: view, in: window)
            let adjustment = gtk_scrolled_window_get_vadjustment(Toolkit.scrolledWindow(view))
            gtk_adjustment_set_value(adjustment, 10)
            let (after, typed) = Self.inkBoxes(of: view, in: window)
            guard let before, let after, let typed else { return XCTFail("nothing drawn") }
            XCTAssertEqual(after.minY, before.minY - 10, "moved up with the text")
            XCTAssertTrue(after.agrees(with: typed), "\(after) vs typed \(typed)")

            // A replaced adjustment (the app's own) is followed too.
            let replacement = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
            gtk_scrolled_window_set_vadjustment(Toolkit.scrolledWindow(view), replacement)
            window.settle()
            gtk_adjustment_set_value(replacement, 4)
            let (moved, typedThen) = Self.inkBoxes(of: view, in: window)
            guard let moved, let typedThen else { return XCTFail("nothing drawn after the swap") }
            XCTAssertTrue(moved.agrees(with: typedThen), "with the new adjustment: \(moved) vs typed \(typedThen)")
            XCTAssertNotEqual(moved.minY, before.minY, "scrolled by the new adjustment")
        }
    }
}
