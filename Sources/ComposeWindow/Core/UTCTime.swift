#if canImport(Glibc)
    import Glibc
#endif

/// Times in UTC as servers and systemd read them, from seconds since the epoch.
enum UTCTime {
    /// The calendar parts of `time` in UTC; nil for a time the C library cannot express.
    static func parts(_ time: Int64) -> tm? {
        var seconds = time_t(time)
        var parts = tm()
        return gmtime_r(&seconds, &parts) != nil ? parts : nil
    }

    /// "2026-12-06" and "09:00:00" of `parts`.
    static func dateAndClock(_ parts: tm) -> (date: String, clock: String) {
        func two(_ value: Int32) -> String { value < 10 ? "0" + String(value) : String(value) }
        return (
            String(parts.tm_year + 1900) + "-" + two(parts.tm_mon + 1) + "-" + two(parts.tm_mday),
            two(parts.tm_hour) + ":" + two(parts.tm_min) + ":" + two(parts.tm_sec)
        )
    }

    /// RFC 3339 in UTC, "2026-12-06T09:00:00Z", as Mastodon's `scheduled_at` takes it.
    static func rfc3339(_ time: Int64) -> String {
        guard let parts = parts(time) else { return "" }
        let (date, clock) = dateAndClock(parts)
        return date + "T" + clock + "Z"
    }
}
