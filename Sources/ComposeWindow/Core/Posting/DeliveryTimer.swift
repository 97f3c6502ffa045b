import CComposeWindowFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The systemd user timer that starts `compose-window --deliver` at a scheduled post's time, with
/// no window open: one timer per scheduled draft (`compose-window-deliver-NAME.timer`, its time in
/// UTC so that a change of the clocks never moves it, `Persistent=true` so that a time passed
/// while the machine was off or asleep fires at the next boot), and one service they all start.
/// The files live in `$XDG_CONFIG_HOME/systemd/user`, enabled as `systemctl --user enable` would
/// (a link in `timers.target.wants`), so they outlast a reboot.
package enum DeliveryTimer {
    package static let serviceName = "compose-window-deliver.service"

    package static func timerName(draft: String) -> String { "compose-window-deliver-" + draft + ".timer" }

    /// `OnCalendar`'s value for `time` (seconds since the epoch): `2026-12-06 09:00:00 UTC`.
    package static func calendar(_ time: Int64) -> String {
        guard let parts = UTCTime.parts(time) else { return "" }
        let (date, clock) = UTCTime.dateAndClock(parts)
        return date + " " + clock + " UTC"
    }

    package static func timerUnit(draft: String, at time: Int64) -> String {
        """
        [Unit]
        Description=compose-window: the post scheduled in draft \(draft)

        [Timer]
        OnCalendar=\(calendar(time))
        Persistent=true
        AccuracySec=1s
        Unit=\(serviceName)

        [Install]
        WantedBy=timers.target

        """
    }

    /// The service: `executable --deliver`, with the state and configuration folders the
    /// scheduling process had (the user manager's environment may lack an XDG_* a person set).
    package static func serviceUnit(executable: String, environment: [String: String]) -> String {
        let kept = ["XDG_STATE_HOME", "XDG_CONFIG_HOME"].compactMap { name in
            environment[name].flatMap { $0.hasPrefix("/") ? "Environment=" + quoted(name + "=" + $0) + "\n" : nil }
        }
        return """
            [Unit]
            Description=compose-window: post the scheduled posts whose time has come

            [Service]
            Type=oneshot
            \(kept.joined())ExecStart=\(quoted(executable)) --deliver

            """
    }

    /// One word for systemd: in double quotes, with `\`, `"` and specifiers (`%`) escaped, and no
    /// line breaks (a path or folder name is hostile input too).
    package static func quoted(_ word: String) -> String {
        var escaped = ""
        for character in word.unicodeScalars {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "%": escaped += "%%"
            case "$": escaped += "$$"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "\"" + escaped + "\""
    }

    /// `$XDG_CONFIG_HOME/systemd/user` (or `~/.config/…`).
    package static func folder(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/systemd/user" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.config/systemd/user"
    }

    /// Writes (or rewrites) the timer of `draft` for `time`, the service, and the timer's link in
    /// `timers.target.wants`. Nil when written, else one line saying why not.
    package static func install(
        draft: String, at time: Int64, executable: String, environment: [String: String]
    ) -> String? {
        guard let folder = folder(environment: environment) else {
            return localized("cannot find the systemd user folder: neither XDG_CONFIG_HOME nor HOME is set")
        }
        let wants = folder + "/timers.target.wants"
        guard g_mkdir_with_parents(wants, 0o755) == 0 else { return failure(wants) }
        let timer = timerName(draft: draft)
        if let failed = write(timerUnit(draft: draft, at: time), to: folder + "/" + timer) { return failed }
        if let failed = write(
            serviceUnit(executable: executable, environment: environment), to: folder + "/" + serviceName)
        {
            return failed
        }
        let link = wants + "/" + timer
        unlink(link)
        guard symlink("../" + timer, link) == 0 else { return failure(link) }
        return nil
    }

    /// The timer of `draft` and its link, once its post is gone (posted or discarded); the
    /// shared service stays for the others.
    package static func remove(draft: String, environment: [String: String]) {
        guard let folder = folder(environment: environment) else { return }
        let timer = timerName(draft: draft)
        unlink(folder + "/timers.target.wants/" + timer)
        unlink(folder + "/" + timer)
    }

    private static func write(_ text: String, to path: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileSetContentsFlags(
            rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        let written = text.withCString {
            g_file_set_contents_full(path, $0, gssize(text.utf8.count), flags, 0o644, &error)
        }
        guard written == 0 else { return nil }
        defer { g_clear_error(&error) }
        return localized("cannot write {0}: {1}", path, error.map { String(cString: $0.pointee.message) } ?? "")
    }

    private static func failure(_ path: String) -> String {
        localized("cannot write {0}: {1}", path, String(cString: strerror(errno)))
    }
}
