import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// From the desktop, where nobody reads standard output: a desktop notification (GNotification)
/// says where the post is, and clicking it (or its Open button) opens the link in the default
/// browser. The process, its window gone, waits for that click for a while: a notification server
/// hands the click to the application that is still there to take it.
@MainActor
enum PostedNotification {
    static let waitSeconds: UInt32 = 10 * 60

    /// Shows the notification for `links` (one per network) and waits for a click, or the time.
    /// `early`: a scheduled post a server published at once, said first.
    static func show(_ links: [String], early: String? = nil, waitSeconds: UInt32 = waitSeconds) {
        guard let first = links.first else { return }
        notify(
            id: "posted", title: early == nil ? localized("Posted") : localized("Posted before its time"),
            body: ([early].compactMap { $0 } + links).joined(separator: "\n"), button: localized("Open"),
            action: "open-link", target: first, waitSeconds: waitSeconds)
    }

    /// A scheduled post `--deliver` could not post: why, and a click opens a window on its draft
    /// (where Retry and Discard are).
    static func showNotPosted(draft: String, reason: String, waitSeconds: UInt32) {
        notify(
            id: "not-posted-" + draft, title: localized("A scheduled post was not posted"), body: reason,
            button: localized("Open"), action: "open-draft", target: draft, waitSeconds: waitSeconds)
    }

    private static func notify(
        id: String, title: String, body: String, button: String, action name: String, target: String,
        waitSeconds: UInt32
    ) {
        guard let application = g_application_new(ComposeApplication.applicationID, G_APPLICATION_NON_UNIQUE)
        else { return }
        defer { g_object_unref(application.asGPointer) }
        // No notification server to show it (or to hand back a click): nothing to wait for.
        guard notificationServerExists(), g_application_register(application, nil, nil) != 0 else { return }
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        let stringType = g_variant_type_new("s")
        let action = g_simple_action_new(name, stringType)!
        g_variant_type_free(stringType)
        Signal.connect(
            action, "activate",
            withArgument: { parameter in
                guard let parameter else { return }
                let value = String(cString: g_variant_get_string(OpaquePointer(parameter), nil))
                if name == "open-link" {
                    try? BrowserHandoff.open(value, from: nil)
                } else {
                    let program = SystemIO.executablePath ?? CommandLine.arguments[0]
                    _ = ProcessLauncher.start([program, "--desktop", "--draft", value])
                }
                g_main_loop_quit(loop)
            })
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(action.asGPointer)

        let notification = g_notification_new(title)!
        defer { g_object_unref(notification.asGPointer) }
        g_notification_set_body(notification, body)
        g_notification_set_default_action_and_target_value(notification, "app." + name, g_variant_new_string(target))
        g_notification_add_button_with_target_value(notification, button, "app." + name, g_variant_new_string(target))
        g_application_send_notification(application, id, notification)
        let limit = MainLoopSource.timeout(milliseconds: waitSeconds * 1_000) {
            g_main_loop_quit(loop)
            return false
        }
        g_main_loop_run(loop)
        limit.cancel()
    }

    /// Whether the session bus has a notification server running or one it can start.
    private static func notificationServerExists() -> Bool {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        defer { g_object_unref(bus.asGPointer) }
        let servers: Set = ["org.freedesktop.Notifications", "org.gtk.Notifications"]
        for method in ["ListNames", "ListActivatableNames"] {
            guard
                let reply = g_dbus_connection_call_sync(
                    bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, nil, nil,
                    G_DBUS_CALL_FLAGS_NONE, 5_000, nil, nil)
            else { continue }
            defer { g_variant_unref(reply) }
            let names = g_variant_get_child_value(reply, 0)!
            defer { g_variant_unref(names) }
            for index in 0..<g_variant_n_children(names) {
                let name = g_variant_get_child_value(names, index)!
                defer { g_variant_unref(name) }
                if servers.contains(String(cString: g_variant_get_string(name, nil))) { return true }
            }
        }
        return false
    }
}
