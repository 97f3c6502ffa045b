import CPlaceholderGObject

/// GTK runs on the main thread, and so does every `PlaceholderTextView`. Entry points C, GtkBuilder
/// and language bindings reach (GObject's vfuncs, the C API) check it the GLib way: off the main
/// thread, one critical ("assertion 'on the main thread' failed", as g_return_if_fail logs) and
/// nothing done, where Swift's `MainActor.assumeIsolated` would trap.
package enum MainThread {
    package static var isCurrent: Bool { gtkplaceholder_is_main_thread() != 0 }

    /// True on the main thread; elsewhere logs the critical naming `function` and returns false.
    package static func check(_ function: String) -> Bool {
        if isCurrent { return true }
        g_return_if_fail_warning("GtkPlaceholder", function, "on the main thread")
        return false
    }
}
