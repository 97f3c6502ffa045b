import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Opens a link in the desktop's default browser, and says so only when a browser took it.
/// gtk_show_uri_on_window was not enough: with no browser configured, GTK 3.24 falls back to the
/// OpenURI portal and reports success even when no portal answers (the post and its draft were
/// gone). Outside a sandbox GIO's own launcher is asked, which fails when no application handles
/// https; inside one (Flatpak, Snap) the portal is the only way out and GTK takes it.
@MainActor
enum BrowserHandoff {
    struct Failure: Error, CustomStringConvertible {
        /// Why, as GIO or GTK said it (may quote the link).
        let description: String
    }

    /// `window`: the window it is opened for; nil from the command line (no display needed outside
    /// a sandbox).
    static func open(_ link: String, from window: UnsafeMutablePointer<GtkWindow>?) throws(Failure) {
        var error: UnsafeMutablePointer<GError>?
        let opened: Bool
        if isSandboxed {
            guard window != nil || gtk_init_check(nil, nil) != 0 else {
                throw Failure(description: localized("no display to open the browser on"))
            }
            opened = gtk_show_uri_on_window(window, link, guint32(GDK_CURRENT_TIME), &error) != 0
        } else {
            guard let handler = g_app_info_get_default_for_uri_scheme("https") else {
                throw Failure(description: localized("no web browser is set as the default for https links"))
            }
            g_object_unref(handler.asGPointer)
            // GDK's launch context: startup notification on X11, an activation token on Wayland.
            let context = window.map { gdk_display_get_app_launch_context(gtk_widget_get_display($0.asWidget))! }
            defer { if let context { g_object_unref(context.asGPointer) } }
            if let context { gdk_app_launch_context_set_timestamp(context, guint32(GDK_CURRENT_TIME)) }
            opened = g_app_info_launch_default_for_uri(link, context?.asGPointer.cast(), &error) != 0
        }
        guard opened else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? ""
            if let error { g_error_free(error) }
            throw Failure(description: reason)
        }
        flushSessionBus()
    }

    private static var isSandboxed: Bool {
        SystemIO.exists("/.flatpak-info") || SystemIO.environment("SNAP") != nil
            || SystemIO.environment("GTK_USE_PORTAL") == "1"
    }

    /// A browser started by D-Bus activation (DBusActivatable) was asked asynchronously: the message
    /// must leave before the process exits. Only a bus that exists is flushed (none is started).
    private static func flushSessionBus() {
        let runtime = SystemIO.environment("XDG_RUNTIME_DIR").map { $0 + "/bus" }
        guard SystemIO.environment("DBUS_SESSION_BUS_ADDRESS") != nil || runtime.map(SystemIO.exists) == true,
            let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil)
        else { return }
        g_dbus_connection_flush_sync(bus, nil, nil)
        g_object_unref(bus.asGPointer)
    }
}
