/// Keeps a running count of a text under edits without recounting the whole text: each edit
/// recounts only a window around it (``window(rule:editStart:editEnd:count:scalarAt:)``): `margin`
/// characters on each side, grown to the nearest white space so that a URL or mention the edit
/// touches is counted whole. Every rule's count adds up across white space (no cluster, URL,
/// mention or emoji sequence crosses it), so counting the same window before and after the edit gives
/// the exact change, as long as no cluster is longer than `margin` and no token longer than
/// `maximumTokenReach`.
public struct IncrementalCounter: Sendable {
    /// How characters are counted.
    public let rule: CountingRule
    /// The running total, in the rule's units.
    public private(set) var units = 0
    /// Characters that are not whitespace: Send needs at least one.
    public private(set) var visibleCharacters = 0
    /// Bluesky: UTF-8 bytes of the text as posted (at most 3,000 make a valid post).
    public private(set) var postedBytes = 0
    /// X: characters no post may hold (twitter-text's hasInvalidCharacters).
    public private(set) var invalidCharacters = 0
    /// Mastodon: the units of the leading and trailing white space it strips (not counted).
    public private(set) var strippedUnits = 0
    /// Characters (Unicode scalars, as GtkTextBuffer offsets count) taken on each side of an edit.
    public static let margin = 256

    /// How far past the margin a window may grow to reach white space: the longest URL (4,096).
    public static let maximumTokenReach = 4_096

    /// The window to recount for an edit replacing the scalars `editStart..<editEnd` of a text of
    /// `count` scalars, in the text as it is before the edit; after the edit the same window ends
    /// where the edit moved its end.
    public static func window(
        rule: CountingRule, editStart: Int, editEnd: Int, count: Int, scalarAt: (Int) -> Unicode.Scalar
    ) -> Range<Int> {
        // A window edge sits on white space that starts a cluster (not the LF of a CR LF).
        func isEdge(_ index: Int) -> Bool {
            let scalar = scalarAt(index)
            return URLCharacters.isSpace(scalar) && !(scalar == "\n" && index > 0 && scalarAt(index - 1) == "\r")
        }
        // The nearest edges around the edit are enough (prose has one a word away): the edge before
        // stays an edge whatever the edit inserts after it, and the one after is not next to the
        // edit, so no cluster (CR LF, a combining mark) can form across either. Without one within
        // the margin: the margin itself (clusters are short), grown to white space for the rules
        // with URLs and mentions.
        let reach = rule.countsTokens ? maximumTokenReach : 0
        let marginStart = max(0, editStart - margin)
        var start = editStart - 1
        while start > marginStart && !isEdge(start) { start -= 1 }
        if start <= marginStart {
            start = marginStart
            let earliest = max(0, start - reach)
            while start > earliest && !isEdge(start) { start -= 1 }
        }
        let marginEnd = min(count, editEnd + margin)
        var end = editEnd + 1
        while end < marginEnd && !isEdge(end) { end += 1 }
        if end >= marginEnd {
            end = marginEnd
            let latest = min(count, end + reach)
            while end < latest && !isEdge(end) { end += 1 }
        }
        return start..<end
    }

    /// An empty text's count.
    public init(rule: CountingRule) { self.rule = rule }

    /// Units counted with the text that are not in it: Mastodon's content warning.
    public var extraUnits = 0

    /// What the counter shows.
    public var displayed: Int { rule.displayed(units - strippedUnits + extraUnits) }

    /// The count of a whole text at once (what `--measure` reports).
    public static func counting(_ text: String, rule: CountingRule) -> IncrementalCounter {
        var counter = IncrementalCounter(rule: rule)
        counter.reset(to: text)
        return counter
    }

    /// Full recount: for a new text (initial text, a buffer swap).
    public mutating func reset(to text: String) {
        let measure = rule.measure(text)
        units = measure.units
        postedBytes = measure.postedBytes
        invalidCharacters = measure.invalidCharacters
        visibleCharacters = Self.visible(text)
        let edges = rule.strippedEdges(of: text)
        setStrippedEdges(leading: edges.leading, trailing: edges.trailing)
    }

    /// An edit, described by the window's text before and after it (see ``window(rule:editStart:editEnd:count:scalarAt:)``).
    /// For a rule that strips its edges, ``setStrippedEdges(leading:trailing:)`` follows.
    public mutating func apply(windowBefore: String, windowAfter: String) {
        let before = rule.measure(windowBefore)
        let after = rule.measure(windowAfter)
        units += after.units - before.units
        postedBytes += after.postedBytes - before.postedBytes
        invalidCharacters += after.invalidCharacters - before.invalidCharacters
        visibleCharacters += Self.visible(windowAfter) - Self.visible(windowBefore)
    }

    /// An edit as a text view reports it once done: at `offset`, `removed` was taken out and
    /// `insertedCount` characters put in. `slice(from, to)` reads the text as it is now (character
    /// offsets; `count` characters); the text as it was is that with `removed` put back. Recounts the
    /// window around the edit, fetching the text near the window's edges a chunk at a time.
    public mutating func apply(
        editAt offset: Int, removed: String, insertedCount inserted: Int, count: Int, slice: (Int, Int) -> String
    ) {
        let removedScalars = Array(removed.unicodeScalars)
        let removedCount = removedScalars.count
        var chunkStart = 0
        var chunk: [Unicode.Scalar] = []
        func scalarNow(_ index: Int) -> Unicode.Scalar {
            if index < chunkStart || index >= chunkStart + chunk.count {
                chunkStart = max(0, index - Self.chunkReach)
                chunk = Array(slice(chunkStart, min(count, index + Self.chunkReach)).unicodeScalars)
            }
            return chunk[index - chunkStart]
        }
        let window = Self.window(
            rule: rule, editStart: offset, editEnd: offset + removedCount, count: count - inserted + removedCount
        ) { index in
            if index < offset { return scalarNow(index) }
            if index < offset + removedCount { return removedScalars[index - offset] }
            return scalarNow(index - removedCount + inserted)
        }
        let endNow = window.upperBound - removedCount + inserted
        apply(
            windowBefore: slice(window.lowerBound, offset) + removed + slice(offset + inserted, endNow),
            windowAfter: slice(window.lowerBound, endNow))
    }

    /// Scalars fetched on each side of one looked for (prose: the nearest space; unspaced CJK: the margin).
    static let chunkReach = 64

    /// The text's leading and trailing runs of what the rule strips (``CountingRule/strippedEdges(of:)``).
    public mutating func setStrippedEdges<S: StringProtocol>(leading: S, trailing: S) {
        strippedUnits = rule.stripsEdges ? rule.units(of: leading) + rule.units(of: trailing) : 0
    }

    /// Whether the text has a non-whitespace character.
    public var hasVisibleText: Bool { visibleCharacters > 0 }

    /// Why the network would refuse the text whatever its length, if it would.
    public enum Refusal: Equatable, Sendable {
        /// X: U+FFFE, U+FEFF or U+FFFF in the text.
        case invalidCharacters
        /// Bluesky: more than 3,000 UTF-8 bytes as posted.
        case tooManyBytes
    }

    /// What stops the text from being a valid post besides its length; nil when nothing does.
    public var refusal: Refusal? {
        if invalidCharacters > 0 { return .invalidCharacters }
        if rule == .bluesky && postedBytes > BlueskyLength.maximumBytes { return .tooManyBytes }
        return nil
    }

    /// Whether the text can be sent: something besides whitespace, within the limit, nothing the
    /// network refuses (what enables Send, and `--measure`'s exit status).
    public func canSend(limit: Int?) -> Bool { hasVisibleText && fits(limit: limit) && refusal == nil }

    /// Whether the count is within `limit` (always, without one).
    public func fits(limit: Int?) -> Bool {
        limit.map { displayed <= $0 } ?? true
    }

    /// What the counter label shows: "12/140", or "12" without a limit.
    public func label(limit: Int?) -> String {
        limit.map { "\(displayed)/\($0)" } ?? "\(displayed)"
    }

    private static func visible(_ text: String) -> Int { text.reduce(0) { isWhitespace($1) ? $0 : $0 + 1 } }

    /// `Character.isWhitespace` (its first scalar has Unicode's White_Space property), without the
    /// property look-up per character that made it a tenth of a keystroke's cost in CJK text.
    private static func isWhitespace(_ character: Character) -> Bool {
        switch character.unicodeScalars.first?.value ?? 0 {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
