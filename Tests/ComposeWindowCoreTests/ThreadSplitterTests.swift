import PlaceholderTestSupport
import Testing

@testable import ComposeWindowCore

/// Threads cut from random text by each network's rule: every part within the limit, the parts
/// giving back the text, no link, mention, hashtag or grapheme cut, and the preferred cuts taken.
@Suite struct ThreadSplitterTests {
    /// `make test`'s seeds (THREAD_SEED=N replays one; `make check-fuzz` tries fresh ones).
    static let seeds = SeededGenerator.seeds(from: "THREAD_SEED", fixed: [20_261_204, 7])

    static let limits: [CountingRule: Int] = [
        .twitter: 280, .mastodon(urlLength: 23): 500, .bluesky: 300, .weibo: 140, .graphemes: 200,
    ]

    static let pieces = [
        "word", "words", "a", "longerword", " ", " ", " ", "\n", "\n\n", ". ", "! ", "? ", "…", "中文", "分享新鲜事",
        "。", "！", "👍🏽", "👨‍👩‍👧", "e\u{301}", "🇫🇷", "\r\n", "https://example.com/path?q=1", "example.org",
        "@alice", "@bob@example.social", "#tag", "#中文标签", "t.co/abc", "\n---\n", "---",
        " https://example.com/" + String(repeating: "p", count: 120) + " ",
    ]

    /// Pieces without white space: unspaced text, where cuts fall between characters, next to
    /// links, mentions and hashtags.
    static let unspacedPieces = pieces.filter { !$0.contains { $0.isWhitespace } }

    /// A text from the pieces, `length` of them; every other round without white space.
    static func text(_ generator: inout SeededGenerator, length: Int, spaced: Bool) -> String {
        let source = spaced ? pieces : unspacedPieces
        return (0..<length).map { _ in source.randomElement(using: &generator)! }.joined()
    }

    /// The text with its marker lines taken out and segments of white space alone dropped: what
    /// the parts must give back.
    static func expectedJoin(_ text: String) -> String {
        var segments: [String] = [""]
        let lines = text.split(omittingEmptySubsequences: false) { $0.isNewline }
        var remaining = Substring(text)
        for line in lines {
            let hasBreak = remaining.count > line.count
            let taken = remaining.prefix(line.count + (hasBreak ? 1 : 0))
            remaining = remaining.dropFirst(taken.count)
            if line == ThreadSplitter.marker { segments.append("") } else { segments[segments.count - 1] += taken }
        }
        return segments.filter { !$0.allSatisfy(\.isWhitespace) }.joined()
    }

    @Test(arguments: Array(limits.keys), seeds)
    func everyPartFitsAndTheyGiveBackTheText(rule: CountingRule, seed: UInt64) {
        var generator = SeededGenerator(state: seed)
        let limit = Self.limits[rule]!
        for round in 0..<60 {
            let text = Self.text(
                &generator, length: Int.random(in: 1...400, using: &generator), spaced: round % 4 < 2)
            let scalars = Array(text.unicodeScalars)
            let numbered = round % 2 == 1
            let parts = ThreadSplitter.split(text, rule: rule, limit: limit, numbered: numbered)
            let context = "round \(round), THREAD_SEED=\(seed)"
            // Cluster boundaries between two characters that are not white space: where a cut
            // could go if no link, mention or hashtag spans it.
            let characters = Array(text)
            var wordCuts: [Int] = []
            var offset = 0
            for (index, character) in characters.enumerated() {
                if index > 0 && !character.isWhitespace && !characters[index - 1].isWhitespace {
                    wordCuts.append(offset)
                }
                offset += character.unicodeScalars.count
            }
            let tokens = rule.highlights(in: scalars).map(\.range)
            func insideToken(_ cut: Int) -> Bool { tokens.contains { $0.lowerBound < cut && cut < $0.upperBound } }
            for part in parts {
                #expect(!part.text.isEmpty && part.text.first?.isWhitespace == false)
                // Over the limit only when nothing in it could be cut: one link, mention or hashtag
                // (Bluesky's links run to the next white space, across what follows them unspaced).
                let couldCut = wordCuts.contains {
                    part.range.contains($0) && $0 > part.range.lowerBound && !insideToken($0)
                }
                #expect(part.fits || !couldCut, "\(part.units)/\(limit): \(part.text.debugDescription), \(context)")
            }
            let joined = parts.map { String(String.UnicodeScalarView(scalars[$0.range])) }.joined()
            #expect(joined == Self.expectedJoin(text), "\(context)")
            if numbered && parts.count > 1 {
                #expect(parts.enumerated().allSatisfy { $1.text.hasSuffix(" \($0 + 1)/\(parts.count)") }, "\(context)")
            }
            // Cut only between grapheme clusters and outside every link, mention and hashtag.
            var clusterStarts = Set<Int>()
            offset = 0
            for character in text {
                clusterStarts.insert(offset)
                offset += character.unicodeScalars.count
            }
            for part in parts {
                for cut in [part.range.lowerBound, part.range.upperBound] where cut < scalars.count {
                    #expect(clusterStarts.contains(cut), "a cluster cut at \(cut), \(context)")
                    #expect(!insideToken(cut), "a token cut, \(context)")
                }
            }
            if parts.isEmpty { #expect(text.allSatisfy { $0.isWhitespace || $0 == "-" }, "\(context)") }
        }
    }

    @Test func aTextWithinTheLimitIsOnePart() {
        let parts = ThreadSplitter.split("Share something new…", rule: .bluesky, limit: 300, numbered: true)
        #expect(parts.map(\.text) == ["Share something new…"])
    }

    @Test func cutsPreferParagraphsThenSentencesThenWords() {
        let first = String(repeating: "one two three. ", count: 10)  // 150 characters
        let second = String(repeating: "four five six ", count: 10)
        let paragraphs = ThreadSplitter.split(first + "\n\n" + second + second, rule: .graphemes, limit: 200)
        #expect(paragraphs.first?.text == first.trimmingSuffixWhitespace(), "the paragraph break, not a later word")
        let sentences = ThreadSplitter.split(first + second, rule: .graphemes, limit: 200)
        #expect(sentences.first?.text.hasSuffix("three.") == true, "a sentence end: \(sentences.first!.text)")
        let words = ThreadSplitter.split(String(repeating: "word ", count: 100), rule: .graphemes, limit: 42)
        #expect(words.allSatisfy { $0.text.split(separator: " ").allSatisfy { $0 == "word" } })
        let chinese = ThreadSplitter.split(String(repeating: "分享新鲜事。", count: 60), rule: .weibo, limit: 140)
        #expect(chinese.allSatisfy { $0.fits && $0.text.hasSuffix("。") }, "Chinese sentences end at 。")
    }

    @Test func aMarkerLineForcesACutAndIsNeverPosted() {
        let parts = ThreadSplitter.split("First post.\n---\nSecond post.", rule: .mastodon(urlLength: 23), limit: 500)
        #expect(parts.map(\.text) == ["First post.", "Second post."])
        #expect(parts.map(\.range) == [0..<12, 16..<28])
    }

    @Test func aLinkIsCountedAsTheNetworkCountsIt() {
        // Mastodon counts each link as 23: 20 links of 120 characters (479 units) fit one post.
        let links = (0..<20).map { "https://example.com/\($0)" + String(repeating: "x", count: 100) }.joined(
            separator: " ")
        #expect(ThreadSplitter.split(links, rule: .mastodon(urlLength: 23), limit: 500).count == 1)
        #expect(ThreadSplitter.split(links + " one", rule: .mastodon(urlLength: 23), limit: 480).count == 2)
        // Bluesky counts a link as its app shows it, shortened, but longer than 23.
        #expect(ThreadSplitter.split(links, rule: .bluesky, limit: 300).count > 1)
    }

    @Test func aTokenLongerThanAPostGoesAloneAndSaysSo() {
        let long = "#" + String(repeating: "a", count: 600)
        let parts = ThreadSplitter.split("Look: " + long + " done", rule: .mastodon(urlLength: 23), limit: 500)
        #expect(parts.map(\.text) == ["Look:", long, "done"])
        #expect(parts.map(\.fits) == [true, false, true])
    }
}

extension String {
    fileprivate func trimmingSuffixWhitespace() -> String {
        String(reversed().drop { $0.isWhitespace }.reversed())
    }
}
