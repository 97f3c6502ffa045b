import ComposeWindowCore
import ComposeWindowGlue
import Glibc
import PlaceholderGtk3Glue

/// A scheduled post's systemd user timer: its files written (DeliveryTimer) and the user manager
/// told, on the state writer's thread (systemctl talks to the manager over D-Bus; the main thread
/// never waits on it). Without systemd, or without a user manager, it says why in one line, and
/// the post goes at the first start of compose-window after its time.
@MainActor
enum UserTimer {
    /// Arms the timer of `draft` for `time`; `then(nil)` once systemd has it, else why not.
    static func arm(
        draft: String, at time: Int64, environment: [String: String],
        then: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        let executable = SystemIO.executablePath ?? CommandLine.arguments[0]
        StateWriter.shared.write { () -> String? in
            if let failure = DeliveryTimer.install(
                draft: draft, at: time, executable: executable, environment: environment)
            {
                return failure
            }
            let timer = DeliveryTimer.timerName(draft: draft)
            // enable reloads the manager's configuration, so restart sees a changed time.
            return systemctl(["enable", timer]) ?? systemctl(["restart", timer])
        } then: {
            then($0)
        }
    }

    /// `systemctl --user ARGUMENTS`: nil when it succeeded, else its first line of complaint.
    nonisolated private static func systemctl(_ arguments: [String]) -> String? {
        guard let found = g_find_program_in_path("systemctl") else {
            return localized("systemd is not installed")
        }
        defer { g_free(found) }
        var argv: [UnsafeMutablePointer<CChar>?] =
            ([String(cString: found), "--user"] + arguments).map { strdup($0) }
            + [nil]
        defer { for argument in argv { free(argument) } }
        var errors: UnsafeMutablePointer<CChar>?
        var status: Int32 = 0
        var error: UnsafeMutablePointer<GError>?
        // G_SPAWN_STDOUT_TO_DEV_NULL (gspawn.h), by value, as ProcessLauncher.
        let ran = argv.withUnsafeMutableBufferPointer { buffer in
            g_spawn_sync(nil, buffer.baseAddress, nil, GSpawnFlags(1 << 3), nil, nil, nil, &errors, &status, &error)
        }
        defer {
            g_free(errors)
            g_clear_error(&error)
        }
        guard ran != 0 else { return error.map { String(cString: $0.pointee.message) } ?? "systemctl" }
        guard g_spawn_check_wait_status(status, nil) == 0 else {
            let said = errors.map { String(cString: $0) } ?? ""
            return said.split(separator: "\n").first.map(String.init) ?? "systemctl --user "
                + arguments.joined(separator: " ")
        }
        return nil
    }
}
