import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// GTK 4 measures as gtktext.c measures its placeholder: from the style and the text view, never
/// from what the last allocation left, and without changing a child. The label's CSS name is
/// GtkText's placeholder's.
final class MeasureTests: Gtk4TestCase {
    /// A wrapping placeholder in a framed, padded view: its height for a width is the same before
    /// any allocation as after one at another width.
    func testMeasureReadsNothingTheLastAllocationLeft() {
        onMain {
            let style = DisplayCSS("textview.measured { padding: 9px 13px; border: 3px solid black; }")
            defer { style.remove() }
            let view = PlaceholderTextView(
                placeholder: String(repeating: "Share something new with everyone who follows you. ", count: 4))
            gtk_widget_add_css_class(view.textView.asWidget, "measured")
            gtk_scrolled_window_set_has_frame(Toolkit.scrolledWindow(view), 1)
            gtk_text_view_set_top_margin(view.textView, 6)
            gtk_text_view_set_bottom_margin(view.textView, 4)
            @MainActor func height(forWidth width: Int32) -> Int32 {
                var natural: Int32 = 0
                gtk_widget_measure(view.widget, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
                return natural
            }
            let window = TestWindow()
            defer { window.close() }
            window.pack(view.widget)
            let beforeAllocation = height(forWidth: 260)
            gtk_window_set_default_size(window.window.cast(), 520, 300)
            window.settle()
            XCTAssertGreaterThan(gtk_widget_get_width(view.widget), 400, "allocated at another width")
            XCTAssertEqual(height(forWidth: 260), beforeAllocation, "the same answer after an allocation")
            XCTAssertGreaterThan(beforeAllocation, height(forWidth: 500), "narrower wraps into more lines")
        }
    }

    /// Measuring after a font change touches no child: the label follows the font when the widget
    /// is allocated, and is drawn with it on the next frame.
    func testMeasureChangesNoChild() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            view.font = "DejaVu Serif 22"  // CSS on the text view: its style changes on the next frame
            var labelChanges = 0
            let connection = Signal.connect(
                view.placeholderLabelWidget, "notify", withArgument: { _ in labelChanges += 1 })
            defer { connection.disconnect() }
            var natural: Int32 = 0
            gtk_widget_measure(view.widget, GTK_ORIENTATION_VERTICAL, 300, nil, &natural, nil, nil)
            gtk_widget_measure(view.widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
            XCTAssertEqual(labelChanges, 0, "measuring changed the label")
            window.settle()
            XCTAssertGreaterThan(labelChanges, 0, "the label followed the font when allocated")
            let attributes = gtk_label_get_attributes(Toolkit.label(view)).flatMap { pango_attr_list_to_string($0) }
            defer { g_free(attributes) }
            let followed = attributes.map { String(cString: $0) } ?? ""
            XCTAssertTrue(followed.contains("DejaVu Serif"), followed)
        }
    }

    /// GtkText's placeholder is a label with the CSS name "placeholder": ours too, so a theme's
    /// `placeholder { … }` styles both.
    func testTheLabelHasGtkTextsPlaceholderCSSName() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(view.placeholderLabelWidget)), "placeholder")
            let style = DisplayCSS("placeholder.themed { color: rgb(0, 128, 0); }")
            defer { style.remove() }
            gtk_widget_add_css_class(view.placeholderLabelWidget, "themed")
            let window = TestWindow(view.widget)
            defer { window.close() }
            var color = GdkRGBA()
            gtk_style_context_get_color(gtk_widget_get_style_context(view.placeholderLabelWidget), &color)
            XCTAssertEqual(color.green, 128.0 / 255, accuracy: 0.01, "the theme's placeholder rule applies")
            XCTAssertEqual(color.red, 0, accuracy: 0.01)
        }
    }
}

/// An application style sheet on the default display until `remove()`.
@MainActor
struct DisplayCSS {
    private let provider = gtk_css_provider_new()!

    init(_ css: String) {
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    func remove() {
        gtk_style_context_remove_provider_for_display(gdk_display_get_default(), OpaquePointer(provider))
        g_object_unref(provider.asGPointer)
    }
}
