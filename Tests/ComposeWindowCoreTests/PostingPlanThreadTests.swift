import Testing

@testable import ComposeWindowCore

/// A thread's protocol decisions without a network: a key for every post chosen before the first
/// leaves, each post only once the one before it is stored, and each answering it as the network
/// named it (Mastodon's status id, Bluesky's uri and cid, with the first post as root).
@Suite struct PostingPlanThreadTests {
    static let mastodon = PostingPlanTests.mastodon
    static let bluesky = PostingPlanTests.bluesky
    static let now = PostingPlanTests.now
    static let text = "One.\n---\nTwo.\n---\nThree."
    static let parts: [PostingAccount.Network: [String]] = [
        .mastodon: ["One.", "Two. Three."], .bluesky: ["One.", "Two.", "Three."],
    ]
    static let photo = [PostImage(path: "/home/alice/a.jpg", alt: "A")]

    static func plan(images: [PostImage] = []) -> PostingPlan {
        PostingPlan(
            text: text, images: images, accounts: [mastodon, bluesky], parts: parts,
            microsecondsSinceEpoch: 1_796_196_600_123_456)
    }

    func request(_ plan: PostingPlan, _ index: Int) -> APIRequest? {
        plan.request(
            for: index,
            credentials: plan.network(index) == .mastodon
                ? .mastodon(token: "token") : .bluesky(PostingPlanTests.session),
            now: Self.now, createdAt: "2026-12-04T07:30:00Z", didsByHandle: [:])
    }

    static func answer(_ members: [String: String]) -> Result<APIAnswer, PostingPlan.NoAnswer> {
        .success(
            APIAnswer(status: 200, json: .object(members.sorted { $0.key < $1.key }.map { .init($0, .string($1)) })))
    }

    @Test func everyPostHasItsOwnKeyChosenBeforeAnythingLeaves() throws {
        let plan = Self.plan()
        #expect(plan.deliveryIndices.count == 5)
        #expect(plan.accountNames == [Self.mastodon.name, Self.bluesky.name])
        let keys = plan.outbox.deliveries.map(\.key)
        #expect(Set(keys).count == 5, "each post its own key")
        let recordKeys = plan.outbox.thread(of: .bluesky).map { plan.outbox.deliveries[$0].key }
        #expect(recordKeys == recordKeys.sorted(), "TIDs in the thread's order")
        #expect(recordKeys.allSatisfy { RecordKey.isValid($0) })
        #expect(PostingPlan(file: plan.file) == plan, "the file keeps every post, its part and its key")
        #expect(plan.parts == Self.parts, "Send again with the same text posts the same posts")
        #expect(PostingPlan(text: "One post", accounts: [Self.mastodon], microsecondsSinceEpoch: 1).parts == [:])
    }

    @Test func aPostGoesOnlyOnceTheOneBeforeIsStoredAndAnswersIt() throws {
        var plan = Self.plan()
        plan.startRun()
        #expect(request(plan, 1) == nil, "Mastodon's second post waits for its first")
        #expect(plan.step(now: Self.now) == .request(index: 0))
        let first = try #require(request(plan, 0))
        #expect(first.body?["status"] == .string("One.") && first.body?["in_reply_to_id"] == nil)
        plan.willSend(0, now: Self.now)
        plan.received(0, Self.answer(["id": "1071", "url": "https://mastodon.social/@alice/1071"]), now: Self.now)
        #expect(plan.step(now: Self.now) == .request(index: 1))
        let second = try #require(request(plan, 1))
        #expect(second.body?["status"] == .string("Two. Three."))
        #expect(second.body?["in_reply_to_id"] == .string("1071"))
        #expect(second.headers != first.headers, "its own Idempotency-Key")
    }

    @Test func blueskyPostsAnswerTheFirstAsRootAndTheOneBeforeAsParent() throws {
        var plan = Self.plan()
        let thread = plan.outbox.thread(of: .bluesky)
        var stored: [BlueskyPost.StrongRef] = []
        for (part, index) in thread.enumerated() {
            let create = try #require(request(plan, index))
            let record = try #require(create.body?["record"])
            if part == 0 {
                #expect(record["reply"] == nil)
            } else {
                #expect(record["reply"]?["root"] == stored[0].json)
                #expect(record["reply"]?["parent"] == stored[part - 1].json)
            }
            let key = try #require(create.body?["rkey"]?.string)
            let ref = BlueskyPost.StrongRef(uri: "at://did:plc:alice/app.bsky.feed.post/" + key, cid: "bafyrei\(part)")
            stored.append(ref)
            plan.willSend(index, now: Self.now)
            // The third's answer is lost: getRecord gives its cid.
            if part == 2 {
                plan.received(index, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now)
                #expect(request(plan, index)?.path == "/xrpc/com.atproto.repo.getRecord")
                plan.willSend(index, now: Self.now)
            }
            plan.received(index, Self.answer(["uri": ref.uri, "cid": ref.cid]), now: Self.now)
        }
        #expect(plan.outbox.thread(of: .bluesky).allSatisfy { plan.outbox.isConfirmed($0) })
        #expect(plan.outbox.deliveries[thread[2]].postedAs == .bluesky(stored[2]))
    }

    @Test func anAnswerThatDoesNotNameThePostIsNoConfirmation() {
        var plan = Self.plan()
        plan.willSend(0, now: Self.now)
        // Without its id, the next post could not answer it: looked up, as any unclear answer is.
        plan.received(0, Self.answer(["url": "https://mastodon.social/@alice/1071"]), now: Self.now)
        #expect(!plan.outbox.isConfirmed(0) && plan.mayHaveBeenSentSomewhere)
        let bluesky = plan.outbox.thread(of: .bluesky)[0]
        plan.willSend(bluesky, now: Self.now)
        plan.received(
            bluesky, Self.answer(["uri": "at://did:plc:alice/app.bsky.feed.post/3kzzzzzzzzzz2"]), now: Self.now)
        #expect(!plan.outbox.isConfirmed(bluesky), "no cid: no strongRef for the next post")
    }

    @Test func theImagesGoWithTheFirstPost() throws {
        let plan = Self.plan(images: Self.photo)
        for network in [PostingAccount.Network.mastodon, .bluesky] {
            let thread = plan.outbox.thread(of: network)
            #expect(plan.outbox.deliveries[thread[0]].images.count == 1)
            #expect(thread.dropFirst().allSatisfy { plan.outbox.deliveries[$0].images.isEmpty })
        }
    }

    @Test func aMastodonLookupFindsThePostThatAnswersTheOneBefore() {
        // Two posts with the same words: only the one answering the part before is this part.
        let sentAt = MastodonLookupTests.sentAt
        var lookup = MastodonLookup(
            host: "mastodon.social", expected: MastodonStatusMatch(text: "Same.", inReplyTo: "10"), sentAt: sentAt)
        #expect(lookup.received(APIAnswer(status: 200, json: .object([.init("id", .string("7"))]))) == .ask)
        let statuses = JSONValue.array([
            MastodonLookupTests.status(12, offset: 20), MastodonLookupTests.status(11, offset: 10, inReplyTo: "10"),
            MastodonLookupTests.status(3, offset: -86_400, inReplyTo: "10"),
        ])
        #expect(lookup.received(APIAnswer(status: 200, json: statuses)) == .ask)
        #expect(lookup.request(token: "t").path == "/api/v1/statuses/11/source", "12 answers nothing")
        #expect(
            lookup.received(APIAnswer(status: 200, json: .object([.init("text", .string("Same."))])))
                == .found(link: "https://m.example/@a/11", id: "11"))
    }

    @Test func aHalfPostedThreadKeepsItsTextAndTheRestGoesAsSplit() throws {
        var session = PostingSession()
        _ = session.send(
            text: Self.text, accounts: [Self.mastodon], parts: [.mastodon: ["One.", "Two. Three."]],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        session.willSend(0, now: Self.now)
        session.received(0, Self.answer(["id": "1", "url": "https://m/1"]), now: Self.now)
        session.willSend(1, now: Self.now)
        session.received(1, .success(APIAnswer(status: 422, json: nil)), now: Self.now)
        guard case .finished(.notYet(let failures, _)) = session.nextMove(now: Self.now) else {
            Issue.record("the run goes on")
            return
        }
        #expect(failures.map { [$0.index, $0.part, $0.parts] } == [[1, 2, 2]], "the second of two failed")
        #expect(!session.textIsEditable, "one post is out: the rest goes as it was split")
        #expect(session.plan?.threadProgress == ["@alice@mastodon.social has 1 of the thread's 2 posts"])
        #expect(session.resumedText(draft: "edited") == Self.text)
        // Send with another text posts the rest as it was.
        _ = session.send(
            text: "Other.", accounts: [Self.mastodon], parts: [:], microsecondsSinceEpoch: 1_796_196_700_000_000)
        #expect(session.plan?.outbox.text(of: 1) == "Two. Three.")
        #expect(session.plan?.links == ["https://m/1"], "the thread's first post is its link")
    }

    @Test func anEditBeforeAnyPostIsOutSplitsAnew() throws {
        var plan = Self.plan()
        plan.willSend(0, now: Self.now)
        plan.received(0, .success(APIAnswer(status: 422, json: nil)), now: Self.now)
        let keys = plan.outbox.thread(of: .mastodon).map { plan.outbox.deliveries[$0].key }
        let edited = try #require(
            plan.replacingContent(
                text: "A.\n---\nB.\n---\nC.", images: [], options: PostOptions(),
                parts: [.mastodon: ["A.", "B.", "C."], .bluesky: ["A. B. C."]],
                microsecondsSinceEpoch: 1_796_196_700_000_000))
        let mastodon = edited.outbox.thread(of: .mastodon)
        #expect(mastodon.map { edited.outbox.text(of: $0) } == ["A.", "B.", "C."])
        #expect(Array(mastodon.prefix(2).map { edited.outbox.deliveries[$0].key }) == keys, "keys stay by position")
        #expect(Set(mastodon.map { edited.outbox.deliveries[$0].key }).count == 3)
        #expect(edited.outbox.thread(of: .bluesky).count == 1)
        #expect(PostingPlan(file: edited.file)?.outbox == edited.outbox)
    }

    @Test func aFileWhosePartsDoNotMakeAThreadIsNoOutbox() throws {
        guard case .object(var members) = Self.plan().file,
            let at = members.firstIndex(where: { $0.name == "deliveries" }),
            case .array(var deliveries) = members[at].value, case .object(let last)? = deliveries.last
        else {
            Issue.record("not an outbox")
            return
        }
        deliveries[deliveries.count - 1] = .object(last.map { $0.name == "part" ? .init("part", .integer(7)) : $0 })
        members[at] = .init("deliveries", .array(deliveries))
        #expect(PostingPlan(file: .object(members)) == nil, "Bluesky's parts 0, 1, 7")
    }
}
