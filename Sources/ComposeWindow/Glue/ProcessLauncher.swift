import CPlaceholderGtk3
import PlaceholderGtk3Glue

/// Starts a process that lives on its own (another compose-window, on another draft): GLib's
/// g_spawn_async, no shell, its standard streams those of the desktop session (/dev/null).
@MainActor
package enum ProcessLauncher {
    /// `arguments[0]` is the program's path. Nil when it started, else GLib's reason.
    package static func start(_ arguments: [String]) -> String? {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var error: UnsafeMutablePointer<GError>?
        // G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL (gspawn.h), by value: the release
        // build's module does not see the enumerators' names.
        let flags = GSpawnFlags(1 << 3 | 1 << 4)
        let started = argv.withUnsafeMutableBufferPointer { buffer in
            g_spawn_async(nil, buffer.baseAddress, nil, flags, nil, nil, nil, &error)
        }
        guard started == 0 else { return nil }
        defer { g_error_free(error) }
        return error.map { String(cString: $0.pointee.message) } ?? ""
    }
}
