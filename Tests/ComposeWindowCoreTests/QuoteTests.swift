import Testing

@testable import ComposeWindowCore

/// A quote, without a network: Bluesky embeds a Bluesky post (alone, or with images or a card),
/// Mastodon 4.5 names a post its own server found, and everywhere else the post's link ends the
/// text, once, in what is sent and in what a look-up after a lost answer expects.
@Suite struct QuoteTests {
    typealias Thread = PostingPlanThreadTests
    static let bobsRecord = BlueskyPost.StrongRef(
        uri: "at://did:plc:bob/app.bsky.feed.post/3kbbbbbbbbbb2", cid: "bafybob")
    static let blueskyQuote = QuotedPost(
        url: "https://bsky.app/profile/bob.bsky.social/post/3kbbbbbbbbbb2",
        found: ReplyParent(
            blueskyRecord: APIAnswer(
                status: 200,
                json: .object([
                    .init("uri", .string(bobsRecord.uri)), .init("cid", .string(bobsRecord.cid)),
                    .init("value", .object([.init("text", .string("Bob's post\nsecond line"))])),
                ])), author: "bob.bsky.social")!)
    static let mastodonQuote = QuotedPost(
        url: "https://example.social/@bob/1100",
        found: mastodonPost(id: "1100", acct: "bob@example.social")!)

    /// The post Mastodon's search on mastodon.social finds.
    static func mastodonPost(id: String, acct: String) -> ReplyParent? {
        ReplyParent(
            mastodonSearch: APIAnswer(
                status: 200,
                json: .object([
                    .init(
                        "statuses",
                        .array([
                            .object([
                                .init("id", .string(id)), .init("content", .string("<p>Toot</p>")),
                                .init("account", .object([.init("acct", .string(acct))])),
                            ])
                        ]))
                ])), host: "mastodon.social")
    }

    static func plan(
        _ quote: QuotedPost, text: String = "My words", images: [PostImage] = [], takesQuotes: Bool = true,
        accounts: [PostingAccount] = [Thread.mastodon, Thread.bluesky], parts: [PostingAccount.Network: [String]] = [:]
    ) -> PostingPlan {
        var options = PostOptions()
        options.quote = quote
        options.mastodonTakesQuotes = takesQuotes
        return PostingPlan(
            text: text, images: images, options: options, accounts: accounts, parts: parts,
            microsecondsSinceEpoch: 1_796_196_600_123_456)
    }

    func record(_ plan: PostingPlan, _ index: Int) throws -> JSONValue {
        try #require(Thread().request(plan, index)?.body?["record"])
    }

    @Test func blueskyEmbedsABlueskyPostAndMastodonGetsItsLink() throws {
        let plan = Self.plan(Self.blueskyQuote)
        let embed = try record(plan, 1)["embed"]
        #expect(embed?["$type"]?.string == "app.bsky.embed.record")
        #expect(embed?["record"] == Self.bobsRecord.json)
        #expect(try record(plan, 1)["text"]?.string == "My words", "no link where it is quoted")
        let status = try #require(Thread().request(plan, 0)?.body)
        #expect(status["status"]?.string == "My words\n\nhttps://bsky.app/profile/bob.bsky.social/post/3kbbbbbbbbbb2")
        #expect(status["quoted_status_id"] == nil)
        #expect(plan.newLookup(0).expected.text == status["status"]?.string, "a look-up looks for what was sent")
    }

    @Test func withImagesOrACardBlueskyQuotesWithMedia() throws {
        let photo = [PostImage(path: "/home/alice/a.jpg", alt: "A")]
        var plan = Self.plan(Self.blueskyQuote, images: photo, accounts: [Thread.bluesky])
        plan.prepared(0, image: 0, PostingPlanImagesTests.prepared(0, 0))
        PostingPlanImagesTests.answer(&plan, 0, 200, PostingPlanImagesTests.json(["blob": PostingPlanImagesTests.blob]))
        let embed = try record(plan, 0)["embed"]
        #expect(embed?["$type"]?.string == "app.bsky.embed.recordWithMedia")
        #expect(embed?["record"]?["$type"]?.string == "app.bsky.embed.record")
        #expect(embed?["record"]?["record"] == Self.bobsRecord.json)
        #expect(embed?["media"]?["$type"]?.string == "app.bsky.embed.images")
        var options = PostOptions()
        options.quote = Self.blueskyQuote
        options.linkCard = LinkCard(uri: "https://example.com/a")
        let carded = PostingPlan(
            text: "See example.com/a", options: options, accounts: [Thread.bluesky],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        let withCard = try record(carded, 0)["embed"]
        #expect(withCard?["$type"]?.string == "app.bsky.embed.recordWithMedia")
        #expect(withCard?["media"]?["$type"]?.string == "app.bsky.embed.external")
    }

    @Test func mastodonQuotesAPostItsOwnServerFoundWhereItTakesQuotes() throws {
        let quoted = try #require(Thread().request(Self.plan(Self.mastodonQuote), 0)?.body)
        #expect(quoted["quoted_status_id"]?.string == "1100" && quoted["status"]?.string == "My words")
        let older = try #require(Thread().request(Self.plan(Self.mastodonQuote, takesQuotes: false), 0)?.body)
        #expect(older["quoted_status_id"] == nil, "an older server would drop it without a word")
        #expect(older["status"]?.string == "My words\n\nhttps://example.social/@bob/1100")
        let elsewhere = PostingAccount(network: .mastodon, name: "@alice@other.example", host: "other.example")
        let other = try #require(Thread().request(Self.plan(Self.mastodonQuote, accounts: [elsewhere]), 0)?.body)
        #expect(other["quoted_status_id"] == nil, "an id of another server names another post there")
        let bluesky = try record(Self.plan(Self.mastodonQuote), 1)
        #expect(bluesky["embed"] == nil)
        #expect(bluesky["text"]?.string?.hasSuffix("\n\nexample.social/@bob/1100") == true, "shortened, with its facet")
        #expect(bluesky["facets"]?.elements?.count == 1)
    }

    @Test func aThreadQuotesOnItsFirstPostAndTheLinkGoesOnce() throws {
        let plan = Self.plan(Self.mastodonQuote, takesQuotes: false, parts: [.mastodon: ["One.", "Two."]])
        #expect(try #require(Thread().request(plan, 0)?.body?["status"]?.string).hasSuffix("1100"))
        let linked = Self.mastodonQuote.withLink("Ends with https://example.social/@bob/1100")
        #expect(linked == "Ends with https://example.social/@bob/1100", "already there: not twice")
        #expect(Self.mastodonQuote.withLink("  \n") == "https://example.social/@bob/1100")
        let typed = "see https://example.social/@bob/1100\n"
        #expect(Self.mastodonQuote.withLink(typed) == typed, "typed before a line break: still not twice")
        #expect(
            Self.mastodonQuote.linkUnits(
                on: .mastodon, mastodonHost: nil, serverTakesQuotes: false, urlWeight: 23, ending: typed) == 0,
            "and not counted twice")
    }

    @Test func theOutboxKeepsTheQuoteAndNeverTrustsAHostileOne() throws {
        let plan = Self.plan(Self.blueskyQuote)
        let back = try #require(PostingPlan(file: plan.file))
        #expect(back.options.quote == Self.blueskyQuote)
        #expect(try record(back, 1)["embed"]?["record"] == Self.bobsRecord.json)
        for hostile: JSONValue in [
            .object([.init("url", .string("javascript:alert(1)"))]),
            .object([.init("url", .string("https://example.social/@bob/1")), .init("server", .string("a b"))]),
            .object([
                .init("url", .string("https://example.social/@bob/1")),
                .init("ref", .object([.init("postID", .string("1; DROP"))])),
            ]),
        ] {
            #expect(QuotedPost(json: hostile) == nil, "\(hostile)")
        }
        let lines = QuotedPost(
            json: .object([
                .init("url", .string("https://example.social/@bob/1")), .init("author", .string("@bob\nrm -rf")),
            ]))
        #expect(lines?.author == "@bob\\nrm -rf", "shown on one line, its control characters spelt out")
    }

    /// A reply's 404 is "the post answered is gone" when the reply quotes nothing by id, whatever
    /// the server's words (they are translated: #61); a reply that also quotes by id cannot tell
    /// which post is gone from a status code, so it is the server's own words, never the parent
    /// gone (posting without answering would meet the quote's 404 again).
    @Test func aRepliesNotFoundIsTheParentGoneOnlyWithoutAQuoteByID() throws {
        let parent = try #require(Self.mastodonPost(id: "77", acct: "carol"))
        for (quotes, words, parentGone) in [
            (true, "The post you are trying to quote does not appear to exist.", false),
            (true, "The post you are trying to reply to does not appear to exist.", false),
            (false, "The post you are trying to reply to does not appear to exist.", true),
            (false, "Der Beitrag, auf den du antworten möchtest, scheint nicht zu existieren.", true),
        ] {
            var options = PostOptions()
            options.quote = quotes ? Self.mastodonQuote : nil
            options.mastodonTakesQuotes = true
            var plan = PostingPlan(
                text: "Both", options: options, accounts: [Thread.mastodon], replyTo: parent,
                microsecondsSinceEpoch: 1_796_196_600_123_456)
            plan.startRun()
            plan.willSend(0, now: Thread.now)
            plan.received(
                0, .success(APIAnswer(status: 404, json: .object([.init("error", .string(words))]))), now: Thread.now)
            #expect((plan.failure(0) == .parentGone) == parentGone, "\(words)")
            if !parentGone { #expect(plan.failure(0) == .refused(status: 404, message: words), "\(words)") }
            #expect(!plan.mayHaveBeenSentSomewhere, "a 404 made nothing")
        }
    }

    @Test func theLinkCountsWhereItEndsTheText() throws {
        let mastodon = Self.mastodonQuote.linkUnits(
            on: .mastodon, mastodonHost: "mastodon.social", serverTakesQuotes: false, urlWeight: 23)
        #expect(mastodon == 25, "two line breaks and a URL as Mastodon weighs it")
        #expect(
            Self.mastodonQuote.linkUnits(
                on: .mastodon, mastodonHost: "mastodon.social", serverTakesQuotes: true, urlWeight: 23)
                == 0, "quoted: nothing added")
        let bluesky = Self.mastodonQuote.linkUnits(
            on: .bluesky, mastodonHost: nil, serverTakesQuotes: true, urlWeight: 23)
        let record = try record(Self.plan(Self.mastodonQuote), 1)
        let text = try #require(record["text"]?.string)
        #expect(bluesky == text.count - "My words".count, "what the record's text gains, as Bluesky counts it")
        #expect(
            Self.blueskyQuote.linkUnits(on: .bluesky, mastodonHost: nil, serverTakesQuotes: false, urlWeight: 23) == 0)
    }

    @Test func theWindowSaysWhereTheLinkGoesInstead() {
        #expect(
            Self.blueskyQuote.linkNote(networks: [.bluesky], mastodonHost: nil, serverTakesQuotes: false) == nil)
        #expect(
            Self.blueskyQuote.linkNote(
                networks: [.mastodon, .bluesky], mastodonHost: "mastodon.social", serverTakesQuotes: true)?
                .contains("Mastodon") == true)
        #expect(
            Self.mastodonQuote.linkNote(networks: [.mastodon], mastodonHost: "mastodon.social", serverTakesQuotes: true)
                == nil)
        #expect(
            QuotedPost(linkOnly: "at://bob.bsky.social/app.bsky.feed.post/3kbbbbbbbbbb2")?.url
                == "https://bsky.app/profile/bob.bsky.social/post/3kbbbbbbbbbb2")
    }
}
