import PlaceholderTestSupport
import Testing

@testable import ComposeWindowCore

@Suite struct CountingTests {
    @Test func graphemesCountUserPerceivedCharacters() {
        #expect(CountingRule.graphemes.units(of: "👍🏽") == 1)
        #expect(CountingRule.graphemes.units(of: "e\u{301}") == 1)
        #expect(CountingRule.graphemes.units(of: "👨‍👩‍👧") == 1)
        #expect(CountingRule.graphemes.units(of: "分享新鲜事…") == 6)
        #expect(CountingRule.graphemes.units(of: "\r\n") == 1)
    }

    @Test func weiboCountsHalfWidthAsHalfRoundedUp() {
        let rule = CountingRule.weibo
        #expect(rule.displayed(rule.units(of: "分享新鲜事")) == 5)
        #expect(rule.displayed(rule.units(of: "abc")) == 2)  // 1.5 → 2
        #expect(rule.displayed(rule.units(of: "ab")) == 1)
        #expect(rule.displayed(rule.units(of: "中a")) == 2)  // 1.5 → 2
        #expect(rule.displayed(rule.units(of: "ＡＢ")) == 2)  // full-width Latin
        #expect(rule.displayed(rule.units(of: "👍")) == 1)
        #expect(rule.displayed(rule.units(of: "")) == 0)
    }

    @Test func labelAndSendRules() {
        var counter = IncrementalCounter(rule: .graphemes)
        counter.reset(to: "  \n\t")
        #expect(!counter.canSend(limit: nil), "whitespace only")
        #expect(counter.label(limit: 140) == "4/140")
        counter.reset(to: "hello")
        #expect(counter.canSend(limit: 5))
        #expect(!counter.canSend(limit: 4), "over the limit")
        #expect(counter.label(limit: nil) == "5")
    }

    /// Windows end at the white space nearest the edit: edits right next to it (a CR before an LF,
    /// a combining mark after a space, deleting the space) still count as a full recount does.
    @Test(arguments: CountingRule.allCases)
    func editsBesideWindowEdgesCountExactly(rule: CountingRule) {
        let text = Array("ab \ncd e\r\nf @x g.com h".unicodeScalars)
        for position in 0...text.count {
            for replaced in 0...min(1, text.count - position) {
                for inserted in ["\r", "\n", "\u{301}", " ", "x", ""] where replaced > 0 || !inserted.isEmpty {
                    var counter = IncrementalCounter(rule: rule)
                    counter.reset(to: String(String.UnicodeScalarView(text)))
                    let end = position + replaced
                    let window = IncrementalCounter.window(
                        rule: rule, editStart: position, editEnd: end, count: text.count
                    ) { text[$0] }
                    var edited = text
                    edited.replaceSubrange(position..<end, with: inserted.unicodeScalars)
                    let afterEnd = window.upperBound + inserted.unicodeScalars.count - replaced
                    counter.apply(
                        windowBefore: String(String.UnicodeScalarView(text[window])),
                        windowAfter: String(String.UnicodeScalarView(edited[window.lowerBound..<afterEnd])))
                    let full = String(String.UnicodeScalarView(edited))
                    #expect(counter.units == rule.units(of: full), "\(inserted.debugDescription) at \(position)")
                }
            }
        }
    }

    /// The seeds `make test` walks (COUNTING_SEED=N replays one, `make check-fuzz` tries fresh ones):
    /// every seed that ever failed stays here. 865777: a URL starting inside an emoji's cluster left X's
    /// weigher waiting for it, so no later URL counted as one (353 against a recount's 786).
    static let seeds = SeededGenerator.seeds(from: "COUNTING_SEED", fixed: [865_777, 20_261_203])

    /// Random edits applied through windows agree with a full recount after every edit.
    @Test(arguments: CountingRule.allCases, seeds)
    func windowedCountMatchesFullRecount(rule: CountingRule, seed: UInt64) {
        let pieces = [
            "a", " ", " ", " ", "\n", "中", "👍", "🏽", "\u{301}", "e", "\n", "\r", "‍", "👨", "🇫", "🇷", "ＡＢ", "x y",
            "http://", "https://",
            "example.com", ".com", ".", "/", "/path", "?q=1", "@alice", "@bob@example.social", "@", "t.co/abc",
            "twitter.com", "xn--", "例子.中国", "(", ")", "-", "_", "#", "www.", "\u{FEFF}", "1\u{20E3}", "👨‍👩‍👧",
            // Tokens longer than the margin: only a window grown to white space counts them whole.
            " https://example.com/" + String(repeating: "p", count: 300) + " ",
            " @bob@" + String(repeating: "d", count: 300) + ".social ",
        ]
        var generator = SeededGenerator(state: seed)
        var text: [Unicode.Scalar] = []
        var counter = IncrementalCounter(rule: rule)
        // The same edits as a text view reports them once done (apply(editAt:…)).
        var reported = IncrementalCounter(rule: rule)
        for step in 0..<2_000 {
            let position = Int.random(in: 0...text.count, using: &generator)
            let isInsert = text.isEmpty || Bool.random(using: &generator)
            let end = isInsert ? position : min(text.count, position + Int.random(in: 1...40, using: &generator))
            let inserted = isInsert ? Array(pieces.randomElement(using: &generator)!.unicodeScalars) : []
            let window = IncrementalCounter.window(rule: rule, editStart: position, editEnd: end, count: text.count) {
                text[$0]
            }
            let before = String(String.UnicodeScalarView(text[window]))
            let removed = String(String.UnicodeScalarView(text[position..<end]))
            text.replaceSubrange(position..<end, with: inserted)
            reported.apply(editAt: position, removed: removed, insertedCount: inserted.count, count: text.count) {
                String(String.UnicodeScalarView(text[$0..<$1]))
            }
            let afterEnd = window.upperBound + inserted.count - (end - position)
            let after = String(String.UnicodeScalarView(text[window.lowerBound..<afterEnd]))
            counter.apply(windowBefore: before, windowAfter: after)
            let full = String(String.UnicodeScalarView(text))
            #expect(counter.units == rule.units(of: full), "step \(step), COUNTING_SEED=\(seed)")
            #expect(
                reported.units == rule.units(of: full), "step \(step), reported after the edit, COUNTING_SEED=\(seed)")
            #expect(
                reported.postedBytes == counter.postedBytes && reported.visibleCharacters == counter.visibleCharacters)
            if counter.units != rule.units(of: full) || reported.units != counter.units { return }
        }
    }
}
