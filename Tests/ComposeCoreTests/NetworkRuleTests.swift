import Testing

@testable import ComposeCore

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

    @Test(arguments: [
        ("👨‍👩‍👧‍👦", 1), ("🇫🇷🇩🇪", 2), ("e\u{301}", 1), ("🏳️‍🌈 ok", 4), ("https://example.com", 19), ("\r\n", 1),
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
}
