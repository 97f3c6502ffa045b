import Testing

@testable import ComposeWindowCore

/// A post's content warning, visibility, sensitivity, label and languages: what each network's
/// request carries, what the outbox keeps, what a cross-post leaves out, and how Mastodon counts.
@Suite struct PostOptionsTests {
    static let mastodon = PostingAccount(network: .mastodon, name: "@alice@mastodon.social", host: "mastodon.social")
    static let bluesky = PostingAccount(
        network: .bluesky, name: "@alice.bsky.social", host: "morel.us-east.host.bsky.network",
        identity: "did:plc:alice")
    static let session = BlueskySession(account: bluesky, accessToken: "access", refreshToken: "refresh")
    static let all = PostOptions(
        contentWarning: "Spoilers", visibility: .private, sensitive: true, selfLabel: .nudity,
        languages: ["en", "zh", "ja"])

    @Test func mastodonGetsEveryOptionItHas() {
        let body = MastodonRules.statusBody(text: "hi", options: Self.all, mediaIDs: ["7"])
        #expect(body["spoiler_text"] == .string("Spoilers"))
        #expect(body["visibility"] == .string("private"))
        #expect(body["sensitive"] == .bool(true))
        #expect(body["language"] == .string("en"), "Mastodon takes one: the first")
        let textOnly = MastodonRules.statusBody(text: "hi", options: Self.all)
        #expect(textOnly["sensitive"] == nil, "sensitive marks media; a text-only post has none")
        let labelled = PostOptions(selfLabel: .porn)
        #expect(MastodonRules.statusBody(text: "hi", options: labelled, mediaIDs: ["7"])["sensitive"] == .bool(true))
        #expect(MastodonRules.statusBody(text: "hi", options: PostOptions(visibility: nil))["visibility"] == nil)
    }

    @Test func blueskyGetsLanguagesAndALabelOnlyForImages() throws {
        let labels = try #require(Self.all.blueskyLabels(hasImages: true))
        #expect(labels["$type"] == .string("com.atproto.label.defs#selfLabels"))
        #expect(labels["values"] == .array([.object([.init("val", .string("nudity"))])]))
        #expect(Self.all.blueskyLabels(hasImages: false) == nil)
        let record = BlueskyPost(typed: "hi").record(
            createdAt: "t", langs: ["en", "zh", "ja", "fr"], labels: labels)
        #expect(record["langs"] == .array(["en", "zh", "ja"].map(JSONValue.string)), "the lexicon's maxLength, 3")
        #expect(record["labels"] == labels)
    }

    @Test func thePlanSendsTheOutboxsOptionsNotTheSpellCheckersOfTheDay() throws {
        var plan = PostingPlan(
            text: "hi", options: Self.all, accounts: [Self.mastodon, Self.bluesky],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        plan.startRun()
        let reread = try #require(PostingPlan(file: plan.file))
        #expect(reread.options == Self.all, "kept in the outbox")
        let status = try #require(
            reread.request(
                for: 0, credentials: .mastodon(token: "t"), now: 1_796_196_600, createdAt: "", didsByHandle: [:]))
        #expect(status.body?["spoiler_text"] == .string("Spoilers"))
        #expect(status.body?["language"] == .string("en"))
        let record = try #require(
            reread.request(
                for: 1, credentials: .bluesky(Self.session), now: 1_796_196_600, createdAt: "t", didsByHandle: [:]))
        #expect(record.body?["record"]?["langs"] == .array(["en", "zh", "ja"].map(JSONValue.string)))
        #expect(record.body?["record"]?["labels"] == nil, "no images: no label")
        #expect(record.body?["record"]?["spoiler_text"] == nil)
    }

    @Test func theOutboxKeepsOptionsOnlyWhenSetAndRefusesWhatItCannotRead() throws {
        let plain = PostingPlan(text: "hi", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        #expect(plain.file["options"] == nil)
        #expect(plain.file["version"] == .integer(Outbox.fileVersion))
        let file = PostingPlan(text: "hi", options: Self.all, accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
            .file
        guard case .object(var members) = file else { return #expect(Bool(false)) }
        let index = try #require(members.firstIndex { $0.name == "options" })
        members[index] = .init("options", .object([.init("visibility", .string("friends"))]))
        #expect(PostingPlan(file: .object(members)) == nil, "an unknown visibility is never guessed")
        members[index] = .init("options", .object([.init("languages", .array([.string("english")]))]))
        #expect(PostingPlan(file: .object(members)) == nil)
    }

    @Test func anEditedOptionIsThePostWhereNothingMayBeOut() throws {
        var session = PostingSession()
        _ = session.send(text: "hi", options: PostOptions(), accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        session.runInterrupted()
        _ = session.send(
            text: "hi", options: PostOptions(contentWarning: "CW"), accounts: [Self.mastodon], microsecondsSinceEpoch: 2
        )
        #expect(session.plan?.options.contentWarning == "CW")
    }

    @Test func blueskySaysWhatItCannotCarry() {
        #expect(
            Self.all.notCarried(by: .bluesky, hasImages: true) == [.visibility(.private), .contentWarning],
            "labelled: the images are marked there too")
        #expect(
            PostOptions(sensitive: true).notCarried(by: .bluesky, hasImages: true) == [.sensitiveWithoutLabel])
        #expect(PostOptions(sensitive: true).notCarried(by: .bluesky, hasImages: false) == [])
        #expect(PostOptions(visibility: .public).notCarried(by: .bluesky, hasImages: false) == [])
        #expect(Self.all.notCarried(by: .mastodon, hasImages: true) == [])
    }

    @Test func whatAPostWithoutAnAccountWouldLose() {
        #expect(PostOptions(contentWarning: "CW").asksForMoreThanText(hasImages: false))
        #expect(PostOptions(visibility: .unlisted).asksForMoreThanText(hasImages: false))
        #expect(!PostOptions(visibility: .public).asksForMoreThanText(hasImages: false))
        #expect(!PostOptions(sensitive: true, selfLabel: .porn).asksForMoreThanText(hasImages: false))
        #expect(PostOptions(selfLabel: .porn).asksForMoreThanText(hasImages: true))
        #expect(!PostOptions(languages: ["en"]).asksForMoreThanText(hasImages: true), "a network guesses it")
    }

    @Test func languagesComeFromDictionariesAndLocales() {
        #expect(PostOptions.languageCode(of: "zh_CN") == "zh")
        #expect(PostOptions.languageCode(of: "pt-BR") == "pt")
        #expect(PostOptions.languageCode(of: "de_DE.UTF-8") == "de")
        #expect(PostOptions.languageCode(of: "EN") == "en")
        #expect(PostOptions.languageCode(of: "ast") == nil, "ISO 639-1 only")
        #expect(PostOptions.languageCode(of: "C") == nil)
        #expect(PostOptions.languageCode(of: "é1") == nil)
        #expect(PostOptions().withLanguage(orSpellChecker: "en_US").languages == ["en"])
        #expect(PostOptions(languages: ["ja"]).withLanguage(orSpellChecker: "en_US").languages == ["ja"])
        #expect(PostOptions().withLanguage(orSpellChecker: nil).languages == [])
        #expect(PostOptions(languages: ["a", "b", "c", "d"].map { $0 + $0 }).languages.count == 3)
    }

    /// Mastodon counts `[spoiler_text, text].join` in grapheme clusters, both stripped.
    @Test func aContentWarningCountsWithTheTextOnMastodon() {
        #expect(MastodonRules.contentWarningUnits("Spoilers", text: "hi") == 8)
        #expect(MastodonRules.contentWarningUnits("  Spoilers \n", text: "hi") == 8, "stripped as Ruby strips")
        #expect(MastodonRules.contentWarningUnits("   ", text: "hi") == 0)
        #expect(MastodonRules.contentWarningUnits("", text: "hi") == 0)
        #expect(MastodonRules.contentWarningUnits("剧透 👩‍👩‍👧", text: "hi") == 4)
        // A combining mark at the text's start joins the warning's last letter: one cluster.
        #expect(MastodonRules.contentWarningUnits("cafe", text: "\u{301} ok") == 3)
        #expect(MastodonRules.contentWarningUnits("cafe", text: "  \u{301} ok") == 3, "the text is stripped first")
        var counter = IncrementalCounter.counting("hello", rule: .mastodon(urlLength: 23))
        counter.extraUnits = 496
        #expect(counter.label(limit: 500) == "501/500")
        #expect(!counter.canSend(limit: 500))
        counter.extraUnits = 495
        #expect(counter.canSend(limit: 500))
    }

    @Test func theAccountsDefaultVisibilityIsRemembered() {
        let account = PostingAccount(
            network: .mastodon, name: "@a@b.example", host: "b.example", defaultVisibility: .private)
        #expect(PostingAccount(fields: account.fields)?.defaultVisibility == .private)
        var unknown = account.fields
        unknown["visibility"] = "friends"
        #expect(PostingAccount(fields: unknown)?.defaultVisibility == nil, "an unknown word: the server's default")
    }
}
