#if canImport(Glibc)
    import Glibc
#endif

/// Times as `--drafts` and `--outbox` print them: ISO 8601 in the local time zone, with its offset
/// (2026-12-06T09:00:00+08:00), so that a script can compare them and a person can read them.
enum LocalTime {
    static func iso8601(_ secondsSinceEpoch: Int64) -> String {
        var time = time_t(secondsSinceEpoch)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return String(secondsSinceEpoch) }
        let offset = Int(parts.tm_gmtoff)
        func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
        let date = String(Int(parts.tm_year) + 1900) + "-" + two(Int(parts.tm_mon) + 1) + "-" + two(Int(parts.tm_mday))
        let clock = two(Int(parts.tm_hour)) + ":" + two(Int(parts.tm_min)) + ":" + two(Int(parts.tm_sec))
        let zone = (offset < 0 ? "-" : "+") + two(abs(offset) / 3600) + ":" + two(abs(offset) % 3600 / 60)
        return date + "T" + clock + zone
    }
}
