import Testing

@testable import ComposeWindowCore

/// The status Send posts to Mastodon, and the server's own limits for the counter.
@Suite struct MastodonRulesTests {
    @Test func theStatusIsTheTextAsTypedWithTheAccountsVisibilityAndTheLanguage() {
        let text = "  分享新鲜事…\n\n#gtk https://example.com  "
        let body = MastodonRules.statusBody(
            text: text, options: PostOptions(visibility: .unlisted, languages: [PostOptions.languageCode(of: "zh_CN")!])
        )
        #expect(body["status"] == .string(text))
        #expect(body["visibility"] == .string("unlisted"))
        #expect(body["language"] == .string("zh"))
        let bare = MastodonRules.statusBody(text: "hi")
        #expect(bare == .object([.init("status", .string("hi"))]))
    }

    /// A thread's next post, or a reply, answers a status on the account's own server.
    @Test func aReplyNamesTheStatusItAnswers() {
        let reply = MastodonRules.statusBody(text: "2/2", inReplyTo: "113000000000000001")
        #expect(reply["in_reply_to_id"] == .string("113000000000000001"))
        #expect(MastodonRules.statusBody(text: "1/2")["in_reply_to_id"] == nil)
    }

    @Test func theServersOwnLimitAndURLWeight() {
        let instance = JSONValue.object([
            .init("domain", .string("fosstodon.org")),
            .init(
                "configuration",
                .object([
                    .init(
                        "statuses",
                        .object([
                            .init("max_characters", .integer(5000)), .init("characters_reserved_per_url", .integer(30)),
                        ])
                    )
                ])),
        ])
        let limits = MastodonRules.Limits(instance: instance)
        #expect(limits.maximumCharacters == 5000)
        #expect(limits.charactersPerURL == 30)
        #expect(limits.limit(commandLine: nil, ruleDefault: 500) == 5000)
        #expect(limits.limit(commandLine: 280, ruleDefault: 500) == 280)  // --limit still overrides

        let silent = MastodonRules.Limits(instance: .object([.init("configuration", .object([]))]))
        #expect(silent.maximumCharacters == nil && silent.charactersPerURL == nil)
        #expect(silent.limit(commandLine: nil, ruleDefault: 500) == 500)
        let nonsense = MastodonRules.Limits(
            instance: .object([
                .init("configuration", .object([.init("statuses", .object([.init("max_characters", .integer(-1))]))]))
            ]))
        #expect(nonsense.maximumCharacters == nil)
    }

    /// A server's figures are input (#61): one past any sane range is brought to the range's end, so
    /// the counter counts (no overflow trap) and the cache keeps the sane figure; a cache whose time
    /// is out of range is asked again rather than subtracted from.
    /// GET /api/v2/instance with every figure the counter and Send read, each `figure(name)`, and
    /// `extra` media members.
    static func instance(
        _ figure: (String) -> JSONValue, extra: [JSONValue.Member] = []
    ) -> JSONValue {
        let statuses = ["max_characters", "characters_reserved_per_url", "max_media_attachments"]
        let media = [
            "image_size_limit", "image_matrix_limit", "description_limit", "video_size_limit", "video_matrix_limit",
            "video_frame_rate_limit",
        ]
        return .object([
            .init(
                "configuration",
                .object([
                    .init("statuses", .object(statuses.map { .init($0, figure($0)) })),
                    .init("media_attachments", .object(media.map { .init($0, figure($0)) } + extra)),
                ])),
            .init("api_versions", .object([.init("mastodon", figure("api_versions.mastodon"))])),
        ])
    }

    @Test func hugeFiguresAreClampedAndCount() throws {
        let huge = JSONValue.integer(Int.max)
        let limits = MastodonRules.Limits(instance: Self.instance { _ in huge })
        #expect(limits.charactersPerURL == MastodonRules.Limits.urlWeightRange.upperBound)
        #expect(limits.maximumCharacters == MastodonRules.Limits.characterRange.upperBound)
        #expect(limits.maximumImages == MastodonRules.Limits.imageCountRange.upperBound)
        #expect(limits.imageSizeLimit == MastodonRules.Limits.byteRange.upperBound)
        #expect(limits.videoFrameRateLimit == MastodonRules.Limits.frameRateRange.upperBound)
        #expect(limits.takesQuotes)
        let urls = Array(repeating: "https://example.com/a", count: 1_000).joined(separator: " ")
        let rule = CountingRule.mastodon.counting(urlsAs: limits.charactersPerURL)
        #expect(rule.units(of: urls) == 1_000 * 10_000 + 999)
        #expect(IncrementalCounter.counting(urls, rule: rule).displayed == 1_000 * 10_000 + 999)
        let cached = try #require(MastodonRules.Limits.cached(limits.cache(fetchedAt: 7)))
        #expect(cached.limits == limits)
        for time in [Int.min, -1, Int.max] {
            #expect(MastodonRules.Limits.cached(limits.cache(fetchedAt: time)) == nil, "\(time)")
        }
    }

    /// A 404 is a server from before 4.0 (no /api/v2/instance): cached as the defaults, no quotes;
    /// a failure of the moment is not cached (#61).
    @Test func anOlderServersFourOhFourIsCachedAsTheDefaults() throws {
        let older = try #require(MastodonRules.Limits.from(APIAnswer(status: 404, json: .object([]))))
        #expect(older.maximumCharacters == nil && older.charactersPerURL == nil && !older.takesQuotes)
        #expect(MastodonRules.Limits.cached(older.cache(fetchedAt: 7))?.limits == older)
        for status in [401, 403, 429, 500, 502, 503] {
            #expect(MastodonRules.Limits.from(APIAnswer(status: status, json: .object([]))) == nil, "\(status)")
        }
        #expect(MastodonRules.Limits.from(APIAnswer(status: 200, json: nil)) == nil)
    }

    /// A video's limits (#62): the server's own figures, kept in the cache; Mastodon's where it says
    /// none (media_attachment.rb: 99 MB, 3840 × 2160, 120 a second).
    @Test func theServersVideoLimits() throws {
        let figures = ["video_size_limit": 41_943_040, "video_matrix_limit": 2_073_600, "video_frame_rate_limit": 60]
        let limits = MastodonRules.Limits(instance: Self.instance { figures[$0].map(JSONValue.integer) ?? .null })
        #expect(
            limits.videos
                == VideoLimits(
                    maxBytes: 41_943_040, maxPixels: 2_073_600, maxFramesPerSecond: 60, maxDurationMilliseconds: nil))
        #expect(try #require(MastodonRules.Limits.cached(limits.cache(fetchedAt: 7))).limits.videos == limits.videos)
        let silent = MastodonRules.Limits(instance: .object([]))
        #expect(
            silent.videos
                == VideoLimits(
                    maxBytes: 103_809_024, maxPixels: 8_294_400, maxFramesPerSecond: 120, maxDurationMilliseconds: nil))
    }

    @Test func cachedLimitsAreAskedAgainAfterADay() {
        #expect(!MastodonRules.Limits.isStale(fetchedAt: 1_000, now: 1_000 + 86_399))
        #expect(MastodonRules.Limits.isStale(fetchedAt: 1_000, now: 1_000 + 86_400))
        #expect(MastodonRules.Limits.isStale(fetchedAt: 1_000, now: 999))
    }
}
