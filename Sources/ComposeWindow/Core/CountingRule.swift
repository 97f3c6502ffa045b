/// How the counter counts, in whole "units" of the rule. A grapheme is 1 unit; the Weibo rule counts
/// in halves (a full-width character 2, a half-width one 1) and shows ceil(units / 2); X's rule counts
/// in hundredths (twitter-text's weights); Mastodon and Bluesky count grapheme clusters, Mastodon
/// with every URL as its server's `characters_reserved_per_url` (23 unless a server says otherwise)
/// and a mention's domain free, Bluesky with every link shortened.
public enum CountingRule: Hashable, Sendable, CaseIterable {
    case graphemes
    case weibo
    case twitter
    /// Every http(s) URL counts as `urlLength` characters.
    case mastodon(urlLength: Int)
    case bluesky

    /// Mastodon as it ships: every URL 23 characters.
    public static var mastodon: CountingRule { .mastodon(urlLength: MastodonLength.urlLength) }

    /// Every rule `--count` names, Mastodon with its shipped URL weight.
    public static var allCases: [CountingRule] { [.graphemes, .weibo, .twitter, .mastodon, .bluesky] }

    /// The name `--count` takes.
    public var name: String {
        switch self {
        case .graphemes: "graphemes"
        case .weibo: "weibo"
        case .twitter: "twitter"
        case .mastodon: "mastodon"
        case .bluesky: "bluesky"
        }
    }

    /// The rule `--count NAME` names (Mastodon with its shipped URL weight).
    public init?(name: String) {
        guard let rule = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = rule
    }

    /// The same rule with a Mastodon server's own URL weight; other rules are unchanged.
    public func counting(urlsAs urlLength: Int?) -> CountingRule {
        guard case .mastodon = self, let urlLength, urlLength > 0 else { return self }
        return .mastodon(urlLength: urlLength)
    }

    /// The network's own limit, used unless `--limit` is given.
    public var defaultLimit: Int? {
        switch self {
        case .graphemes, .weibo: return nil
        case .twitter: return 280
        case .mastodon: return 500
        case .bluesky: return 300
        }
    }

    /// What one stretch of text adds up to; every field adds up across white space.
    public struct Measure: Equatable, Sendable {
        /// The cost in the rule's units.
        public var units = 0
        /// Bluesky: UTF-8 bytes of the text as posted (links shortened); 0 for the other rules.
        public var postedBytes = 0
        /// X: characters twitter-text refuses in any post (U+FFFE, U+FEFF, U+FFFF); 0 for the others.
        public var invalidCharacters = 0
    }

    /// Everything the rule counts in `text`, as if it were the whole post but for stripping.
    public func measure<S: StringProtocol>(_ text: S) -> Measure {
        switch self {
        case .graphemes: return Measure(units: text.count)
        case .weibo: return Measure(units: text.reduce(0) { $0 + (EastAsianWidth.isWide($1) ? 2 : 1) })
        case .twitter:
            let invalid = text.unicodeScalars.reduce(0) { URLCharacters.isInvalid($1) ? $0 + 1 : $0 }
            return Measure(units: WeightedLength().parse(text).weight, invalidCharacters: invalid)
        case .mastodon(let urlLength): return Measure(units: MastodonLength.count(text, urlLength: urlLength))
        case .bluesky:
            let posted = BlueskyLength.posted(text)
            return Measure(units: posted.count, postedBytes: posted.utf8.count)
        }
    }

    /// The total cost of `text`, in the rule's units (before any stripping).
    public func units<S: StringProtocol>(of text: S) -> Int { measure(text).units }

    /// Whether URLs, mentions or links count differently from their characters (a recount window
    /// must then hold them whole).
    public var countsTokens: Bool {
        switch self {
        case .twitter, .mastodon, .bluesky: true
        case .graphemes, .weibo: false
        }
    }

    /// Mastodon strips the status's leading and trailing white space before it validates the length
    /// (mastodon/mastodon app/models/status.rb: `before_validation :prepare_contents`, whose
    /// `text&.strip!` is Ruby's String#strip: NUL, tab, LF, VT, FF, CR and space only).
    public var stripsEdges: Bool { if case .mastodon = self { true } else { false } }

    /// What Ruby's String#strip removes.
    public static func isStripped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0 || (0x09...0x0D).contains(scalar.value) || scalar == " "
    }

    /// The leading and trailing runs the network strips (both empty for rules that strip nothing;
    /// a text of nothing else is all leading).
    public func strippedEdges(of text: String) -> (leading: Substring, trailing: Substring) {
        guard stripsEdges else { return ("", "") }
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { !Self.isStripped($0) } ?? scalars.endIndex
        guard start < scalars.endIndex else { return (Substring(text), "") }
        let last = scalars.lastIndex { !Self.isStripped($0) }!
        return (Substring(scalars[..<start]), Substring(scalars[scalars.index(after: last)...]))
    }

    /// What the counter shows for a total of `units`.
    public func displayed(_ units: Int) -> Int {
        switch self {
        case .graphemes, .mastodon, .bluesky: return units
        case .weibo: return (units + 1) / 2
        case .twitter: return units / WeightedLength.scale
        }
    }

    /// Where `text` stops fitting in `limit` (displayed characters): the offset, in Unicode scalars,
    /// of the first one beyond it, or nil when all of it fits. For X, twitter-text's valid range;
    /// for Bluesky, the displayed limit or 3,000 bytes, whichever comes first.
    public func overflowStart(of text: String, limit: Int) -> Int? {
        if self == .twitter { return WeightedLength().parse(text, limit: limit).validEnd }
        let edges = strippedEdges(of: text)
        let leadingScalars = edges.leading.unicodeScalars.count
        let counted = text.unicodeScalars.dropFirst(leadingScalars).dropLast(edges.trailing.unicodeScalars.count)
        let pieces: [(scalars: Int, cost: Int, bytes: Int)]
        switch self {
        case .mastodon(let urlLength):
            pieces = MastodonLength.pieces(of: String(counted), urlLength: urlLength).map { ($0.scalars, $0.cost, 0) }
        case .bluesky: pieces = BlueskyLength.pieces(of: text)
        default: pieces = text.map { ($0.unicodeScalars.count, units(of: String($0)), 0) }
        }
        var total = 0
        var bytes = 0
        var offset = leadingScalars
        for piece in pieces {
            total += piece.cost
            bytes += piece.bytes
            if displayed(total) > limit || bytes > BlueskyLength.maximumBytes { return offset }
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
