import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// The GObject type as C, GtkBuilder and other languages see it, the same on GTK 3 and GTK 4.
final class SharedGObjectTypeTests: BehaviourTestCase {
    /// `g_object_new` with no properties and with the construct-only "text-view", and GtkBuilder:
    /// each instance gets its Swift side, as the toolkit's own widgets behave.
    func testObjectsMadeByCGetTheirSwiftSide() {
        onMain {
            let type = PlaceholderTextView.registerType()
            let widget = g_object_new_with_properties(type, 0, nil, nil)!.cast(to: GtkWidget.self)
            XCTAssertEqual(g_object_is_floating(widget.asGPointer), 1, "the caller's reference stays floating")
            let finalizedBefore = Finalizations.count
            do {
                let view = PlaceholderTextView.forWidget(widget)
                XCTAssertNotNil(view)
                view.map(Finalizations.watchAll)
                Property.set(widget, "placeholder-text", "from C")
                XCTAssertEqual(view?.placeholder, "from C")
            }
            let anyNewWidget = gtk_label_new(nil)!
            g_object_ref_sink(anyNewWidget.asGPointer)
            XCTAssertEqual(
                gtk_widget_get_visible(widget), gtk_widget_get_visible(anyNewWidget),
                "visible or not when made, as any new widget of its toolkit")
            g_object_unref(anyNewWidget.asGPointer)
            let window = TestWindow(widget)
            XCTAssertEqual(gtk_widget_get_mapped(PlaceholderTextView.forWidget(widget)!.placeholderLabel.asWidget), 1)
            // Only the window holds it now (the Swift side is the widget's): it goes with the window.
            window.close()
            XCTAssertEqual(Finalizations.count - finalizedBefore, 5, "all finalized with the window")

            let textView = gtk_text_view_new()!
            g_object_ref_sink(textView.asGPointer)
            var value = GValue()
            g_value_init(&value, gtk_text_view_get_type())
            g_value_set_object(&value, textView.asGPointer)
            let made = withCStringArray(["text-view"]) { names in
                names.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: 1) {
                    g_object_new_with_properties(type, 1, $0, &value)!
                }
            }
            g_value_unset(&value)
            g_object_ref_sink(made.asGPointer)
            XCTAssertEqual(
                PlaceholderTextView.forWidget(made.cast())?.textView, textView.cast(),
                "the given text view is the one wrapped")
            g_object_unref(made.asGPointer)
            g_object_unref(textView.asGPointer)

            let ui = "<interface><object class=\"PlaceholderTextView\" id=\"v\"/></interface>"
            let builder = gtk_builder_new_from_string(ui, -1)!
            let fromBuilder = gtk_builder_get_object(builder, "v")!.cast(to: GtkWidget.self)
            XCTAssertNotNil(PlaceholderTextView.forWidget(fromBuilder), "GtkBuilder-made instance")
            g_object_unref(builder.asGPointer)
        }
    }
}
