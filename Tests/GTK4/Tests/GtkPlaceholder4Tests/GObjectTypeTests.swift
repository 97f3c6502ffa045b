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

    func testUIFileLoadsAndBehavesLikeSwift() {
        onMain {
            PlaceholderTextView.registerType()
            let ui = """
                <interface>
                  <object class="GtkWindow" id="window">
                    <child>
                      <object class="PlaceholderTextView" id="compose">
                        <property name="placeholder-text">分享新鲜事…</property>
                        <property name="font">DejaVu Sans 15</property>
                        <property name="placeholder-color">#cc2222</property>
                        <child internal-child="text_view">
                          <object class="GtkTextView">
                            <property name="left-margin">7</property>
                          </object>
                        </child>
                      </object>
                    </child>
                  </object>
                </interface>
                """
            let builder = gtk_builder_new_from_string(ui, -1)!
            defer { g_object_unref(builder.asGPointer) }
            let widget = gtk_builder_get_object(builder, "compose")!.cast(to: GtkWidget.self)
            guard let view = PlaceholderTextView.forWidget(widget) else { return XCTFail("no Swift side") }
            XCTAssertEqual(view.placeholder, "分享新鲜事…")
            XCTAssertEqual(view.font, "DejaVu Sans 15")
            XCTAssertEqual(view.placeholderColor?.red ?? 0, 0.8, accuracy: 0.01)
            XCTAssertEqual(gtk_text_view_get_left_margin(view.textView), 7, "internal child configured")
            XCTAssertTrue(view.isPlaceholderVisible)
            view.text = "typed"
            XCTAssertFalse(Property.bool(widget, "placeholder-visible"))
            let window = gtk_builder_get_object(builder, "window")!.cast(to: GtkWindow.self)
            gtk_window_destroy(window)
        }
    }

    func testNotificationsFireOncePerChange() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            var notified: [String] = []
            for name in ["placeholder-text", "placeholder-color", "font", "hides-placeholder", "placeholder-visible"] {
                Signal.onNotify(view.widget, name) { notified.append(name) }
            }
            view.placeholder = "q"
            view.placeholder = "q"
            Property.set(view.widget, "placeholder-text", "r")
            view.font = "Sans 12"
            view.font = "Sans 12"
            view.placeholderColor = GdkRGBA(red: 1, green: 0, blue: 0, alpha: 1)
            view.placeholderColor = GdkRGBA(red: 1, green: 0, blue: 0, alpha: 1)
            view.hidesPlaceholder = true
            view.hidesPlaceholder = true
            view.hidesPlaceholder = false
            view.text = "x"
            XCTAssertEqual(
                notified,
                [
                    "placeholder-text", "placeholder-text", "font", "placeholder-color", "placeholder-visible",
                    "hides-placeholder", "placeholder-visible", "hides-placeholder", "placeholder-visible",
                ])
            XCTAssertEqual(Property.string(view.widget, "placeholder-text"), "r")
            XCTAssertEqual(Property.string(view.widget, "font"), "Sans 12")
        }
    }

}
