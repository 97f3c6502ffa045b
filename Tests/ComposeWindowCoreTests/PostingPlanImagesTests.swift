import Testing

@testable import ComposeWindowCore

/// A post's images on their way, without a network: prepared once per network, uploaded once,
/// named by the post; a resume uploads only what is missing, and again only what a network lost.
@Suite struct PostingPlanImagesTests {
    typealias Plain = PostingPlanTests
    static let images = [PostImage(path: "/p/a.jpg", alt: "A red square"), PostImage(path: "/p/b.png", alt: "")]
    static let now = PostingPlanTests.now

    static func plan() -> PostingPlan {
        PostingPlan(
            text: "Two pictures", images: images, accounts: [Plain.mastodon, Plain.bluesky],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
    }

    static func prepared(_ index: Int, _ image: Int) -> PreparedImage {
        PreparedImage(
            file: "/s/outbox/default.media/\(index)-\(image).jpg", mimeType: "image/jpeg", width: 1200, height: 800,
            byteCount: 200_000)
    }

    func request(_ plan: PostingPlan, _ index: Int) -> APIRequest? {
        PostingPlanTests().request(plan, index)
    }

    static func json(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.sorted { $0.key < $1.key }.map { .init($0.key, $0.value) })
    }

    static let blob = json([
        "$type": .string("blob"), "ref": json(["$link": .string("bafkreiabc")]), "mimeType": .string("image/jpeg"),
        "size": .integer(200_000),
    ])

    /// Answers `index`'s request with `answer`, as the app does (willSend, then received).
    static func answer(_ plan: inout PostingPlan, _ index: Int, _ status: Int, _ json: JSONValue?) {
        plan.willSend(index, now: now)
        plan.received(index, .success(APIAnswer(status: status, json: json)), now: now)
    }

    /// Every image of both networks prepared and uploaded (Mastodon's processed at once).
    static func uploaded() -> PostingPlan {
        var plan = plan()
        for index in 0..<2 {
            for image in 0..<2 {
                // Mastodon comes first in a run; Bluesky's are driven directly.
                if index == 0 { #expect(plan.step(now: now) == .prepare(index: index, image: image)) }
                plan.prepared(index, image: image, prepared(index, image))
                if index == 0 { #expect(plan.step(now: now) == .request(index: index)) }
                if index == 0 {
                    answer(
                        &plan, 0, 200, json(["id": .string("m\(image)"), "url": .string("https://m.s/\(image).jpg")]))
                } else {
                    answer(&plan, 1, 200, json(["blob": blob]))
                }
            }
        }
        return plan
    }

    @Test func eachImageIsPreparedThenUploadedThenNamedByThePost() throws {
        var plan = Self.plan()
        plan.startRun()
        #expect(plan.step(now: Self.now) == .prepare(index: 0, image: 0), "made to fit before anything leaves")
        plan.prepared(0, image: 0, Self.prepared(0, 0))
        let upload = try #require(request(plan, 0))
        #expect(upload.path == "/api/v2/media" && upload.method == .post && upload.bearer == "token")
        #expect(upload.file?.path == "/s/outbox/default.media/0-0.jpg" && upload.file?.mimeType == "image/jpeg")
        #expect(upload.file?.form == [.init(name: "description", value: "A red square")])
        Self.answer(&plan, 0, 200, Self.json(["id": .string("m0"), "url": .string("https://m.s/0.jpg")]))
        #expect(!plan.mayHaveBeenSentSomewhere, "an upload makes no post")

        let plan2 = Self.uploaded()
        let status = try #require(request(plan2, 0))
        #expect(status.path == "/api/v1/statuses")
        #expect(status.body?["media_ids"] == .array([.string("m0"), .string("m1")]))
        let record = try #require(request(plan2, 1))
        let embed = try #require(record.body?["record"]?["embed"])
        #expect(embed["$type"] == .string("app.bsky.embed.images"))
        let embedded = try #require(embed["images"]?.elements)
        #expect(embedded.map { $0["alt"] } == [.string("A red square"), .string("")], "alt is required: empty")
        #expect(embedded.first?["image"] == Self.blob, "the blob ref as uploadBlob gave it")
        #expect(embedded.first?["aspectRatio"]?["width"] == .integer(1200))
    }

    @Test func blueskyUploadsTheBytesAsTheBodyWithTheirType() throws {
        var plan = Self.plan()
        for image in 0..<2 { plan.prepared(0, image: image, Self.prepared(0, image)) }
        plan.prepared(1, image: 0, Self.prepared(1, 0))
        // Mastodon's images are not uploaded yet; Bluesky's first is prepared.
        let blob = try #require(
            plan.request(
                for: 1, credentials: .bluesky(Plain.session), now: Self.now, createdAt: "", didsByHandle: [:]))
        #expect(blob.path == "/xrpc/com.atproto.repo.uploadBlob" && blob.bearer == "access")
        #expect(blob.file == .init(path: "/s/outbox/default.media/1-0.jpg", mimeType: "image/jpeg", form: nil))
    }

    @Test func aResumeUploadsOnlyWhatIsMissingAndChecksMastodonsMediaFirst() throws {
        var plan = Self.plan()
        plan.prepared(0, image: 0, Self.prepared(0, 0))
        Self.answer(&plan, 0, 200, Self.json(["id": .string("m0"), "url": .string("https://m.s/0.jpg")]))
        // The process ends here; the file is all that is left.
        var resumed = try #require(PostingPlan(file: plan.file))
        #expect(resumed.images == Self.images)
        resumed.startRun()
        let check = try #require(request(resumed, 0))
        #expect(check.method == .get && check.path == "/api/v1/media/m0", "still there? (deleted after a day)")
        Self.answer(&resumed, 0, 404, Self.json(["error": .string("Record not found")]))
        let again = try #require(request(resumed, 0))
        #expect(again.path == "/api/v2/media" && again.file?.path == "/s/outbox/default.media/0-0.jpg", "same bytes")
        Self.answer(&resumed, 0, 200, Self.json(["id": .string("m9"), "url": .string("https://m.s/9.jpg")]))
        #expect(resumed.step(now: Self.now) == .prepare(index: 0, image: 1), "then the one never prepared")
    }

    @Test func mastodonProcessingIsAskedAfterAtAPaceAndNotForever() throws {
        var plan = Self.plan()
        plan.startRun()
        plan.prepared(0, image: 0, Self.prepared(0, 0))
        Self.answer(&plan, 0, 202, Self.json(["id": .string("m0"), "url": .null]))
        #expect(request(plan, 0)?.path == "/api/v1/media/m0")
        #expect(plan.delayBeforeRequest(0, now: Self.now) == 0)
        Self.answer(&plan, 0, 206, Self.json(["id": .string("m0")]))
        #expect(plan.delayBeforeRequest(0, now: Self.now) == 1000, "a second, then more")
        for _ in 2..<PostingPlan.longestPolling { Self.answer(&plan, 0, 206, Self.json(["id": .string("m0")])) }
        #expect(plan.delayBeforeRequest(0, now: Self.now) == 5000, "never more than five")
        Self.answer(&plan, 0, 206, Self.json(["id": .string("m0")]))
        #expect(plan.failure(0) == .stillProcessing)
        #expect(plan.step(now: Self.now) == .prepare(index: 1, image: 0), "this run goes on with Bluesky")
        plan.startRun()
        #expect(request(plan, 0)?.path == "/api/v1/media/m0", "Retry asks again")
        Self.answer(&plan, 0, 422, Self.json(["error": .string("Processing failed")]))
        #expect(plan.failure(0) == .refused(status: 422, message: "Processing failed"))
        #expect(!plan.mayHaveBeenSentSomewhere)
        // The failed media can never be attached (its GET answers 422 for ever): Retry uploads the
        // same prepared bytes again instead of asking after it.
        plan.startRun()
        let again = try #require(request(plan, 0))
        #expect(again.path == "/api/v2/media" && again.file?.path == Self.prepared(0, 0).file)
    }

    @Test func aSignInWithoutWriteMediaIsAskedToSignInAgain() {
        var plan = Self.plan()
        plan.prepared(0, image: 0, Self.prepared(0, 0))
        Self.answer(&plan, 0, 403, Self.json(["error": .string("This action is outside the authorized scopes")]))
        #expect(plan.failure(0) == .scopesMissing)
    }

    @Test func blobTooLargeIsPreparedAgainSmaller() throws {
        var plan = Self.plan()
        plan.prepared(1, image: 0, Self.prepared(1, 0))
        Self.answer(&plan, 1, 400, Self.json(["error": .string("BlobTooLarge")]))
        #expect(plan.failure(1) == nil, "not a failure: this run prepares it again")
        #expect(plan.step(now: Self.now) == .prepare(index: 0, image: 0))
        let again = plan.imageToPrepare(1, image: 0, mastodonLimits: .mastodonDefault)
        #expect(again.limits.maxBytes == 150_000, "three quarters of what was refused")
        #expect(plan.imageToPrepare(0, image: 0, mastodonLimits: .mastodonDefault).limits == .mastodonDefault)
    }

    @Test func aDroppedBlobIsUploadedAgainOnceAndTheRecordKeepsItsKey() throws {
        var plan = Self.uploaded()
        plan.startRun()
        let record = try #require(request(plan, 1))
        // Mastodon's, from an earlier run, are checked first; here only Bluesky is driven.
        Self.answer(
            &plan, 1, 400,
            Self.json(["error": .string("InvalidRequest"), "message": .string("Could not find blob: bafkreiabc")]))
        #expect(!plan.mayHaveBeenSentSomewhere && plan.failure(1) == nil)
        #expect(request(plan, 1)?.path == "/xrpc/com.atproto.repo.uploadBlob", "the same bytes again")
        for _ in 0..<2 { Self.answer(&plan, 1, 200, Self.json(["blob": Self.blob])) }
        #expect(request(plan, 1) == record, "the same record, the same key")
        Self.answer(
            &plan, 1, 400,
            Self.json(["error": .string("InvalidRequest"), "message": .string("Could not find blob: bafkreiabc")]))
        #expect(plan.failure(1) != nil, "once per run: a second time is a failure, not a loop")
    }

    @Test func anEditKeepsWhatWasUploadedForTheImagesItKeeps() throws {
        let plan = Self.uploaded()
        let changed = [Self.images[1], PostImage(path: "/p/a.jpg", alt: "A red square, corrected")]
        var edited = try #require(plan.replacingContent(text: "Two pictures", images: changed, options: PostOptions()))
        edited.startRun()
        #expect(edited.step(now: Self.now) == .request(index: 0), "b.png, uploaded before: checked")
        #expect(request(edited, 0)?.path == "/api/v1/media/m1")
        Self.answer(&edited, 0, 200, Self.json(["id": .string("m1"), "url": .string("https://m.s/1.jpg")]))
        #expect(edited.step(now: Self.now) == .prepare(index: 0, image: 1), "its alt text changed: sent again")
        edited.prepared(0, image: 1, Self.prepared(0, 1))
        let upload = try #require(request(edited, 0))
        #expect(upload.path == "/api/v2/media")
        #expect(upload.file?.form == [.init(name: "description", value: "A red square, corrected")])
        #expect(edited.file != plan.file)
        let kept = try #require(plan.replacingContent(text: "Other words", images: Self.images, options: PostOptions()))
        #expect(request(kept, 0)?.body?["media_ids"] == .array([.string("m0"), .string("m1")]), "nothing again")
    }

    @Test func aFileOfAnEarlierVersionHasNoImagesAndOneOfThisVersionKeepsThem() throws {
        let plan = Self.uploaded()
        let restored = try #require(PostingPlan(file: plan.file))
        #expect(restored.file == plan.file)
        #expect(request(restored, 1) == request(plan, 1))
        var older = PostingPlan(text: "x", accounts: [Plain.mastodon], microsecondsSinceEpoch: 1)
        older.startRun()
        guard case .object(var members) = older.file else {
            Issue.record("not an object")
            return
        }
        members = members.map { $0.name == "version" ? .init("version", .integer(2)) : $0 }
        let two = try #require(PostingPlan(file: .object(members)))
        #expect(two.images.isEmpty)
    }

    @Test func theBarSaysWhichImageIsOnItsWay() {
        var plan = Self.plan()
        #expect(plan.imageProgress(0, now: Self.now) == "Preparing image 1 of 2 for Mastodon…")
        plan.prepared(0, image: 0, Self.prepared(0, 0))
        #expect(plan.imageProgress(0, now: Self.now) == "Uploading image 1 of 2 to Mastodon…")
        Self.answer(&plan, 0, 202, Self.json(["id": .string("m0"), "url": .null]))
        #expect(plan.imageProgress(0, now: Self.now) == "Mastodon is processing image 1 of 2…")
        #expect(Self.uploaded().imageProgress(1, now: Self.now) == nil, "the post itself: the bar's own words")
    }
}
