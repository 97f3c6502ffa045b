/// Mentions and hashtags in a Bluesky post as the app finds them (links: BlueskyLinks), in Unicode
/// scalar ranges of the typed text.
///
/// Follows bluesky-social/atproto packages/api/src/rich-text/detection.ts and util.ts:
/// - a mention is '@' at the text's start or after white space or '(', then the longest run of
///   ASCII letters, digits, '.' and '-' that ends at a word boundary (`\b`, ASCII words), taken only
///   when it ends in a known top-level domain (or ".test");
/// - a tag is '#' or '＃' at the text's start or after white space, then the run up to white space
///   or a zero-width character, when the run holds something other than digits and punctuation
///   and does not start with U+FE0F; trailing punctuation is not part of it, and it has 1 to 64
///   UTF-16 units.
enum BlueskyMentionsAndTags {
    struct Mention: Equatable {
        /// From the '@' to the handle's end.
        let range: Range<Int>
        let handle: String
    }

    struct Tag: Equatable {
        /// From the '#' to the tag's end.
        let range: Range<Int>
        /// Without its '#'.
        let tag: String
    }

    static func mentions(in text: [Unicode.Scalar]) -> [Mention] {
        var found: [Mention] = []
        for at in text.indices where text[at] == "@" {
            if at > 0, !(BlueskyLinks.isSpace(text[at - 1]) || text[at - 1] == "(") { continue }
            var runEnd = at + 1
            while runEnd < text.count, isHandleCharacter(text[runEnd]) { runEnd += 1 }
            // The regular expression backtracks until `\b` holds after the handle.
            var end = runEnd
            while end > at + 1, !isWordBoundary(text, end) { end -= 1 }
            guard end > at + 1 else { continue }
            let handle = String(String.UnicodeScalarView(text[(at + 1)..<end]))
            guard BlueskyLinks.hasKnownTopLevelDomain(text[(at + 1)..<end]) || handle.hasSuffix(".test") else {
                continue
            }
            found.append(Mention(range: at..<end, handle: handle))
        }
        return found
    }

    static func tags(in text: [Unicode.Scalar]) -> [Tag] {
        var found: [Tag] = []
        var resumeAt = 0  // the regular expression resumes after its last match, its '#' included
        for hash in text.indices where hash >= resumeAt && (text[hash] == "#" || text[hash] == "＃") {
            if hash > 0, !BlueskyLinks.isSpace(text[hash - 1]) || hash - 1 < resumeAt { continue }
            var runEnd = hash + 1
            while runEnd < text.count, !BlueskyLinks.isSpace(text[runEnd]), !isZeroWidth(text[runEnd]) { runEnd += 1 }
            let run = text[(hash + 1)..<runEnd]
            guard run.first != "\u{FE0F}", run.contains(where: { !isDigit($0) && !isPunctuation($0) }) else {
                resumeAt = hash + 1
                continue
            }
            resumeAt = runEnd
            var tagEnd = runEnd
            while tagEnd > hash + 1, isPunctuation(text[tagEnd - 1]) { tagEnd -= 1 }
            let tag = String(String.UnicodeScalarView(text[(hash + 1)..<tagEnd]))
            guard (1...64).contains(tag.utf16.count) else { continue }
            found.append(Tag(range: hash..<tagEnd, tag: tag))
        }
        return found
    }

    private static func isHandleCharacter(_ s: Unicode.Scalar) -> Bool {
        s.isASCII && (isWordCharacter(s) && s != "_" || s == "." || s == "-")
    }

    /// JavaScript's `\w` without the u flag.
    private static func isWordCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_": return true
        default: return false
        }
    }

    private static func isWordBoundary(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        let before = index > 0 && isWordCharacter(text[index - 1])
        let after = index < text.count && isWordCharacter(text[index])
        return before != after
    }

    /// `\d` (ASCII digits, even with the u flag).
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }

    /// `\p{P}`: every punctuation category.
    private static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default: return false
        }
    }

    /// The characters util.ts's TAG_REGEX ends a tag at besides white space.
    private static func isZeroWidth(_ s: Unicode.Scalar) -> Bool {
        [0x00AD, 0x2060, 0x200A, 0x200B, 0x200C, 0x200D, 0x20E2].contains(s.value)
    }
}
