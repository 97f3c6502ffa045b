import CPlaceholderGObject

/// GLib's logging for misuse reports (g_warning is a varargs macro Swift cannot call): the
/// message goes through the application's log writer like any GTK warning.
package enum GLibLog {
    /// Logs `message` at warning level in `domain`.
    package static func warning(_ message: String, domain: String) {
        log(message, domain: domain, level: G_LOG_LEVEL_WARNING, priority: "4")
    }

    /// Logs `message` at critical level in `domain` (as g_critical: fatal under G_DEBUG=fatal-criticals).
    package static func critical(_ message: String, domain: String) {
        log(message, domain: domain, level: G_LOG_LEVEL_CRITICAL, priority: "4")
    }

    private static func log(_ message: String, domain: String, level: GLogLevelFlags, priority: String) {
        let strings = ["GLIB_DOMAIN", domain, "MESSAGE", message, "PRIORITY", priority].map { (string: String) in
            g_strdup(string)!
        }
        defer { for string in strings { g_free(string) } }
        let fields = stride(from: 0, to: strings.count, by: 2).map {
            GLogField(key: UnsafePointer(strings[$0]), value: UnsafeRawPointer(strings[$0 + 1]), length: -1)
        }
        g_log_structured_array(level, fields, gsize(fields.count))
    }
}
