/// How the counter counts, in whole "units" of the rule. A grapheme is 1 unit; the Weibo rule counts
/// in halves (a full-width character 2, a half-width one 1) and shows ceil(units / 2); X's rule counts
/// in hundredths (twitter-text's weights); Mastodon and Bluesky count grapheme clusters, Mastodon
/// with every URL as 23 and a mention's domain free.
public enum CountingRule: String, CaseIterable, Sendable {
    case graphemes
    case weibo
    case twitter
    case mastodon
    case bluesky

    /// The network's own limit, used unless `--limit` is given.
    public var defaultLimit: Int? {
        switch self {
        case .graphemes, .weibo: return nil
        case .twitter: return 280
        case .mastodon: return 500
        case .bluesky: return 300
        }
    }

    /// The total cost of `text`, in the rule's units.
    public func units<S: StringProtocol>(of text: S) -> Int {
        switch self {
        case .graphemes, .bluesky: return text.count
        case .weibo: return text.reduce(0) { $0 + (EastAsianWidth.isWide($1) ? 2 : 1) }
        case .twitter: return WeightedLength().parse(text).weight
        case .mastodon: return MastodonLength.count(text)
        }
    }

    /// Whether URLs or mentions count differently from their characters (a recount window must
    /// then hold them whole).
    public var countsTokens: Bool { self == .twitter || self == .mastodon }

    /// What the counter shows for a total of `units`.
    public func displayed(_ units: Int) -> Int {
        switch self {
        case .graphemes, .mastodon, .bluesky: return units
        case .weibo: return (units + 1) / 2
        case .twitter: return units / WeightedLength.scale
        }
    }

    /// Where `text` stops fitting in `limit` (displayed characters): the offset, in Unicode scalars,
    /// of the first one beyond it, or nil when all of it fits. For X, twitter-text's valid range.
    public func overflowStart(of text: String, limit: Int) -> Int? {
        if self == .twitter { return WeightedLength().parse(text, limit: limit).validEnd }
        let pieces =
            self == .mastodon
            ? MastodonLength.pieces(of: text) : text.map { ($0.unicodeScalars.count, units(of: String($0))) }
        var total = 0
        var offset = 0
        for piece in pieces {
            total += piece.cost
            if displayed(total) > limit { return offset }
            offset += piece.scalars
        }
        return nil
    }
}

/// East Asian Width "W" and "F" (UAX #11), plus emoji presentation: the characters the Weibo rule
/// counts as 1 rather than ½.
enum EastAsianWidth {
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.properties.isEmojiPresentation { return true }
        let value = scalar.value
        return wideRanges.contains { $0.contains(value) }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
