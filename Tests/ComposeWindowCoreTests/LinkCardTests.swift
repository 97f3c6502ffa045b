import Testing

@testable import ComposeWindowCore

/// A Bluesky link card, without a network: which link gets it, what a page's metadata makes of it,
/// how a hostile page is held in bounds, and how Send carries it (embed.external, its picture
/// prepared and uploaded once, images winning, a thread's card on the post that links it).
@Suite struct LinkCardTests {
    typealias Plain = PostingPlanTests
    typealias Images = PostingPlanImagesTests
    static let now = PostingPlanTests.now
    static let card = LinkCard(
        uri: "https://example.com/news/1", title: "A title", description: "What it says",
        picture: "/home/a/.cache/compose-window/link-pictures/abc")!

    @Test func theFirstLinkGetsTheCardUntilThePersonChoosesOrRemovesIt() {
        let text = "See example.com/news/1 and https://example.org/b, then example.com/news/1 again"
        #expect(
            LinkCardChoice.links(in: text) == ["https://example.com/news/1", "https://example.org/b"],
            "as Bluesky's facets carry them, each once")
        var choice = LinkCardChoice()
        #expect(choice.link(in: text) == "https://example.com/news/1")
        choice.choose("https://example.org/b")
        #expect(choice.link(in: text) == "https://example.org/b")
        #expect(choice.link(in: "only example.com/news/1") == "https://example.com/news/1", "the chosen one is gone")
        choice.remove("https://example.org/b")
        choice.remove("https://example.com/news/1")
        #expect(choice.link(in: text) == nil, "both removed: no card")
        choice.choose("https://example.com/news/1")
        #expect(choice.link(in: text) == "https://example.com/news/1", "chosen from the menu: back")
        #expect(LinkCardChoice().link(in: "no link here, ftp://x.org/y") == nil)
    }

    @Test func onlyWebLinksMakeCardsAndAHostilePageIsHeldInBounds() throws {
        for bad in [
            "ftp://example.com/", "javascript:alert(1)", "https:///path", "https://ex ample.com/", "file:///etc",
        ] {
            #expect(LinkCard(uri: bad) == nil, "\(bad)")
        }
        #expect(LinkCard(uri: "https://example.com/" + String(repeating: "a", count: 3000)) == nil, "too long a link")
        let hostile = try #require(
            LinkCard(
                uri: "HTTP://Example.com/x",
                title: "  Line one\n\n\tline\u{0}two  " + String(repeating: "t", count: 5000),
                description: String(repeating: "d ", count: 5000), picture: "relative/path"))
        #expect(hostile.title.hasPrefix("Line one line two"), "one line, controls gone: \(hostile.title.prefix(30))")
        #expect(
            hostile.title.count == LinkCard.longestTitle && hostile.description.count <= LinkCard.longestDescription)
        #expect(hostile.picture == nil, "only a path of this machine")
        #expect(LinkCard(uri: "https://example.com")?.hasLinkAlone == true)
    }

    @Test func openGraphComesFirstThenTwitterThenThePagesOwnWords() {
        let full = PageMetadata(
            metaTags: [
                ("description", "plain"), ("twitter:title", "tw title"), ("og:title", "og title"),
                ("og:title", "second og title"), ("twitter:image", "/tw.png"), ("og:image", "/og.png"),
                ("og:description", "  "),
            ], titleElement: "page title")
        #expect(full.title == "og title" && full.picture == "/og.png")
        #expect(full.description == "plain", "a blank og:description is no description")
        let plain = PageMetadata(metaTags: [], titleElement: "page title")
        #expect(plain.title == "page title" && plain.picture == nil && !plain.isEmpty)
        #expect(PageMetadata(metaTags: [("viewport", "width=device-width")], titleElement: nil).isEmpty)
    }

    @Test func aFetchTakesPagesAndPicturesByTheirTypeAndFollowsRedirects() {
        #expect(PageFetchRules.answer(status: 200, contentType: "text/html; charset=utf-8") == .page)
        #expect(PageFetchRules.answer(status: 200, contentType: "application/xhtml+xml") == .page)
        #expect(PageFetchRules.answer(status: 200, contentType: "application/pdf") == .notAPage)
        #expect(PageFetchRules.answer(status: 404, contentType: "text/html") == .notAPage)
        #expect(PageFetchRules.answer(status: 200, contentType: nil) == .notAPage)
        for status in [301, 302, 303, 307, 308] {
            #expect(PageFetchRules.answer(status: status, contentType: nil) == .redirect)
        }
        #expect(PageFetchRules.isPicture(status: 200, contentType: "image/png"))
        #expect(!PageFetchRules.isPicture(status: 200, contentType: "image/svg+xml"), "no decoder runs scripts")
        #expect(!PageFetchRules.isPicture(status: 500, contentType: "image/png"))
    }

    static func plan(text: String, images: [PostImage] = [], card: LinkCard? = card, parts: [String]? = nil)
        -> PostingPlan
    {
        var options = PostOptions()
        options.linkCard = card
        return PostingPlan(
            text: text, images: images, options: options, accounts: [Plain.mastodon, Plain.bluesky],
            parts: parts.map { [.bluesky: $0] } ?? [:], microsecondsSinceEpoch: 1_796_196_600_123_456)
    }

    func request(_ plan: PostingPlan, _ index: Int) -> APIRequest? {
        plan.request(for: index, credentials: .bluesky(Plain.session), now: Self.now, createdAt: "", didsByHandle: [:])
    }

    @Test func sendMakesTheCardsPictureAThumbOnceAndTheRecordNamesIt() throws {
        var plan = Self.plan(text: "Read https://example.com/news/1")
        #expect(
            plan.step(now: Self.now) == .prepare(index: 1, image: 0) || plan.step(now: Self.now) == .request(index: 0))
        let (source, limits, fromPage) = plan.imageToPrepare(1, image: 0, mastodonLimits: .bluesky)
        #expect(source.path == Self.card.picture && limits.maxBytes == LinkCard.thumbnailBytes, "the lexicon's maxSize")
        #expect(fromPage, "a page's picture, read only by its type's loader")
        #expect(plan.imageProgress(1, now: Self.now) == "Preparing the link card’s picture for Bluesky…")
        plan.prepared(1, image: 0, Images.prepared(1, 0))
        let upload = try #require(request(plan, 1))
        #expect(upload.path == "/xrpc/com.atproto.repo.uploadBlob")
        Images.answer(&plan, 1, 200, Images.json(["blob": Images.blob]))
        // The run ends here: the file is all there is; nothing is uploaded again.
        #expect(plan.file["version"] == .integer(Outbox.fileVersion), "9 added the card: an older one leaves it alone")
        let resumed = try #require(PostingPlan(file: plan.file))
        let record = try #require(request(resumed, 1))
        #expect(record.path == "/xrpc/com.atproto.repo.createRecord")
        let embed = try #require(record.body?["record"]?["embed"])
        #expect(embed["$type"] == .string("app.bsky.embed.external"))
        #expect(embed["external"]?["uri"] == .string("https://example.com/news/1"))
        #expect(embed["external"]?["title"] == .string("A title"))
        #expect(embed["external"]?["thumb"] == Images.blob, "the blob uploadBlob gave")
        #expect(record.body?["record"]?["labels"] == nil)
        // Mastodon builds its own card: nothing of it in the status.
        var mastodon = resumed
        mastodon.startRun()
        let status = try #require(
            mastodon.request(
                for: 0, credentials: .mastodon(token: "t"), now: Self.now, createdAt: "", didsByHandle: [:]))
        #expect(status.body?["media_ids"] == nil && status.body?["card"] == nil)
    }

    @Test func aPictureThatCannotBeMadeAThumbLeavesTheCardWithoutOne() throws {
        var plan = Self.plan(text: "Read https://example.com/news/1")
        plan.preparingFailed(1, image: 0, reason: "not an image", now: Self.now)
        let resumed = try #require(PostingPlan(file: plan.file))
        let record = try #require(request(resumed, 1))
        #expect(record.path == "/xrpc/com.atproto.repo.createRecord", "the post goes, not a failure")
        #expect(record.body?["record"]?["embed"]?["external"]?["title"] == .string("A title"))
        #expect(record.body?["record"]?["embed"]?["external"]?["thumb"] == nil)
    }

    @Test func imagesWinOverTheCardAndAThreadsCardGoesWithThePostThatLinksIt() throws {
        let image = PostImage(path: "/p/a.jpg", alt: "A")
        var withImages = Self.plan(text: "Read https://example.com/news/1", images: [image])
        let (source, _, fromPage) = withImages.imageToPrepare(1, image: 0, mastodonLimits: .bluesky)
        #expect(source == image && !fromPage)
        withImages.prepared(1, image: 0, Images.prepared(1, 0))
        Images.answer(&withImages, 1, 200, Images.json(["blob": Images.blob]))
        let record = try #require(request(withImages, 1))
        #expect(record.body?["record"]?["embed"]?["$type"] == .string("app.bsky.embed.images"))

        let parts = ["First post, with a picture.", "Second: https://example.com/news/1"]
        var thread = Self.plan(text: parts.joined(separator: " "), images: [image], parts: parts)
        let blueskyParts = thread.deliveryIndices.filter { thread.networks.count > 0 && $0 > 0 }
        #expect(blueskyParts == [1, 2])
        // The card's picture is the second post's only upload; the first has the image.
        #expect(thread.imageToPrepare(2, image: 0, mastodonLimits: .bluesky).image.path == Self.card.picture)
        #expect(thread.imageToPrepare(1, image: 0, mastodonLimits: .bluesky).image == image)
        thread.prepared(2, image: 0, Images.prepared(2, 0))
        Images.answer(&thread, 2, 200, Images.json(["blob": Images.blob]))
        let second = try #require(PostingPlan(file: thread.file))
        #expect(second.file == thread.file)
        let noCard = Self.plan(text: "No link here")
        #expect(request(noCard, 1)?.body?["record"]?["embed"] == nil, "a card whose link was edited away goes nowhere")
    }

    @Test func sendTakesTheCardTheLinkAloneWhileItsPageIsOnItsWayOrNothing() throws {
        var draft = LinkCardDraft()
        let text = "Read https://example.com/news/1"
        #expect(
            draft.cardForSend(text: text, hasImages: false) == LinkCard(uri: "https://example.com/news/1"),
            "typed a moment ago")
        #expect(draft.linkToFetch(in: text) == "https://example.com/news/1")
        #expect(draft.linkToFetch(in: text + " more words") == nil, "the same link: not fetched again")
        #expect(draft.cardForSend(text: text, hasImages: false)?.hasLinkAlone == true, "never a wait before Send")
        draft.read(LinkCard(uri: "https://other.example/", title: "Late answer")!)
        #expect(draft.card == nil, "an answer for a link no longer shown is dropped")
        draft.read(Self.card)
        #expect(draft.cardForSend(text: text, hasImages: false) == Self.card)
        #expect(draft.cardForSend(text: text, hasImages: true) == nil, "images win")
        #expect(draft.cardForSend(text: "no link", hasImages: false) == nil)
        draft.unreadable("https://example.com/news/1")
        #expect(draft.cardForSend(text: text, hasImages: false) == nil, "a page that could not be read: no card")
        draft.choice.remove("https://example.com/news/1")
        #expect(
            draft.cardForSend(text: text + " https://example.org/b", hasImages: false)?.uri == "https://example.org/b")
        #expect(draft.linkToFetch(in: text + " https://example.org/b") == "https://example.org/b")
        #expect(draft.isReading)
    }

    @Test func thePreviewNamesTheCardsPictureAndTheEmbedThatCarriesIt() throws {
        var options = PostOptions()
        options.linkCard = Self.card
        let preview = PostPreview.json(
            text: "Read https://example.com/news/1", images: [], options: options, accounts: [Plain.bluesky],
            parts: [:], createdAt: "2026-12-06T10:00:00Z", microsecondsSinceEpoch: 1_796_196_600_123_456)
        let post = try #require(preview["posts"]?.elements?.first)
        #expect(post["uploads"]?.elements?.first?["linkCard"] == .bool(true))
        let thumb = post["body"]?["record"]?["embed"]?["external"]?["thumb"]
        #expect(thumb?["ref"]?["$link"] == .string("(link card picture)"))
    }

    /// A thread half on Bluesky, then edited with another card: the part still to go carries the
    /// new card, and the old card's uploaded picture is not its thumb.
    @Test func anEditWithAnotherCardForgetsTheOldCardsPicture() throws {
        let parts = ["First post.", "Second: https://example.com/news/1"]
        var plan = Self.plan(text: parts.joined(separator: " "), parts: parts)
        plan.prepared(2, image: 0, Images.prepared(2, 0))
        Images.answer(&plan, 2, 200, Images.json(["blob": Images.blob]))
        // The first Bluesky post is out.
        plan.outbox.received(
            1, .success("https://bsky.app/profile/a/post/1"),
            postedAs: .bluesky(.init(uri: "at://did:plc:a/app.bsky.feed.post/1", cid: "c1")), now: Self.now)
        var options = PostOptions()
        options.linkCard = LinkCard(uri: "https://example.com/news/1", title: "Another title")
        let edited = try #require(
            plan.outbox.replacingContent(
                text: parts.joined(separator: " "), images: [], options: options, parts: [.bluesky: parts],
                now: Self.now, newKey: { _, part in "k\(part)" }))
        #expect(edited.deliveries[2].images.isEmpty, "the new card has no picture: nothing of the old one")
        var replan = plan
        replan.outbox = edited
        let record = try #require(request(replan, 2))
        #expect(record.body?["record"]?["embed"]?["external"]?["title"] == .string("Another title"))
        #expect(record.body?["record"]?["embed"]?["external"]?["thumb"] == nil)
    }

    /// A post resumed from the outbox shows the card it was recorded with, and fetches nothing
    /// while its text stays; recorded without one, no link of its text gets one.
    @Test func aResumedPostKeepsTheCardItWasRecordedWith() {
        let text = "See https://example.org/b and https://example.com/news/1"
        var draft = LinkCardDraft()
        draft.resume(Self.card, text: text)
        #expect(draft.linkToFetch(in: text) == nil, "the recorded card's page is not fetched again")
        #expect(draft.cardForSend(text: text, hasImages: false) == Self.card, "the chosen link, not the first")
        draft.resume(nil, text: text)
        #expect(draft.cardForSend(text: text, hasImages: false) == nil)
        #expect(draft.linkToFetch(in: text) == nil)
        #expect(
            draft.cardForSend(text: text + " https://example.net/new", hasImages: false)?.uri
                == "https://example.net/new")
    }
}
