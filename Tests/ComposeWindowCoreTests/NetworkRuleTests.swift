import Testing

@testable import ComposeWindowCore

/// Mastodon's rule (derived from its StatusLengthValidator: graphemes, every http(s) URL 23, a
/// mention's @domain free), Bluesky's (grapheme clusters), the rules' default limits and where the
/// overflow starts.
@Suite struct NetworkRuleTests {
    @Test(arguments: [
        ("https://example.com/a/very/long/path/that/goes/on/and/on?and=more", 23),
        ("Read https://joinmastodon.org now", 5 + 23 + 4),
        ("two http://a.example.org http://b.example.org", 4 + 23 + 1 + 23),
        ("example.com needs its scheme here", 33),
        ("@alice@mastodon.social hi", 9),
        ("@alice hi", 9),
        ("cc @bob.smith@example.com.", 3 + 10 + 1),
        ("mail@example.com is no mention", 30),
        ("👨‍👩‍👧‍👦🇫🇷e\u{301}", 3),
        ("分享新鲜事", 5),
    ])
    func mastodon(text: String, expected: Int) {
        #expect(CountingRule.mastodon.units(of: text) == expected, "\(text)")
    }

    /// A server's own `characters_reserved_per_url`, counted, windowed and overflowed alike.
    @Test func aServersURLWeightReplacesTwentyThree() {
        let text = "Read https://joinmastodon.org now"
        let rule = CountingRule.mastodon.counting(urlsAs: 40)
        #expect(rule == .mastodon(urlLength: 40) && rule.name == "mastodon")
        #expect(rule.units(of: text) == 5 + 40 + 4)
        #expect(IncrementalCounter.counting(text, rule: rule).displayed == 49)
        #expect(rule.overflowStart(of: text, limit: 44) == 5)
        #expect(CountingRule.mastodon.counting(urlsAs: 5).units(of: text) == 5 + 5 + 4)
        #expect(
            CountingRule.mastodon.counting(urlsAs: 5).units(
                of: "Counted as five: https://example.com/a/rather/long/path/to/share") == 22)
        // No figure, or a nonsensical one, keeps Mastodon's; other rules have no URL weight to take.
        #expect(CountingRule.mastodon.counting(urlsAs: nil) == .mastodon)
        #expect(CountingRule.mastodon.counting(urlsAs: 0) == .mastodon)
        #expect(CountingRule.bluesky.counting(urlsAs: 40) == .bluesky)
        #expect(CountingRule(name: "mastodon") == .mastodon && CountingRule(name: "toot") == nil)
    }

    @Test(arguments: [
        ("👨‍👩‍👧‍👦", 1), ("🇫🇷🇩🇪", 2), ("e\u{301}", 1), ("🏳️‍🌈 ok", 4), ("https://example.com", 11),  // posted as "example.com"
        ("\r\n", 1),
        ("분", 1), ("1\u{20E3}", 1),
    ])
    func bluesky(text: String, expected: Int) {
        #expect(CountingRule.bluesky.units(of: text) == expected, "\(text)")
    }

    @Test func defaultLimitsAreTheNetworks() {
        #expect(CountingRule.twitter.defaultLimit == 280)
        #expect(CountingRule.mastodon.defaultLimit == 500)
        #expect(CountingRule.bluesky.defaultLimit == 300)
        #expect(CountingRule.graphemes.defaultLimit == nil)
        #expect(CountingRule.weibo.defaultLimit == nil)
    }

    @Test func twitterCountsLikeX() {
        let rule = CountingRule.twitter
        #expect(rule.displayed(rule.units(of: "Hi http://test.co")) == 26)
        #expect(rule.displayed(rule.units(of: "故人西辞黄鹤楼")) == 14)
        #expect(rule.displayed(rule.units(of: "😷👾")) == 4)
        #expect(rule.displayed(rule.units(of: "see example.com")) == 4 + 23)
    }

    @Test func overflowStartsWhereTheTextStopsFitting() {
        let long = String(repeating: "x", count: 285)
        #expect(CountingRule.twitter.overflowStart(of: long, limit: 280) == 280)
        #expect(CountingRule.twitter.overflowStart(of: "short", limit: 280) == nil)
        // CJK weighs 2: the 141st character is the first beyond 280.
        #expect(CountingRule.twitter.overflowStart(of: String(repeating: "中", count: 150), limit: 280) == 140)
        #expect(CountingRule.graphemes.overflowStart(of: "ab👨‍👩‍👧c", limit: 2) == 2)
        #expect(CountingRule.graphemes.overflowStart(of: "ab👨‍👩‍👧c", limit: 3) == 7)
        // A URL that does not fit is over as a whole, from its first character.
        #expect(CountingRule.mastodon.overflowStart(of: "aaaa https://example.com/x", limit: 10) == 5)
        #expect(CountingRule.weibo.overflowStart(of: "中中ab", limit: 2) == 2)
        #expect(CountingRule.weibo.overflowStart(of: "中中abc", limit: 3) == 4)
    }

    /// Bluesky posts links shortened and counts the shortened text. Expected values: atproto's
    /// detectFacets (packages/api/src/rich-text/detection.ts, links) and social-app's shortenLinks /
    /// toShortUrl (src/lib/strings/) run under Node 18's WHATWG URL parser on these texts; the
    /// graphemes by Intl.Segmenter, the bytes by Buffer.byteLength.
    @Test(arguments: [
        ("see https://example.com/a/very/long/path/here?q=1 now", "see example.com/a/very/long/... now", 35, 35),
        ("https://example.com", "example.com", 11, 11),
        ("https://example.com/", "example.com", 11, 11),
        ("https://Example.COM:443/abc", "example.com/abc", 15, 15),
        ("http://example.com:8080/x", "example.com:8080/x", 18, 18),
        ("bare example.com/some/long/path/that/stays", "bare example.com/some/long/path/that/stays", 42, 42),
        ("(https://example.com/wiki/Foo_(bar))", "(example.com/wiki/Foo_(ba...", 28, 28),
        ("(see https://example.com/abc)", "(see example.com/abc)", 21, 21),
        ("ends https://example.com/abcdefghijklmnop.", "ends example.com/abcdefghijkl....", 33, 33),
        ("HTTPS://EXAMPLE.COM/abcdefghijklmnopqrs", "HTTPS://EXAMPLE.COM/abcdefghijklmnopqrs", 39, 39),
        ("EXAMPLE.COM", "EXAMPLE.COM", 11, 11),
        ("https://例子.com/中文路径/更多", "xn--fsqu00a.com/%E4%B8%AD%E6...", 31, 31),
        ("https://example.com/a/./b/../c?x=\"y\"#frag ment", "example.com/a/c?x=%22y%2... ment", 32, 32),
        ("foo(https://a.co/bcdefghijklmnopq)", "foo(a.co/bcdefghijklm...)", 25, 25),
        ("https://user:pw@example.com/abcdefghijklmnop", "example.com/abcdefghijkl...", 27, 27),
        ("x https://example.com?", "x example.com?", 14, 14),
        ("my-site.com/abc", "my-site.com/abc", 15, 15),
        ("https:// nothing", "https:// nothing", 16, 16),
        ("httpfoo.com/abcdefghijklmnopqrstu", "httpfoo.com/abcdefghijklmnopqrstu", 33, 33),

    ])
    func blueskyShortensLinksAsItsAppPostsThem(text: String, posted: String, graphemes: Int, bytes: Int) {
        #expect(BlueskyLength.posted(text) == posted)
        let measure = CountingRule.bluesky.measure(text)
        #expect(measure.units == graphemes)
        #expect(measure.postedBytes == bytes)
    }

    /// The app.bsky.feed.post lexicon allows 3,000 UTF-8 bytes: 1,000 CJK characters are 300
    /// graphemes' worth too many for the counter but fine in bytes; 1,001 four-byte emoji… are over
    /// the grapheme limit anyway, so bytes are checked with a limit raised by --limit.
    @Test func blueskyRefusesMoreThan3000BytesWhateverTheLimit() {
        let tooManyBytes = String(repeating: "中", count: 1_001)  // 3,003 bytes
        let counter = IncrementalCounter.counting(tooManyBytes, rule: .bluesky)
        #expect(counter.postedBytes == 3_003)
        #expect(counter.refusal == .tooManyBytes)
        #expect(!counter.canSend(limit: 5_000))
        #expect(IncrementalCounter.counting(String(repeating: "中", count: 1_000), rule: .bluesky).canSend(limit: 5_000))
        // A long link is counted, and measured in bytes, as posted: shortened.
        let longLink = "https://example.com/" + String(repeating: "a", count: 3_000)
        #expect(IncrementalCounter.counting(longLink, rule: .bluesky).canSend(limit: 300))
        #expect(CountingRule.bluesky.overflowStart(of: tooManyBytes, limit: 5_000) == 1_000)
    }

    /// Mastodon strips leading and trailing white space (Ruby's String#strip: NUL, tab, LF, VT, FF,
    /// CR, space) before StatusLengthValidator counts: mastodon/mastodon app/models/status.rb,
    /// `before_validation :prepare_contents` → `text&.strip!`. U+3000 is not Ruby white space.
    @Test(arguments: [
        ("  hello  ", 5), ("\n\nhello\r\n", 5), ("\t \u{0B}\u{0C}x\u{0}", 1), ("a  b", 4), ("   ", 0),
        ("\u{3000}x\u{3000}", 3), ("\r\n", 0), (" https://example.com/x ", 23),
    ])
    func mastodonDoesNotCountWhatItStrips(text: String, expected: Int) {
        #expect(IncrementalCounter.counting(text, rule: .mastodon).displayed == expected)
    }

    @Test func mastodonOverflowStartsAfterTheStrippedLead() {
        #expect(CountingRule.mastodon.overflowStart(of: "   abcdef", limit: 3) == 6)
        #expect(CountingRule.mastodon.overflowStart(of: "abc      ", limit: 3) == nil, "trailing spaces do not count")
    }

    /// twitter-text's parseTweet: valid = !hasInvalidCharacters && 0 < weightedLength ≤ 280, and
    /// INVALID_CHARACTERS are U+FFFE, U+FEFF, U+FFFF (twitter-text js/src/regexp/invalidChars.js).
    @Test(arguments: ["a\u{FEFF}b", "\u{FFFE}", "ok \u{FFFF}"])
    func xRefusesItsInvalidCharactersWhateverTheLength(text: String) {
        let counter = IncrementalCounter.counting(text, rule: .twitter)
        #expect(counter.refusal == .invalidCharacters)
        #expect(!counter.canSend(limit: 280))
    }

    @Test func anEmptyOrBlankTextIsNotAPostForAnyRule() {
        for rule in CountingRule.allCases {
            for text in ["", "   ", "\n\t"] {
                #expect(!IncrementalCounter.counting(text, rule: rule).canSend(limit: rule.defaultLimit), "\(rule)")
            }
            #expect(IncrementalCounter.counting("hi", rule: rule).canSend(limit: rule.defaultLimit))
        }
    }

    /// Edits counted a window at a time add up to the whole text's count, also for the rules that
    /// shorten links, strip edges or refuse characters.
    @Test func windowedEditsAgreeWithAWholeRecount() {
        let edits: [(String, String)] = [
            ("see example.com now", "see https://example.com/a/very/long/path now"),
            ("x \u{FEFF} y", "x  y"), ("  lead", "  lead more  "),
        ]
        for rule in [CountingRule.bluesky, .twitter, .mastodon] {
            for (before, after) in edits {
                var counter = IncrementalCounter.counting(before, rule: rule)
                counter.apply(windowBefore: before, windowAfter: after)
                let edges = rule.strippedEdges(of: after)
                counter.setStrippedEdges(leading: edges.leading, trailing: edges.trailing)
                let whole = IncrementalCounter.counting(after, rule: rule)
                #expect(counter.displayed == whole.displayed, "\(rule): \(after)")
                #expect(counter.postedBytes == whole.postedBytes && counter.refusal == whole.refusal)
            }
        }
    }
}
