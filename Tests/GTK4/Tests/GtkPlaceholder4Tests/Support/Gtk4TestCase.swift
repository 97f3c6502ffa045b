import CGtk4X11
import Foundation
import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// The GTK 4 suite's base class: the shared one (Tests/PlaceholderBehaviours/BehaviourTestCase.swift).
typealias Gtk4TestCase = BehaviourTestCase

@MainActor
enum Gtk4Harness {
    private static var started = false

    /// Initialises GTK 4 once per process with settings that make pixels deterministic.
    static func start() {
        guard !started else { return }
        setenv("GDK_BACKEND", "x11", 1)
        setenv("GSK_RENDERER", "cairo", 1)  // software rendering: the same pixels on every machine
        setenv("GTK_IM_MODULE", "gtk-im-context-simple", 1)  // real preedit via Ctrl+Shift+U
        setenv("GTK_A11Y", "test", 1)  // GTK's test accessibility backend: readable properties
        setenv("GTK_THEME", "Adwaita", 1)
        guard gtk_init_check() != 0 else {
            fatalError("GTK 4 could not open a display: run the tests with `make test` (it starts Xvfb)")
        }
        let settings = gtk_settings_get_default()!
        Property.set(settings.asObject, "gtk-cursor-blink", false)
        Property.set(settings.asObject, "gtk-enable-animations", false)
        Property.set(settings.asObject, "gtk-font-name", defaultFont)
        started = true
    }

    static let defaultFont = "DejaVu Sans 11"
}

/// GLib main-loop turns for GTK 4 (no gtk_events_pending there).
@MainActor
enum Loop {
    static func drain() { while g_main_context_iteration(nil, 0) != 0 {} }

    @discardableResult
    static func iterate(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        // Blocks until something happens, woken at the deadline at the latest: no sleeping.
        let wake = g_timeout_source_new(guint(max(1, timeout * 1_000)))!
        g_source_set_callback(wake, { _ in 0 }, nil, nil)
        g_source_attach(wake, nil)
        defer {
            g_source_destroy(wake)
            g_source_unref(wake)
        }
        while !condition() {
            if g_source_is_destroyed(wake) != 0 { return condition() }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Iterates until the widget's frame clock has painted `frames` more frames.
    static func waitForFrames(_ widget: UnsafeMutablePointer<GtkWidget>, _ frames: Int = 2) {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return drain() }
        let target = gdk_frame_clock_get_frame_counter(clock) + frames
        var requested = Int.min
        iterate(until: {
            let counter = gdk_frame_clock_get_frame_counter(clock)
            if counter != requested {
                requested = counter
                gtk_widget_queue_draw(widget)
            }
            return counter >= target
        })
        drain()
    }
}

/// A real toplevel window with a vertical box, mapped and painted; `close()` destroys it.
@MainActor
final class TestWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let box: UnsafeMutablePointer<GtkWidget>

    init(_ child: UnsafeMutablePointer<GtkWidget>? = nil, width: Int32 = 320, height: Int32 = 200) {
        window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(), width, height)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_window_set_child(window.cast(), box)
        if let child { pack(child) }
        gtk_window_present(window.cast())
        Loop.iterate(until: { gtk_widget_get_mapped(self.window) != 0 })
        Loop.waitForFrames(window, 3)
    }

    func pack(_ child: UnsafeMutablePointer<GtkWidget>, expand: Bool = true) {
        gtk_widget_set_vexpand(child, expand.gboolean)
        gtk_box_append(box.cast(), child)
    }

    func settle() { Loop.waitForFrames(window, 2) }

    /// Whether closing a window disposes the widgets in it that something else still holds
    /// (GTK 4: the window only drops its own references).
    static let closingDisposesHeldChildren = false

    /// The box's first child.
    var firstChild: UnsafeMutablePointer<GtkWidget>? { gtk_widget_get_first_child(box) }

    /// Throws a child away the toolkit's way: GTK 4 removes it (GTK 3 destroys it).
    func discard(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_box_remove(box.cast(), child) }

    /// The window's X11 id (xdotool focuses and types into it).
    var xid: UInt {
        UInt(gdk_x11_surface_get_xid(gtk_native_get_surface(OpaquePointer(window))))
    }

    /// Gives the X input focus to this window (no window manager runs under Xvfb).
    func focus() -> Bool {
        _ = Shell.run("xdotool", "windowfocus", "--sync", String(xid))
        return Loop.iterate(until: { gtk_window_is_active(self.window.cast()) != 0 })
    }

    /// Types with real X key events (xdotool), then lets GTK handle them.
    func type(_ text: String) {
        _ = Shell.run("xdotool", "type", "--delay", "20", text)
        settle()
    }

    func key(_ keys: String...) {
        _ = Shell.run(["xdotool", "key", "--delay", "20"] + keys)
        settle()
    }

    func close() {
        gtk_window_destroy(window.cast())
        Loop.drain()
    }
}

enum Shell {
    @discardableResult
    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @discardableResult
    static func run(_ arguments: String...) -> Int32 { run(arguments) }
}

extension PixelGrid {
    /// `widget` as GTK 4 renders it: its snapshot (via a GtkWidgetPaintable) rendered into a texture
    /// by the window's own GskRenderer, then downloaded.
    @MainActor
    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let width = Int(gtk_widget_get_width(widget))
        let height = Int(gtk_widget_get_height(widget))
        let paintable = gtk_widget_paintable_new(widget)!
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        let node = gtk_snapshot_free_to_node(snapshot)!
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))!
        let texture = gsk_renderer_render_texture(renderer, node, nil)!
        let stride = width * 4
        var bytes = [UInt8](repeating: 0, count: stride * height)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
        g_object_unref(texture.asGPointer)
        gsk_render_node_unref(node)
        g_object_unref(paintable.asGPointer)
        self = bytes.withUnsafeBytes { PixelGrid(width: width, height: height, stride: stride, data: $0.baseAddress!) }
    }
}

/// Counts GObject finalizations (g_object_weak_ref fires when an object is finalized).
@MainActor
enum Finalizations {
    static var count = 0

    static func watch(_ object: UnsafeMutablePointer<GObject>) {
        g_object_weak_ref(object, { _, _ in MainActor.assumeIsolated { Finalizations.count += 1 } }, nil)
    }

    /// Watches the widget, text view, label, scrolled window and buffer: 5 objects.
    static func watchAll(_ view: PlaceholderTextView) {
        watch(view.widget.asObject)
        watch(view.textView.asObject)
        watch(view.placeholderLabelWidget.asObject)
        watch(view.scrolledWindowWidget.asObject)
        watch(view.buffer.asObject)
    }
}
