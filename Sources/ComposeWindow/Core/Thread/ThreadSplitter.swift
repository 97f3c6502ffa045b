/// A text over a network's limit cut into the posts of a thread, each counted exactly by that
/// network's rule. Cuts go at paragraph breaks, else sentence ends, else between words, else
/// between characters (unspaced Chinese); never inside a link, a mention, a hashtag or a grapheme
/// cluster. A line holding only `---` forces a cut and is never posted. Every character of the
/// text but the markers' lines (and white space alone between two of them) belongs to exactly one
/// part, in order.
public enum ThreadSplitter {
    /// The line that forces a cut (a Markdown rule, what people already type between posts).
    public static let marker = "---"

    /// One post of the thread.
    public struct Part: Sendable, Equatable {
        /// The part's characters in the text, as Unicode scalar offsets (GtkTextBuffer's).
        public let range: Range<Int>
        /// What is posted: the part without the white space at its ends, numbered when asked.
        public let text: String
        /// Its count by the rule, numbering included.
        public let units: Int
        /// Whether it is within the limit (not when one link, mention or hashtag is longer).
        public let fits: Bool
    }

    /// The thread for `text` posted by `rule` with `limit` units a post, numbered "1/3"… when
    /// `numbered` and there is more than one part. Parts with nothing but white space are left out.
    public static func split(_ text: String, rule: CountingRule, limit: Int, numbered: Bool = false) -> [Part] {
        let layout = TextLayout(text, rule: rule)
        var parts = layout.cut(limit: limit, suffixWidth: "")
        guard numbered, parts.count > 1 else { return layout.parts(parts, limit: limit, numbered: false) }
        // The numbering is counted in; its widest form ("12/12") is reserved in every part, and
        // the count settles within a few rounds (more digits, more parts).
        for _ in 0..<4 {
            let widest = " \(parts.count)/\(parts.count)"
            let renumbered = layout.cut(limit: limit, suffixWidth: widest)
            if renumbered.count == parts.count {
                parts = renumbered
                break
            }
            parts = renumbered
        }
        return layout.parts(parts, limit: limit, numbered: true)
    }

    /// Whether a network's post of `text` fits: its count, and for Bluesky its bytes.
    static func fits(_ text: String, rule: CountingRule, limit: Int) -> (units: Int, fits: Bool) {
        let counted = IncrementalCounter.counting(text, rule: rule)
        return (counted.displayed, counted.fits(limit: limit) && counted.refusal != .tooManyBytes)
    }
}

/// The text as the splitter sees it: grapheme clusters, where cuts may go, and of which kind.
private struct TextLayout {
    let rule: CountingRule
    let characters: [Character]
    /// Scalar offset where each character starts (and the text's scalar count last).
    let scalarOffsets: [Int]
    /// Runs of characters that are no marker line, in order.
    let segments: [Range<Int>]
    /// Cut positions inside a link, mention or hashtag (a character index).
    let insideTokens: Set<Int>

    enum Preference: Int, Comparable {
        case character, word, sentence, paragraph
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    init(_ text: String, rule: CountingRule) {
        self.rule = rule
        characters = Array(text)
        var offsets = [0]
        offsets.reserveCapacity(characters.count + 1)
        for character in characters { offsets.append(offsets.last! + character.unicodeScalars.count) }
        scalarOffsets = offsets
        segments = Self.segments(characters)
        var inside = Set<Int>()
        let scalars = Array(text.unicodeScalars)
        for highlight in rule.highlights(in: scalars) {
            let first = Self.characterIndex(containing: highlight.range.lowerBound, offsets)
            let last = Self.characterIndex(containing: highlight.range.upperBound - 1, offsets)
            if first < last { inside.formUnion((first + 1)...last) }
        }
        insideTokens = inside
    }

    /// The character holding the scalar at `offset`.
    private static func characterIndex(containing offset: Int, _ offsets: [Int]) -> Int {
        var low = 0
        var high = offsets.count - 1
        while low + 1 < high {
            let middle = (low + high) / 2
            if offsets[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// The text without its marker lines (a line holding only the marker, its line break included).
    private static func segments(_ characters: [Character]) -> [Range<Int>] {
        var segments: [Range<Int>] = []
        var segmentStart = 0
        var lineStart = 0
        var index = 0
        while index <= characters.count {
            if index == characters.count || characters[index].isNewline {
                let line = String(characters[lineStart..<index])
                if line == ThreadSplitter.marker {
                    if lineStart > segmentStart { segments.append(segmentStart..<lineStart) }
                    segmentStart = min(characters.count, index + 1)
                }
                lineStart = index + 1
            }
            index += 1
        }
        if segmentStart < characters.count { segments.append(segmentStart..<characters.count) }
        return segments
    }

    /// The kind of cut at `index` (between characters `index - 1` and `index`), nil where none may go.
    func preference(at index: Int) -> Preference? {
        guard index > 0, index < characters.count, !insideTokens.contains(index) else { return nil }
        let before = characters[index - 1]
        let after = characters[index]
        if before.isWhitespace {
            guard !after.isWhitespace else { return nil }  // after the whole run of white space
            var run = index - 1
            var lineBreaks = 0
            while run >= 0 && characters[run].isWhitespace {
                if characters[run].isNewline { lineBreaks += 1 }
                run -= 1
            }
            if lineBreaks >= 2 { return .paragraph }
            if run >= 0 && Self.endsSentence(characters[run]) { return .sentence }
            return .word
        }
        if after.isWhitespace { return nil }  // the white space goes with the part before
        if Self.endsSentence(before) && Self.isUnspaced(before) { return .sentence }
        return .character
    }

    private static func endsSentence(_ character: Character) -> Bool {
        ".!?…。！？".contains(character)
    }

    /// Full-width punctuation, after which Chinese and Japanese start the next sentence unspaced.
    private static func isUnspaced(_ character: Character) -> Bool { "。！？".contains(character) }

    /// The part as posted: without the white space at its ends.
    func posted(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && characters[lower].isWhitespace { lower += 1 }
        while upper > lower && characters[upper - 1].isWhitespace { upper -= 1 }
        return String(characters[lower..<upper])
    }

    private func fits(_ range: Range<Int>, limit: Int, suffix: String) -> Bool {
        let text = posted(range)
        return ThreadSplitter.fits(text.isEmpty ? text : text + suffix, rule: rule, limit: limit).fits
    }

    /// The parts' character ranges.
    func cut(limit: Int, suffixWidth suffix: String) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        for segment in segments {
            var start = segment.lowerBound
            while start < segment.upperBound {
                // Only a window of the text is counted for each part, widened until it no longer
                // fits (or holds the rest): the cost stays with the part, not with what follows it.
                var reach = 2 * limit + 64
                var windowEnd = segment.upperBound
                while true {
                    windowEnd = cut(atOrAfter: start + reach, before: segment.upperBound)
                    if !fits(start..<windowEnd, limit: limit, suffix: suffix) || windowEnd == segment.upperBound {
                        break
                    }
                    reach *= 2
                }
                if windowEnd == segment.upperBound, fits(start..<windowEnd, limit: limit, suffix: suffix) {
                    parts.append(start..<segment.upperBound)
                    break
                }
                let end = bestCut(from: start, before: windowEnd, limit: limit, suffix: suffix)
                parts.append(start..<end)
                start = end
            }
        }
        // White space alone is no post: it joins the part before it when they touch.
        var merged: [Range<Int>] = []
        for part in parts {
            if let last = merged.last, last.upperBound == part.lowerBound, posted(part).isEmpty || posted(last).isEmpty
            {
                merged[merged.count - 1] = last.lowerBound..<part.upperBound
            } else {
                merged.append(part)
            }
        }
        return merged
    }

    /// The first place a cut may go at or after `index`, or `end`: counts add up across such places,
    /// so a window ending there that does not fit holds the furthest cut that does.
    private func cut(atOrAfter index: Int, before end: Int) -> Int {
        var index = index
        while index < end, preference(at: index) == nil { index += 1 }
        return min(index, end)
    }

    /// Where the part starting at `start` ends: the furthest cut that fits, moved back to a
    /// paragraph break or a sentence end in the second half of what fits, else to a word boundary.
    private func bestCut(from start: Int, before end: Int, limit: Int, suffix: String) -> Int {
        let cuts = (start + 1..<end).filter { preference(at: $0) != nil }
        guard !cuts.isEmpty else { return end }
        // Counts add up across cuts (no cluster or token spans one), so the fitting cuts are a prefix.
        var low = -1
        var high = cuts.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if fits(start..<cuts[middle], limit: limit, suffix: suffix) { low = middle } else { high = middle }
        }
        // Nothing fits: one token (or cluster) longer than a post goes alone, over the limit.
        guard low >= 0 else { return cuts[0] }
        let furthest = cuts[low]
        let half = start + (furthest - start) / 2
        for wanted in [TextLayout.Preference.paragraph, .sentence] {
            if let cut = cuts[...low].last(where: { $0 > half && preference(at: $0)! >= wanted }) { return cut }
        }
        // Any word boundary before cutting a word (unspaced scripts have none: any character then).
        return cuts[...low].last { preference(at: $0)! >= .word } ?? furthest
    }

    func parts(_ ranges: [Range<Int>], limit: Int, numbered: Bool) -> [ThreadSplitter.Part] {
        let kept = ranges.filter { !posted($0).isEmpty }
        return kept.enumerated().map { index, range in
            let body = posted(range)
            let text = numbered ? body + " \(index + 1)/\(kept.count)" : body
            let (units, fits) = ThreadSplitter.fits(text, rule: rule, limit: limit)
            return ThreadSplitter.Part(
                range: scalarOffsets[range.lowerBound]..<scalarOffsets[range.upperBound], text: text, units: units,
                fits: fits)
        }
    }
}
