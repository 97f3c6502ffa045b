import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// When the placeholder shows, GTK 4's way where it differs (the rest: Tests/PlaceholderBehaviours).
final class VisibilityTests: Gtk4TestCase {
    /// GTK 4's clipboard is asynchronous: the paste lands a main-loop turn later, through the text
    /// view's own "clipboard.paste" action, and hides the placeholder then.
    func testPasteHidesPlaceholder() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            gdk_clipboard_set_text(gtk_widget_get_clipboard(view.textView.asWidget), "pasted")
            XCTAssertEqual(gtk_widget_activate_action_variant(view.textView.asWidget, "clipboard.paste", nil), 1)
            XCTAssertTrue(Loop.iterate(until: { view.text == "pasted" }), "the paste arrived: \(view.text)")
            XCTAssertFalse(view.isPlaceholderVisible)
        }
    }

    /// Ctrl+Shift+U starts a real GtkIMContextSimple composition: preedit text not in the buffer.
    func testHiddenWhileInputMethodComposes() {
        onMain {
            let view = PlaceholderTextView(placeholder: "分享新鲜事…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(window.focus(), "the test window got the X input focus")
            gtk_widget_grab_focus(view.widget)
            XCTAssertEqual(gtk_widget_has_focus(view.textView.asWidget), 1, "grabbing the widget focuses the text view")

            window.key("ctrl+shift+u")
            XCTAssertTrue(view.isComposing, "the input method is composing")
            XCTAssertEqual(view.text, "", "the composition is not in the buffer")
            XCTAssertFalse(view.isPlaceholderVisible, "hidden under the composition")
            window.type("4e2d")
            XCTAssertTrue(view.isComposing)
            window.key("Escape")
            XCTAssertFalse(view.isComposing)
            XCTAssertTrue(view.isPlaceholderVisible, "cancelled composition, empty buffer")

            window.key("ctrl+shift+u")
            window.type("4e2d")
            window.key("space")
            XCTAssertTrue(view.text.hasPrefix("中"), "the composition was committed: \(view.text)")
            XCTAssertFalse(view.isComposing)
            XCTAssertFalse(view.isPlaceholderVisible, "committed text")
        }
    }

    /// `init(textView:placeholder:)` wraps the app's own text view (a GtkSourceView 5 view, say) with
    /// its buffer, settings and text as they are.
    func testWrapsAGivenTextViewAsItIs() {
        onMain {
            let buffer = gtk_text_buffer_new(nil)!
            gtk_text_buffer_set_text(buffer, "draft", -1)
            let given = gtk_text_view_new_with_buffer(buffer)!.cast(to: GtkTextView.self)
            g_object_unref(buffer.asGPointer)
            gtk_text_view_set_left_margin(given, 12)
            gtk_text_view_set_wrap_mode(given, GTK_WRAP_NONE)
            let view = PlaceholderTextView(textView: given, placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertEqual(view.textView, given)
            XCTAssertEqual(view.buffer, buffer, "its buffer kept")
            XCTAssertEqual(gtk_text_view_get_wrap_mode(given), GTK_WRAP_NONE, "its settings kept")
            XCTAssertEqual(gtk_scrolled_window_get_child(view.scrolledWindow), given.asWidget, "in the scrolled window")
            XCTAssertFalse(view.isPlaceholderVisible, "its text hides the placeholder")
            view.text = ""
            XCTAssertTrue(view.isPlaceholderVisible)
            let (placeholderInk, typedInk) = PositionTests.inkBoxes(of: view, in: window)
            guard let placeholderInk, let typedInk else { return XCTFail("nothing drawn") }
            XCTAssertTrue(placeholderInk.agrees(with: typedInk), "at its margin: \(placeholderInk) vs \(typedInk)")
            XCTAssertGreaterThanOrEqual(placeholderInk.minX, 12)
        }
    }

    /// Typing the 2nd…Nth character must not measure or allocate the label again: GtkLabel's own
    /// measure and size_allocate are counted (for this label only) by wrapping its class's vfuncs.
    func testTypingCausesNoLabelRelayoutAfterTheFirstCharacter() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(window.focus())
            gtk_widget_grab_focus(view.textView.asWidget)
            let counter = LabelLayoutCounter(watching: view.placeholderLabel.asWidget)
            defer { counter.stop() }
            var transitions = 0
            view.onPlaceholderVisibilityChanged = { _ in transitions += 1 }

            window.type("a")
            let afterFirst = counter.count
            window.type(String(repeating: "b", count: 60))
            XCTAssertEqual(view.text.count, 61)
            XCTAssertEqual(counter.count, afterFirst, "characters 2…61 measured or allocated the label")
            XCTAssertEqual(transitions, 1, "one visibility change, on the first character")
            view.text = ""
            window.settle()
            XCTAssertEqual(gtk_widget_get_mapped(view.placeholderLabel.asWidget), 1, "shown again")
            // Shown again at the size it had, the label needs no new layout (GTK keeps it); a new
            // text does: the counter sees that.
            let beforeNewText = counter.count
            view.placeholder = "Something else to say"
            window.settle()
            XCTAssertGreaterThan(counter.count, beforeNewText, "the counter sees the label laid out")
        }
    }
}

/// Counts GtkLabel measure/size_allocate calls for one label, by swapping GtkLabel's class vfuncs
/// for counting ones that chain to the originals (restored by `stop()`).
@MainActor
final class LabelLayoutCounter {
    typealias Measure =
        @convention(c) (
            UnsafeMutablePointer<GtkWidget>?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Void
    typealias Allocate = @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32) -> Void
    nonisolated(unsafe) static var watched: UnsafeMutablePointer<GtkWidget>?
    nonisolated(unsafe) static var calls = 0
    nonisolated(unsafe) static var originalMeasure: Measure?
    nonisolated(unsafe) static var originalAllocate: Allocate?
    private let labelClass: UnsafeMutablePointer<GtkWidgetClass>

    init(watching label: UnsafeMutablePointer<GtkWidget>) {
        labelClass = g_type_class_ref(gtk_label_get_type())!.assumingMemoryBound(to: GtkWidgetClass.self)
        Self.watched = label
        Self.calls = 0
        Self.originalMeasure = labelClass.pointee.measure
        Self.originalAllocate = labelClass.pointee.size_allocate
        labelClass.pointee.measure = {
            widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            if widget == LabelLayoutCounter.watched { LabelLayoutCounter.calls += 1 }
            LabelLayoutCounter.originalMeasure?(
                widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
        }
        labelClass.pointee.size_allocate = { widget, width, height, baseline in
            if widget == LabelLayoutCounter.watched { LabelLayoutCounter.calls += 1 }
            LabelLayoutCounter.originalAllocate?(widget, width, height, baseline)
        }
    }

    var count: Int { Self.calls }

    func stop() {
        labelClass.pointee.measure = Self.originalMeasure
        labelClass.pointee.size_allocate = Self.originalAllocate
        g_type_class_unref(labelClass)
        Self.watched = nil
    }
}
