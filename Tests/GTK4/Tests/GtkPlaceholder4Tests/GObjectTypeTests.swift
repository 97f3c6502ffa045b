import GtkPlaceholder4
import XCTest

/// The GObject type `PlaceholderTextView` in GTK 4: the same properties as GTK 3's, for GtkBuilder,
/// C and GtkInspector.
final class GObjectTypeTests: Gtk4TestCase {
    func testTheTypeIsRegisteredOnceAsAWidgetSubclass() {
        onMain {
            let type = PlaceholderTextView.registerType()
            XCTAssertEqual(PlaceholderTextView.registerType(), type)
            XCTAssertEqual(g_type_parent(type), gtk_widget_get_type())
            XCTAssertEqual(String(cString: g_type_name(type)), "PlaceholderTextView")
            let view = PlaceholderTextView(placeholder: "p")
            XCTAssertEqual(g_type_check_instance_is_a(view.widget.cast(), type), 1)
        }
    }

}
