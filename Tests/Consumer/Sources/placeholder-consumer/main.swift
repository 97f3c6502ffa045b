import CGtk
import Glibc
import Gtk
import GtkPlaceholder
import SwiftCrossUI

// Our widget in a window made by "the framework" (Peers/Gtk, through its own CGtk module), shown
// until it is mapped (10 s at most). Prints what it saw; exits 0 only when the widget was mapped
// with its placeholder showing.
@MainActor
func showWidget() -> Int32 {
    gtk_init(nil, nil)
    let window = makeFrameworkWindow(title: "Consumer of \(swiftCrossUIName)")
    let view = PlaceholderTextView(placeholder: "Share something new…")
    window.withMemoryRebound(to: GtkContainer.self, capacity: 1) { gtk_container_add($0, view.widget) }
    gtk_widget_show_all(window)
    let deadline = g_get_monotonic_time() + 10_000_000
    // A tick that wakes the loop, so the deadline is seen even when no event comes.
    let tick = g_timeout_add(50, { _ in 1 }, nil)
    while gtk_widget_get_mapped(view.widget) == 0 && g_get_monotonic_time() < deadline {
        g_main_context_iteration(nil, 1)
    }
    g_source_remove(tick)
    let mapped = gtk_widget_get_mapped(view.widget) != 0
    print("mapped: \(mapped), placeholder visible: \(view.isPlaceholderVisible), placeholder: \(view.placeholder)")
    gtk_widget_destroy(window)
    return mapped && view.isPlaceholderVisible ? 0 : 1
}

exit(MainActor.assumeIsolated { showWidget() })
