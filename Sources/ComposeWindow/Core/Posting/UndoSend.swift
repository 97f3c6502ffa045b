/// How long Send waits before a post leaves, so that Undo can take it back: the person's setting
/// (0–30 s, 5 unless changed) in a window started from the desktop; none for a script (started
/// without `--desktop`), nor with `--no-delay`.
package enum UndoSend {
    package static let defaultSeconds = 5
    package static let longestSeconds = 30

    /// The countdown's seconds. `setting`: the stored value, nil when none was read (treated as
    /// the default); out of range, it is brought within it.
    package static func seconds(setting: Int?, fromDesktop: Bool, noDelay: Bool) -> Int {
        guard fromDesktop, !noDelay else { return 0 }
        return min(max(setting ?? defaultSeconds, 0), longestSeconds)
    }

    /// What the bar says `secondsLeft` before the post goes (never less than 1: the count ends with
    /// the post leaving, not with "0 s").
    package static func countdownWords(secondsLeft: Int64) -> String {
        localized("Posting in {0} s", String(max(secondsLeft, 1)))
    }
}
