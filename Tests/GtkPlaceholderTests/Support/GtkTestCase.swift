import CPlaceholderGtk3X11
import Foundation
import GtkPlaceholder
import PlaceholderGtk3Glue
import PlaceholderGtk3TestSupport
import XCTest

/// The GTK 3 suite's base class: the shared one (Tests/PlaceholderBehaviours/BehaviourTestCase.swift).
typealias GtkTestCase = BehaviourTestCase

@MainActor
enum GtkHarness {
    private static var started = false

    /// Initialises GTK once per process with settings that make pixels deterministic.
    static func start() {
        guard !started else { return }
        setenv("GTK_IM_MODULE", "gtk-im-context-simple", 1)  // real preedit via Ctrl+Shift+U
        setenv("NO_AT_BRIDGE", "1", 1)
        setenv("GTK_THEME", "Adwaita", 1)
        guard gtk_init_check(nil, nil) != 0 else {
            fatalError("GTK could not open a display: run the tests with `make test` (it starts Xvfb)")
        }
        let settings = gtk_settings_get_default()!
        Property.set(settings, "gtk-cursor-blink", false)
        Property.set(settings, "gtk-enable-animations", false)
        Property.set(settings, "gtk-font-name", defaultFont)
        started = true
    }

    static let defaultFont = "DejaVu Sans 11"
}

/// A real toplevel window, mapped and painted, destroyed by `close()`.
@MainActor
final class TestWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let box: UnsafeMutablePointer<GtkWidget>

    init(_ child: UnsafeMutablePointer<GtkWidget>? = nil, width: Int32 = 320, height: Int32 = 200) {
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(window.cast(), width, height)
        gtk_window_move(window.cast(), 0, 0)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_container_add(window.asContainer, box)
        if let child { pack(child) }
        gtk_widget_show_all(window)
        MainLoop.iterate(until: { gtk_widget_get_mapped(self.window) != 0 })
        MainLoop.waitForFrames(window, 3)
    }

    func pack(_ child: UnsafeMutablePointer<GtkWidget>, expand: Bool = true) {
        gtk_box_pack_start(box.cast(), child, expand.gboolean, 1, 0)
        gtk_widget_show(child)
    }

    func settle() { MainLoop.waitForFrames(window, 2) }

    /// Whether closing a window disposes the widgets in it that something else still holds
    /// (GTK 3: its destroy disposes them).
    static let closingDisposesHeldChildren = true

    /// The box's first child.
    var firstChild: UnsafeMutablePointer<GtkWidget>? {
        let children = gtk_container_get_children(box.asContainer)
        defer { g_list_free(children) }
        return children?.pointee.data?.cast(to: GtkWidget.self)
    }

    /// Throws a child away the toolkit's way: GTK 3 destroys it (GTK 4 removes it).
    func discard(_ child: UnsafeMutablePointer<GtkWidget>) { gtk_widget_destroy(child) }

    /// Gives the X input focus to this window (no window manager runs under Xvfb).
    func focus() -> Bool {
        gtk_window_present(window.cast())
        let xid = gdk_x11_window_get_xid(gtk_widget_get_window(window))
        _ = Shell.run("xdotool", "windowfocus", "--sync", String(xid))
        return MainLoop.iterate(until: { gtk_window_has_toplevel_focus(self.window.cast()) != 0 })
    }

    func close() {
        gtk_widget_destroy(window)
        MainLoop.drain()
    }
}

enum Shell {
    @discardableResult
    static func run(_ arguments: String...) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
