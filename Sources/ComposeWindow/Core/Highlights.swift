/// What the text view styles as the network will show it: links, mentions and hashtags, found by
/// the same rules the network's counting and posting use (twitter-text's for X; Mastodon's URLs,
/// mentions and hashtags; Bluesky's facets). Weibo and plain counting style nothing. None of them
/// spans white space, so a window of text grown to white space (IncrementalCounter.window) finds
/// every one that touches an edit.
public enum Highlight: Hashable, Sendable {
    case link, mention, hashtag
}

extension CountingRule {
    /// Whether the network styles anything in a post (plain counting and Weibo do not): the window
    /// need not look for highlights around each edit.
    public var highlightsAnything: Bool {
        switch self {
        case .twitter, .mastodon, .bluesky: true
        case .graphemes, .weibo: false
        }
    }

    /// The highlights in `text`, in order, none overlapping (an earlier one wins, as twitter-text's
    /// removeOverlappingEntities keeps it); ranges are indices into `text`.
    public func highlights(in text: [Unicode.Scalar]) -> [(range: Range<Int>, kind: Highlight)] {
        var found: [(range: Range<Int>, kind: Highlight)] = []
        switch self {
        case .twitter:
            found += Self.twitterURLs.urls(in: text).map { ($0, .link) }
            found += TwitterEntities.mentions(in: text).map { ($0.range, .mention) }
            found += TwitterEntities.hashtags(in: text).map { ($0, .hashtag) }
        case .mastodon:
            found += Self.mastodonURLs.urls(in: text).map { ($0, .link) }
            found += MastodonLength.mentions(in: text).map { ($0.range, .mention) }
            found += MastodonHashtags.hashtags(in: text).map { ($0, .hashtag) }
        case .bluesky:
            found += BlueskyLinks.links(in: text).map { ($0, .link) }
            found += BlueskyMentionsAndTags.mentions(in: text).map { ($0.range, .mention) }
            found += BlueskyMentionsAndTags.tags(in: text).map { ($0.range, .hashtag) }
        case .graphemes, .weibo: return []
        }
        found.sort { $0.range.lowerBound < $1.range.lowerBound }
        var kept: [(range: Range<Int>, kind: Highlight)] = []
        for entity in found where entity.range.lowerBound >= (kept.last?.range.upperBound ?? 0) {
            kept.append(entity)
        }
        return kept
    }

    private static let twitterURLs = URLExtractor(requiresScheme: false)
    private static let mastodonURLs = URLExtractor(requiresScheme: true)
}

/// Mastodon's hashtags (Tag::Naming's HASHTAG_RE): `#` or `＃` at the start or after white space,
/// then word characters (letters, marks, digits, connectors) with '·', '・' and ZWNJ allowed
/// inside, holding a letter.
enum MastodonHashtags {
    static func hashtags(in text: [Unicode.Scalar]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < text.count {
            defer { index += 1 }
            guard text[index] == "#" || text[index] == "＃" else { continue }
            guard index == 0 || text[index - 1].properties.isWhitespace else { continue }
            var run = index + 1
            while run < text.count, isWord(text[run]) || isSeparator(text[run]) { run += 1 }
            // The first form: word … (a letter or separator inside) … word, at least three.
            var end = run
            while end > index + 1, !isWord(text[end - 1]) { end -= 1 }
            let inside = (index + 2)..<max(index + 2, end - 1)
            if end - (index + 1) >= 3, isWord(text[index + 1]),
                inside.contains(where: { text[$0].properties.isAlphabetic || isSeparator(text[$0]) || text[$0] == "_" })
            {
                found.append(index..<end)
                index = end - 1
                continue
            }
            // The last form: word characters only, one of them a letter.
            var wordEnd = index + 1
            while wordEnd < text.count, isWord(text[wordEnd]) { wordEnd += 1 }
            if ((index + 1)..<wordEnd).contains(where: { text[$0].properties.isAlphabetic }) {
                found.append(index..<wordEnd)
                index = wordEnd - 1
            }
        }
        return found
    }

    /// Onigmo's [[:word:]]: letters, marks, decimal digits and connector punctuation ('_').
    private static func isWord(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        default: return false
        }
    }

    private static func isSeparator(_ s: Unicode.Scalar) -> Bool {
        s == "\u{B7}" || s == "\u{30FB}" || s == "\u{200C}"
    }
}
