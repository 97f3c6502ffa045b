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

    @Test func cachedLimitsAreAskedAgainAfterADay() {
        #expect(!MastodonRules.Limits.isStale(fetchedAt: 1_000, now: 1_000 + 86_399))
        #expect(MastodonRules.Limits.isStale(fetchedAt: 1_000, now: 1_000 + 86_400))
        #expect(MastodonRules.Limits.isStale(fetchedAt: 1_000, now: 999))
    }
}
