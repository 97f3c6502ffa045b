import PlaceholderGObjectTestSupport
import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// The GObject type as C, GtkBuilder and other languages see it, the same on GTK 3 and GTK 4.
final class SharedGObjectTypeTests: BehaviourTestCase {
    /// Registered once, under the name .ui files use, as a subclass of the toolkit's widget
    /// (Toolkit.placeholderParentType: GtkOverlay on GTK 3, GtkWidget on GTK 4), with every property.
    func testTheTypeIsRegisteredOnceWithEveryProperty() {
        onMain {
            let type = PlaceholderTextView.registerType()
            XCTAssertEqual(PlaceholderTextView.registerType(), type, "idempotent")
            XCTAssertEqual(String(cString: g_type_name(type)), "PlaceholderTextView")
            XCTAssertEqual(g_type_parent(type), Toolkit.placeholderParentType)
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
            XCTAssertEqual(gtk_widget_get_mapped(PlaceholderTextView.forWidget(widget)!.placeholderLabelWidget), 1)
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

    /// A .ui-built view behaves like a Swift-built one: same placeholder, font, colour, margins
    /// (internal child), hidden by typing, shown again when cleared, ink where the typed text goes;
    /// the text-view and hides-placeholder properties from a .ui file.
    func testUIFileLoadsAndBehavesLikeSwift() {
        onMain {
            PlaceholderTextView.registerType()
            // Valid for GtkBuilder in both toolkits: no GTK 3 <packing>, no GTK 4-only properties.
            let ui = """
                <interface>
                  <object class="GtkTextView" id="given"/>
                  <object class="GtkBox" id="box">
                    <property name="visible">True</property>
                    <property name="orientation">vertical</property>
                    <child>
                      <object class="PlaceholderTextView" id="compose">
                        <property name="visible">True</property>
                        <property name="vexpand">True</property>
                        <property name="placeholder-text">分享新鲜事…</property>
                        <property name="font">DejaVu Sans 15</property>
                        <property name="placeholder-color">rgb(200,0,0)</property>
                        <child internal-child="text_view">
                          <object class="GtkTextView">
                            <property name="left-margin">8</property>
                            <property name="top-margin">5</property>
                            <property name="wrap-mode">word-char</property>
                          </object>
                        </child>
                      </object>
                    </child>
                    <child>
                      <object class="PlaceholderTextView" id="wrapping">
                        <property name="visible">True</property>
                        <property name="text-view">given</property>
                        <property name="hides-placeholder">True</property>
                        <property name="placeholder-text">hidden</property>
                      </object>
                    </child>
                  </object>
                </interface>
                """
            let builder = gtk_builder_new_from_string(ui, -1)!
            defer { g_object_unref(builder.asGPointer) }
            @MainActor func object(_ id: String) -> UnsafeMutablePointer<GtkWidget> {
                gtk_builder_get_object(builder, id)!.cast(to: GtkWidget.self)
            }
            let window = TestWindow(object("box"), width: 360, height: 320)
            defer { window.close() }
            guard let view = PlaceholderTextView.forWidget(object("compose")) else {
                return XCTFail("no Swift object behind the .ui widget")
            }
            XCTAssertEqual(view.placeholder, "分享新鲜事…")
            XCTAssertEqual(view.font, "DejaVu Sans 15")
            XCTAssertEqual(
                view.placeholderTextColor.map { [$0.rgba.red, $0.rgba.green, $0.rgba.blue] }, [200.0 / 255, 0, 0])
            XCTAssertEqual(gtk_text_view_get_left_margin(view.textView), 8, "internal child text_view")
            XCTAssertEqual(gtk_text_view_get_top_margin(view.textView), 5)
            XCTAssertTrue(view.isPlaceholderVisible)
            XCTAssertEqual(gtk_widget_get_mapped(view.placeholderLabelWidget), 1)
            let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
            XCTAssertNotNil(placeholderInk)
            if let placeholderInk, let typedInk {
                XCTAssertTrue(placeholderInk.agrees(with: typedInk), "placeholder \(placeholderInk), typed \(typedInk)")
            }
            gtk_text_buffer_insert_at_cursor(view.buffer, "x", -1)
            XCTAssertFalse(view.isPlaceholderVisible)
            XCTAssertFalse(Property.bool(object("compose"), "placeholder-visible"))
            view.text = ""
            XCTAssertTrue(view.isPlaceholderVisible)

            let wrapping = PlaceholderTextView.forWidget(object("wrapping"))!
            XCTAssertEqual(wrapping.textView, object("given").cast(), "text-view property")
            XCTAssertTrue(wrapping.hidesPlaceholder)
            XCTAssertFalse(wrapping.isPlaceholderVisible)
        }
    }

    /// Each change notifies its property exactly once, whoever makes it; setting the same value
    /// notifies nothing.
    func testNotificationsFireOncePerChange() {
        onMain {
            let view = PlaceholderTextView()
            let window = TestWindow(view.widget)
            defer { window.close() }
            var counts: [String: Int] = [:]
            var connections: [SignalConnection] = []
            for name in PlaceholderTextViewPropertyNames.all {
                connections.append(Signal.onNotify(view.widget, name) { counts[name, default: 0] += 1 })
            }
            defer { for connection in connections { connection.disconnect() } }
            func expect(_ expected: [String: Int], _ step: String) {
                XCTAssertEqual(counts, expected, step)
                counts = [:]
            }

            view.placeholder = "Share"
            expect(["placeholder-text": 1, "placeholder-visible": 1], "Swift placeholder shows it")
            view.placeholder = "Share"
            expect([:], "same placeholder")
            Property.set(view.widget, "placeholder-text", "Write")
            expect(["placeholder-text": 1], "g_object_set")
            XCTAssertEqual(view.placeholder, "Write")
            Property.set(view.widget, "placeholder-text", "Write")
            expect([:], "same value through g_object_set")

            view.font = "DejaVu Sans 20"
            expect(["font": 1], "Swift font")
            view.font = "DejaVu Sans 20"
            expect([:], "the same font")
            Property.set(view.widget, "font", nil as String?)
            expect(["font": 1], "g_object_set font NULL")
            XCTAssertNil(view.font)

            var red = GdkRGBA()
            gdk_rgba_parse(&red, "red")
            view.placeholderTextColor = PlaceholderColor(red)
            expect(["placeholder-color": 1], "Swift colour")
            Property.set(view.widget, "placeholder-color", red)
            expect([:], "the same colour")
            Property.set(view.widget, "placeholder-color", nil as GdkRGBA?)
            expect(["placeholder-color": 1], "theme colour again")
            XCTAssertNil(view.placeholderTextColor)

            Property.set(view.widget, "hides-placeholder", true)
            expect(["hides-placeholder": 1, "placeholder-visible": 1], "hides")
            view.hidesPlaceholder = true
            expect([:], "hidden already")
            view.hidesPlaceholder = false
            expect(["hides-placeholder": 1, "placeholder-visible": 1], "shows")

            for character in "abc" { gtk_text_buffer_insert_at_cursor(view.buffer, String(character), -1) }
            expect(["placeholder-visible": 1], "typing three characters: one change")
            view.text = ""
            expect(["placeholder-visible": 1], "cleared")
        }
    }

    /// g_object_get after a Swift change returns the new value, for every property.
    func testGObjectGetReadsWhatSwiftSet() {
        onMain {
            let view = PlaceholderTextView()
            view.placeholder = "分享新鲜事…"
            view.font = "DejaVu Sans 13"
            var grey = GdkRGBA()
            gdk_rgba_parse(&grey, "#808080")
            view.placeholderTextColor = PlaceholderColor(grey)
            XCTAssertEqual(Property.string(view.widget, "placeholder-text"), "分享新鲜事…")
            XCTAssertEqual(Property.string(view.widget, "font"), "DejaVu Sans 13")
            let color = Property.rgba(view.widget, "placeholder-color")
            XCTAssertEqual(color.map { gdk_rgba_equal([$0], [grey]) }, 1)
            XCTAssertTrue(Property.bool(view.widget, "placeholder-visible"))
            view.hidesPlaceholder = true
            XCTAssertTrue(Property.bool(view.widget, "hides-placeholder"))
            XCTAssertFalse(Property.bool(view.widget, "placeholder-visible"))
            let textView = Property.object(view.widget, "text-view", type: gtk_text_view_get_type())
            XCTAssertEqual(textView, view.textView.asGPointer)
        }
    }

    /// GtkBuilder objects from `ui` (our type registered first), for the length of `body`.
    @MainActor
    static func withBuilder(
        _ ui: String, _ body: (_ object: (String) -> UnsafeMutablePointer<GtkWidget>) -> Void
    ) {
        PlaceholderTextView.registerType()
        let builder = gtk_builder_new_from_string(ui, -1)!
        body { gtk_builder_get_object(builder, $0)!.cast(to: GtkWidget.self) }
        g_object_unref(builder.asGPointer)
    }

    /// A text-view that already has a parent is refused with a warning (not stolen from its parent).
    func testATextViewWithAParentIsNotTaken() {
        onMain {
            Self.withBuilder(
                """
                <interface>
                  <object class="GtkScrolledWindow" id="elsewhere"><child><object class="GtkTextView" id="taken"/></child></object>
                  <object class="PlaceholderTextView" id="view"><property name="text-view">taken</property></object>
                </interface>
                """
            ) { object in
                let taken = object("taken")
                let view = PlaceholderTextView.forWidget(object("view"))!
                g_object_ref_sink(view.widget.asGPointer)  // no parent will take the floating reference
                defer { g_object_unref(view.widget.asGPointer) }
                XCTAssertNotEqual(view.textView.asWidget, taken)
                XCTAssertEqual(gtk_widget_get_parent(taken), object("elsewhere"))
                XCTAssertEqual(gtk_widget_get_parent(view.textView.asWidget), view.scrolledWindowWidget)
            }
        }
    }

    /// Swift's `init(textView:)` given a text view that has a parent does what C does: a warning and a
    /// text view of its own, the given one left with its parent (it used to trap).
    func testSwiftsInitializerGivenATextViewWithAParentDoesWhatCDoes() {
        onMain {
            Self.withBuilder(
                """
                <interface>
                  <object class="GtkScrolledWindow" id="elsewhere"><child><object class="GtkTextView" id="taken"/></child></object>
                </interface>
                """
            ) { object in
                let taken = object("taken")
                let view = PlaceholderTextView(textView: taken.cast(), placeholder: "Share something new…")
                g_object_ref_sink(view.widget.asGPointer)  // no parent will take the floating reference
                defer { g_object_unref(view.widget.asGPointer) }
                XCTAssertNotEqual(view.textView.asWidget, taken, "a text view of its own")
                XCTAssertEqual(gtk_widget_get_parent(taken), object("elsewhere"), "not taken from its parent")
                XCTAssertEqual(gtk_widget_get_parent(view.textView.asWidget), view.scrolledWindowWidget)
                XCTAssertEqual(view.placeholder, "Share something new…")
            }
        }
    }

    /// 10,000 .ui loads, each realized in a window and thrown away: every GObject finalized, no Swift
    /// object left.
    func testBuilderLoadDestroyLoopLeaksNothing() {
        onMain {
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
                Self.withBuilder(interface) { object in
                    let widget = object("view")
                    let view = PlaceholderTextView.forWidget(widget)!
                    weakView = view
                    Finalizations.watchAll(view)
                    window.pack(widget)
                    if gtk_widget_get_realized(view.placeholderLabelWidget) == 0 { unrealized += 1 }
                    window.discard(widget)
                }
                if weakView != nil { swiftSurvivors += 1 }
            }
            XCTAssertEqual(unrealized, 0)
            XCTAssertEqual(swiftSurvivors, 0, "Swift objects outliving their widget")
            XCTAssertEqual(Finalizations.count - finalizedBefore, 5 * SharedLifetimeTests.cycles, "GObjects finalized")
        }
    }
}

/// The property names a .ui author can use (as the issue lists them).
enum PlaceholderTextViewPropertyNames {
    static let all = [
        "placeholder-text", "placeholder-color", "font", "hides-placeholder", "placeholder-visible", "text-view",
    ]
}
