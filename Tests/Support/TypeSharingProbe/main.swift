import Glibc
import PlaceholderGObjectTestSupport

#if GTK4
    import GtkPlaceholder4
#else
    import CPlaceholderGtk3
    import GtkPlaceholder
#endif

// Test-only: one process holding two copies of the widget, the Swift package linked in and the C
// library (with its own Swift runtime) loaded as a plugin would load it. `placeholder-type-sharing-probe
// MODE LIBRARY` prints "ok …" per check and exits 0, or prints "FAIL …" and exits 1. MODE:
// swift-first (the app registers the type, then the plugin loads), c-first (the other way round),
// foreign (something else registered a PlaceholderTextView: the C library refuses it). One source for
// GTK 3 and GTK 4 (placeholder-type-sharing-probe-gtk4 links it, built with GTK4).

func fail(_ message: String) -> Never {
    print("FAIL \(message)")
    exit(1)
}

func check(_ condition: Bool, _ what: String) {
    guard condition else { fail(what) }
    print("ok \(what)")
}

/// The C library's API, looked up as a plugin loader would.
struct CLibrary {
    typealias GetType = @convention(c) () -> GType
    typealias New = @convention(c) () -> UnsafeMutablePointer<GtkWidget>?
    typealias SetText = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
    typealias GetVisible = @convention(c) (UnsafeMutableRawPointer?) -> gboolean
    let getType: GetType
    let new: New
    let setPlaceholderText: SetText
    let placeholderVisible: GetVisible

    init(_ path: String) {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { fail("dlopen: \(String(cString: dlerror()))") }
        func symbol<T>(_ name: String, as _: T.Type) -> T {
            guard let address = dlsym(handle, name) else { fail("no \(name)") }
            return unsafeBitCast(address, to: T.self)
        }
        getType = symbol("placeholder_text_view_get_type", as: GetType.self)
        new = symbol("placeholder_text_view_new", as: New.self)
        setPlaceholderText = symbol("placeholder_text_view_set_placeholder_text", as: SetText.self)
        placeholderVisible = symbol("placeholder_text_view_get_placeholder_visible", as: GetVisible.self)
    }
}

/// Runs the main loop until `condition` holds, 10 s at most (a timeout wakes the loop).
@MainActor func iterate(until condition: () -> Bool) -> Bool {
    nonisolated(unsafe) var expired = false
    let timer = g_timeout_add_full(
        G_PRIORITY_DEFAULT, 10_000,
        { flag in
            flag!.assumingMemoryBound(to: Bool.self).pointee = true
            return 0
        }, &expired, nil)
    while !condition() && !expired { g_main_context_iteration(nil, 1) }
    if !expired { g_source_remove(timer) }
    return condition()
}

@MainActor func showBoth(_ swiftView: PlaceholderTextView, _ cWidget: UnsafeMutablePointer<GtkWidget>) {
    #if GTK4
        let window = gtk_window_new()!
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        for widget in [swiftView.widget, cWidget] {
            gtk_widget_set_vexpand(widget, 1)
            gtk_box_append(box.cast(), widget)
        }
        gtk_window_set_child(window.cast(), box)
        gtk_window_set_default_size(window.cast(), 300, 200)
        gtk_window_present(window.cast())
    #else
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_pack_start(box.cast(), swiftView.widget, 1, 1, 0)
        gtk_box_pack_start(box.cast(), cWidget, 1, 1, 0)
        gtk_container_add(window.cast(), box)
        gtk_window_set_default_size(window.cast(), 300, 200)
        gtk_widget_show_all(window)
    #endif
    let label = swiftView.placeholderLabelWidget
    check(iterate { gtk_widget_get_mapped(label) != 0 }, "the Swift widget shows its placeholder")
    check(
        iterate { gtk_widget_get_allocated_width(label) > 20 && gtk_widget_get_allocated_height(label) > 5 },
        "its placeholder is laid out (\(gtk_widget_get_allocated_width(label))×\(gtk_widget_get_allocated_height(label)))"
    )
    check(iterate { gtk_widget_get_mapped(cWidget) != 0 }, "the C widget is mapped")
    #if GTK4
        gtk_window_destroy(window.cast())
    #else
        gtk_widget_destroy(window)
    #endif
    check(true, "both destroyed")
}

MainActor.assumeIsolated {
    let arguments = CommandLine.arguments
    guard arguments.count == 3 else { fail("usage: placeholder-type-sharing-probe MODE LIBRARY") }
    #if GTK4
        guard gtk_init_check() != 0 else { fail("no display") }
    #else
        guard gtk_init_check(nil, nil) != 0 else { fail("no display") }
    #endif
    switch arguments[1] {
    case "swift-first":
        let type = PlaceholderTextView.registerType()
        let swiftView = PlaceholderTextView(placeholder: "from Swift")
        let library = CLibrary(arguments[2])
        check(library.getType() == type, "the C library uses the Swift package's type")
        let cWidget = library.new()!
        library.setPlaceholderText(cWidget, "from C")
        let built = PlaceholderTextView.forWidget(cWidget)
        check(built?.placeholder == "from C", "the C library's widget is the Swift package's PlaceholderTextView")
        check(library.placeholderVisible(swiftView.widget) == 1, "the C API reads the Swift widget")
        gtk_text_buffer_insert_at_cursor(built!.buffer, "typed", -1)
        check(library.placeholderVisible(cWidget) == 0, "typing into the C widget hides its placeholder")
        showBoth(swiftView, cWidget)
    case "c-first":
        let library = CLibrary(arguments[2])
        let type = library.getType()
        check(type != 0 && PlaceholderTextView.registerType() == type, "the Swift package uses the C library's type")
        let swiftView = PlaceholderTextView(placeholder: "from Swift")
        check(g_type_check_instance_is_a(swiftView.widget.cast(), type) != 0, "its widget is of that type")
        let cWidget = library.new()!
        library.setPlaceholderText(cWidget, "from C")
        check(PlaceholderTextView.forWidget(cWidget) == nil, "the C library's widget is the C library's own")
        check(library.placeholderVisible(cWidget) == 1, "and shows its placeholder")
        check(
            Property.string(swiftView.widget, "placeholder-text") == "from Swift", "g_object_get reads the Swift widget"
        )
        library.setPlaceholderText(swiftView.widget, "set from C")
        check(swiftView.placeholder == "set from C", "the C API sets the Swift widget")
        check(library.placeholderVisible(swiftView.widget) == 1, "the C API reads its placeholder shown")
        swiftView.text = "typed"
        check(library.placeholderVisible(swiftView.widget) == 0, "and hidden once typed into")
        swiftView.text = ""
        showBoth(swiftView, cWidget)
    case "foreign":
        #if GTK4
            let parent = gtk_widget_get_type()
        #else
            let parent = gtk_overlay_get_type()
        #endif
        let other = GObjectType.registerSubclass(named: "PlaceholderTextView", of: parent) { _, _ in }
        check(other != 0, "another library's PlaceholderTextView registered")
        let library = CLibrary(arguments[2])
        check(library.getType() == 0, "the C library returns G_TYPE_INVALID")
    default:
        fail("unknown mode \(arguments[1])")
    }
}
