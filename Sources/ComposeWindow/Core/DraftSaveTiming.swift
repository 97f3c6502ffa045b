/// When the draft autosave writes (times in µs, g_get_monotonic_time's). A save copies and writes
/// the whole text, so its cost grows with the text: up to 256 Ki characters an edit is saved a
/// second after it, however long typing goes on; past that, typing on waits up to a second per
/// 256 Ki characters (4 s for a million, at most 8 s), and a second's pause saves at once. A person
/// typing into a megabyte then pays for a save every few seconds, not every second, and what a
/// crash could take stays a few seconds of typing.
public enum DraftSaveTiming {
    /// A pause this long saves (and, up to `charactersPerSecond`, the longest wait is the same).
    public static let quiet: Int64 = 1_000_000
    /// Characters a second of waiting is allowed for.
    public static let charactersPerSecond = 262_144
    /// No edit waits longer, whatever the text's length.
    public static let longest: Int64 = 8_000_000

    /// The longest an edit waits to be saved while typing goes on, in a text of `characters`.
    public static func longestWait(characters: Int) -> Int64 {
        let proportional = Int64(max(0, characters)) * 1_000_000 / Int64(charactersPerSecond)
        return min(longest, max(quiet, proportional))
    }

    /// When to save: the first unsaved edit was made at `firstUnsaved`, the last at `lastEdit`.
    public static func saveAt(firstUnsaved: Int64, lastEdit: Int64, characters: Int) -> Int64 {
        min(firstUnsaved + longestWait(characters: characters), lastEdit + quiet)
    }
}
