#if canImport(Glibc)
    import Glibc
#endif

/// `--at TIME` and Send later's time: when a post goes, as seconds since the epoch. `HH:MM` is the
/// next such time (today, or tomorrow once it has passed); ISO 8601 (`2026-12-06T09:00`, with a
/// space or `T`, seconds and an offset or `Z` optional) is that time, in the local zone without an
/// offset. Anything else, a time past, or one more than a year ahead is refused in one line.
package enum ScheduleTime {
    /// The furthest ahead a post may be scheduled (Mastodon keeps scheduled posts without limit;
    /// a year covers every real use, and a mistyped year is caught).
    package static let furthestSeconds: Int64 = 366 * 86_400

    package static func parse(_ text: String, now: Int64) throws(ComposeOptions.UsageError) -> Int64 {
        let trimmed = String(text.trimmingSpaces)
        let time: Int64?
        if let (hour, minute) = clock(trimmed) {
            time = nextClockTime(hour: hour, minute: minute, now: now)
        } else {
            time = dateTime(trimmed)
        }
        guard let time else {
            throw ComposeOptions.UsageError(
                description: localized("--at: “{0}” is not a time: use HH:MM or 2026-12-06T09:00", text.onOneLine))
        }
        switch problem(time, now: now) {
        case .past?:
            throw ComposeOptions.UsageError(description: localized("--at: “{0}” is in the past", text.onOneLine))
        case .tooFar?:
            throw ComposeOptions.UsageError(
                description: localized("--at: “{0}” is more than a year ahead", text.onOneLine))
        case nil: return time
        }
    }

    /// Why a post cannot be scheduled for a time: it has passed, or it is more than a year ahead.
    package enum Problem: Equatable, Sendable {
        case past, tooFar
    }

    package static func problem(_ time: Int64, now: Int64) -> Problem? {
        if time <= now { return .past }
        if time - now > furthestSeconds { return .tooFar }
        return nil
    }

    /// A local date and time (as Send later's calendar and clock give it: `month` 1–12) in
    /// seconds since the epoch; nil for a day the month does not have.
    package static func local(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (0..<24).contains(hour), (0..<60).contains(minute),
            (0..<60).contains(second)
        else { return nil }
        var parts = calendarParts(year, month, day, hour, minute, second)
        parts.tm_isdst = -1
        let time = mktime(&parts)
        // mktime normalises 31 February into March: refuse a day the month does not have.
        guard time != -1, parts.tm_mday == Int32(day) else { return nil }
        return Int64(time)
    }

    private static func calendarParts(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int)
        -> tm
    {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return parts
    }

    /// Send later's first offer: an hour from now, on the next quarter hour.
    package static func suggestion(now: Int64) -> Int64 {
        let quarter: Int64 = 15 * 60
        return (now + 3_600 + quarter - 1) / quarter * quarter
    }

    /// "09:05" → (9, 5).
    private static func clock(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        return (hour, minute)
    }

    private static func nextClockTime(hour: Int, minute: Int, now: Int64) -> Int64? {
        var seconds = time_t(now)
        var today = tm()
        guard localtime_r(&seconds, &today) != nil else { return nil }
        for dayOffset in 0...1 {
            var wanted = today
            wanted.tm_mday += Int32(dayOffset)
            wanted.tm_hour = Int32(hour)
            wanted.tm_min = Int32(minute)
            wanted.tm_sec = 0
            wanted.tm_isdst = -1
            let time = Int64(mktime(&wanted))
            if time > now { return time }
        }
        return nil
    }

    /// "2026-12-06T09:00[:SS][Z|±HH:MM]" (or a space for the T).
    private static func dateTime(_ text: String) -> Int64? {
        let scalars = Array(text.unicodeScalars)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count,
                scalars[range].allSatisfy({ ("0"..."9").contains($0) })
            else { return nil }
            return Int(String(String.UnicodeScalarView(scalars[range])))
        }
        guard scalars.count >= 16, scalars[4] == "-", scalars[7] == "-", scalars[10] == "T" || scalars[10] == " ",
            scalars[13] == ":", let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60
        else { return nil }
        var rest = scalars.count > 16 ? Array(scalars[16...]) : []
        var second = 0
        if rest.first == ":" {
            guard rest.count >= 3, let read = Int(String(String.UnicodeScalarView(rest[1..<3]))), read < 60,
                rest[1..<3].allSatisfy({ ("0"..."9").contains($0) })
            else { return nil }
            second = read
            rest.removeFirst(3)
        }
        let zone = String(String.UnicodeScalarView(rest))
        if zone.isEmpty { return local(year: year, month: month, day: day, hour: hour, minute: minute, second: second) }
        var parts = calendarParts(year, month, day, hour, minute, second)
        let offset: Int64
        if zone == "Z" {
            offset = 0
        } else {
            let zoneScalars = Array(zone.unicodeScalars)
            guard zoneScalars.count == 6, zoneScalars[0] == "+" || zoneScalars[0] == "-", zoneScalars[3] == ":",
                let hours = Int(String(String.UnicodeScalarView(zoneScalars[1..<3]))),
                let minutes = Int(String(String.UnicodeScalarView(zoneScalars[4..<6]))), hours <= 14, minutes < 60
            else { return nil }
            offset = (zoneScalars[0] == "-" ? -1 : 1) * Int64(hours * 3600 + minutes * 60)
        }
        let utc = timegm(&parts)
        guard utc != -1, parts.tm_mday == Int32(day) else { return nil }
        return Int64(utc) - offset
    }
}

extension ScheduleTime {
    /// The draft a post scheduled for `time` moves to, so that the draft the person writes in
    /// stays free: `scheduled-20261206-0900` in local time (`DraftLock.claimUnused` adds `-2`, …
    /// while a window, a draft or an outbox entry holds it).
    package static func draftName(for time: Int64) -> String {
        var seconds = time_t(time)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "scheduled-" + String(time) }
        func two(_ value: Int32) -> String { value < 10 ? "0" + String(value) : String(value) }
        return "scheduled-" + String(parts.tm_year + 1900) + two(parts.tm_mon + 1) + two(parts.tm_mday) + "-"
            + two(parts.tm_hour) + two(parts.tm_min)
    }
}
