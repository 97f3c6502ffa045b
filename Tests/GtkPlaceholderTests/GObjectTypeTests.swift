import GLibSwift
import GtkPlaceholder
import XCTest

/// Issue #6: PlaceholderTextView is a registered GObject type; Swift, C (g_object_get/set) and
/// GtkBuilder .ui files all see one object.
final class GObjectTypeTests: GtkTestCase {
    @MainActor
    static func load(_ text: String) throws -> Interface {
        PlaceholderTextView.registerType()
        return try Interface(text)
    }

    func testTheTypeIsRegisteredOnceAsAnOverlaySubclass() {
        onMain {
            let type = PlaceholderTextView.registerType()
            XCTAssertEqual(PlaceholderTextView.registerType(), type, "idempotent")
            XCTAssertEqual(String(cString: g_type_name(type)), "PlaceholderTextView")
            XCTAssertEqual(g_type_is_a(type, gtk_overlay_get_type()), 1)
            let view = PlaceholderTextView(placeholder: "p")
            XCTAssertEqual(g_type_check_instance_is_a(view.widget.cast(), type), 1, "Swift's widget is that type")
            let names = Set(PlaceholderTextViewPropertyNames.all)
            var count: guint = 0
            let specs = g_object_class_list_properties(g_type_class_peek(type).cast(), &count)!
            defer { g_free(specs) }
            let installed = Set((0..<Int(count)).map { String(cString: specs[$0]!.pointee.name) })
            XCTAssertTrue(names.isSubset(of: installed), "missing: \(names.subtracting(installed))")
        }
    }

    /// A text-view that already has a parent is refused with a warning (not stolen from its parent).
    func testATextViewWithAParentIsNotTaken() throws {
        try onMain {
            let ui = try GObjectTypeTests.load(
                """
                <interface>
                  <object class="GtkScrolledWindow" id="elsewhere"><child><object class="GtkTextView" id="taken"/></child></object>
                  <object class="PlaceholderTextView" id="view"><property name="text-view">taken</property></object>
                </interface>
                """)
            let taken = try ui.object("taken")
            let view = PlaceholderTextView.forWidget(try ui.object("view"))!
            XCTAssertNotEqual(view.textView.asWidget, taken)
            XCTAssertEqual(gtk_widget_get_parent(taken), try ui.object("elsewhere"))
            XCTAssertEqual(gtk_widget_get_parent(view.textView.asWidget), view.scrolledWindow.asWidget)
        }
    }

    /// 10,000 .ui loads, each realized in a window and destroyed: every GObject finalized, no Swift
    /// object left.
    func testBuilderLoadDestroyLoopLeaksNothing() throws {
        try onMain {
            let window = TestWindow()
            defer { window.close() }
            let interface = """
                <interface>
                  <object class="PlaceholderTextView" id="view">
                    <property name="visible">True</property>
                    <property name="placeholder-text">Share something new…</property>
                    <child internal-child="text_view"><object class="GtkTextView"><property name="left-margin">5</property></object></child>
                  </object>
                </interface>
                """
            let finalizedBefore = Finalizations.count
            var swiftSurvivors = 0
            var unrealized = 0
            for _ in 0..<SharedLifetimeTests.cycles {
                weak var weakView: PlaceholderTextView?
                do {
                    let ui = try GObjectTypeTests.load(interface)
                    let widget = try ui.object("view")
                    let view = PlaceholderTextView.forWidget(widget)!
                    weakView = view
                    Finalizations.watchAll(view)
                    gtk_container_add(window.box.asContainer, widget)
                    if gtk_widget_get_realized(view.placeholderLabel.asWidget) == 0 { unrealized += 1 }
                    gtk_widget_destroy(widget)
                }
                if weakView != nil { swiftSurvivors += 1 }
            }
            XCTAssertEqual(unrealized, 0)
            XCTAssertEqual(swiftSurvivors, 0, "Swift objects outliving their widget")
            XCTAssertEqual(Finalizations.count - finalizedBefore, 5 * SharedLifetimeTests.cycles, "GObjects finalized")
        }
    }
}
