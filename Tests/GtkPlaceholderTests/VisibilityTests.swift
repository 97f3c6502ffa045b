import GtkPlaceholder
import PlaceholderGtk3Glue
import PlaceholderGtk3TestSupport
import XCTest

/// GTK 3's overlay beyond the shared behaviours (Tests/PlaceholderBehaviours).
final class VisibilityTests: GtkTestCase {
    /// An app's own overlay on the widget keeps being allocated while the placeholder is hidden.
    func testAnAppsOwnOverlayIsStillAllocatedWhileThePlaceholderIsHidden() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            let badge = gtk_label_new("12")!
            gtk_widget_set_halign(badge, GTK_ALIGN_END)
            gtk_widget_set_valign(badge, GTK_ALIGN_END)
            gtk_overlay_add_overlay(view.widget.cast(), badge)
            gtk_widget_show(badge)
            let window = TestWindow(view.widget, width: 300, height: 160)
            defer { window.close() }
            view.text = "typed"
            window.settle()
            // Overlay children sit in their own GdkWindow: compare positions in the window.
            @MainActor func origin() -> (x: gint, y: gint) {
                var x: gint = 0
                var y: gint = 0
                gtk_widget_translate_coordinates(badge, window.window, 0, 0, &x, &y)
                return (x, y)
            }
            let before = origin()
            gtk_window_resize(window.window.cast(), 400, 220)
            MainLoop.iterate(until: { gtk_widget_get_allocated_width(view.widget) >= 390 })
            window.settle()
            let after = origin()
            XCTAssertGreaterThan(after.x, before.x + 90, "the badge follows the bottom-right corner")
            XCTAssertGreaterThan(after.y, before.y + 50)
        }
    }
}
