import GtkPlaceholder
import PlaceholderGtk3Glue

/// Times as the window shows them, in the person's locale (GLib's strftime formats).
@MainActor
enum TimeWords {
    /// "14:05:00": a time today.
    static func clock(_ secondsSinceEpoch: Int64) -> String { format(secondsSinceEpoch, "%X") }

    /// The time alone when it is today, else the date and time ("12/05/26 14:05").
    static func when(_ secondsSinceEpoch: Int64, now: Int64) -> String {
        let sameDay = format(secondsSinceEpoch, "%F") == format(now, "%F")
        return format(secondsSinceEpoch, sameDay ? "%R" : "%x %R")
    }

    /// "Sunday 12/06/26 09:00": Send later's day and time.
    static func dayAndTime(_ secondsSinceEpoch: Int64) -> String { format(secondsSinceEpoch, "%A %x %R") }

    private static func format(_ secondsSinceEpoch: Int64, _ pattern: String) -> String {
        guard let time = g_date_time_new_from_unix_local(gint64(secondsSinceEpoch)) else {
            return String(secondsSinceEpoch)
        }
        defer { g_date_time_unref(time) }
        return takeGString(g_date_time_format(time, pattern)) ?? String(secondsSinceEpoch)
    }
}
