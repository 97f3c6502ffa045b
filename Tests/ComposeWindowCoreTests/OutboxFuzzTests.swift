import PlaceholderTestSupport
import Testing

@testable import ComposeWindowCore

/// An outbox file is input like any other: one written by compose-window, with one value replaced by
/// something hostile (huge or negative numbers, times before 1970 or after 9999, empty lists, paths
/// out of the state folder, keys that would name another folder, text over two lines, the wrong
/// type), is either refused whole or read into a post the session can run, re-written and read back
/// as the same. Never a trap; never "confirmed" unless the file says so with a link on one line.
/// `make test` walks fixed seeds; OUTBOX_SEED=N replays one; `make check-fuzz` tries fresh ones.
@Suite struct OutboxFuzzTests {
    static let seeds = SeededGenerator.seeds(from: "OUTBOX_SEED", fixed: [20_261_205, 11, 4_096])
    static let now: Int64 = 1_796_500_000

    /// A post that has been through a good deal: a thread, an image prepared and uploaded, a 429, a
    /// lost answer.
    static func written() -> JSONValue {
        var plan = PostingPlan(
            text: "One.\n---\nTwo.", images: [PostImage(path: "/home/alice/a.jpg", alt: "A")],
            accounts: [PostingPlanTests.mastodon, PostingPlanTests.bluesky],
            parts: [.mastodon: ["One.", "Two."], .bluesky: ["One.", "Two."]],
            microsecondsSinceEpoch: 1_796_499_000_000_000)
        plan.outbox.prepared(
            0, image: 0,
            PreparedImage(
                file: "/state/compose-window/outbox/media/k/0-0.jpg", mimeType: "image/jpeg", width: 40, height: 30,
                byteCount: 900))
        plan.outbox.uploaded(0, image: 0, .mastodon(id: "7", ready: true))
        plan.outbox.willSend(0, .postStatus(idempotencyKey: plan.outbox.deliveries[0].key), now: now)
        plan.outbox.received(0, .failure(.outcomeUnknown(.timeout)), now: now)
        plan.outbox.received(2, .failure(.rateLimited(retryAfterSeconds: 30)), now: now)
        return plan.file
    }

    /// A Mastodon reply that quotes, with every option, scheduled and kept by its server, a move
    /// asked for: what `written()` lacks (the hold, the server's schedule, the options' fields).
    static func scheduledWithEveryOption() -> JSONValue {
        var options = PostOptions(
            contentWarning: "CW", visibility: .unlisted, sensitive: true, selfLabel: .nudity, languages: ["en", "zh"])
        options.mentions = ["bob.bsky.social": "did:plc:bob"]
        options.linkCard = LinkCardTests.card
        options.replyGate = .following
        options.quote = QuoteTests.mastodonQuote
        options.mastodonTakesQuotes = true
        var session = PostingSession()
        _ = session.send(
            text: "Later, https://example.com/news/1", images: [PostImage(path: "/home/alice/a.jpg", alt: "A")],
            options: options, accounts: [PostingPlanTests.mastodon],
            replyTo: QuoteTests.mastodonPost(id: "9", acct: "bob"),
            scheduledAt: ServerScheduleTests.time, serverKeepsTime: true,
            microsecondsSinceEpoch: UInt64(now) * 1_000_000)
        guard var plan = session.plan else { return .null }
        plan.askedThePerson(now: now)
        plan.outbox.scheduledOnServer(0, id: "7", at: ServerScheduleTests.time)
        plan.outbox.received(0, .failure(.cannotTell(link: "https://m.example/@a/55", id: "55")), now: now)
        plan.outbox.change(0) {
            $0.leftSchedule = true
            $0.withdrawing = true
            $0.movingTo = ServerScheduleTests.time + 60
            $0.notBefore = now + 30
            $0.settleFrom = now
            $0.firstSentAt = now
        }
        return plan.file
    }

    /// A Bluesky reply thread: its first post on the network (its record), its image refused as
    /// too large once and uploaded smaller, the card's picture unusable, the second post refused
    /// and detached from it.
    static func blueskyReplyThreadHalfPosted() -> JSONValue {
        let root = BlueskyPost.StrongRef(uri: "at://did:plc:carol/app.bsky.feed.post/3kaaaaaaaaaa2", cid: "bafyroot")
        let parent = BlueskyPost.StrongRef(uri: "at://did:plc:bob/app.bsky.feed.post/3kzzzzzzzzzz2", cid: "bafyp")
        let record = JSONValue.object([
            .init("uri", .string(parent.uri)), .init("cid", .string(parent.cid)),
            .init(
                "value",
                .object([
                    .init("text", .string("Hi")),
                    .init("reply", .object([.init("root", root.json), .init("parent", root.json)])),
                ])),
        ])
        guard let replyTo = ReplyParent(blueskyRecord: APIAnswer(status: 200, json: record), author: "bob.bsky.social")
        else { return .null }
        var plan = PostingPlan(
            text: "One.\n---\nTwo.", images: [PostImage(path: "/home/alice/b.png", alt: "B")],
            accounts: [PostingPlanTests.bluesky], parts: [.bluesky: ["One.", "Two."]], replyTo: replyTo,
            microsecondsSinceEpoch: UInt64(now) * 1_000_000)
        let prepared = PreparedImage(
            file: "/state/compose-window/outbox/media/k/0-0.png", mimeType: "image/png", width: 40, height: 30,
            byteCount: 2_000_000)
        plan.outbox.prepared(0, image: 0, prepared)
        plan.outbox.imageTooLarge(0, image: 0)
        plan.outbox.prepared(0, image: 0, prepared)
        let blob = JSONValue.object([
            .init("$type", .string("blob")), .init("ref", .object([.init("$link", .string("bafyblob"))])),
            .init("mimeType", .string("image/png")), .init("size", .integer(900)),
        ])
        plan.outbox.uploaded(0, image: 0, .bluesky(blob: blob))
        let mine = BlueskyPost.StrongRef(uri: "at://did:plc:alice/app.bsky.feed.post/3kcccccccccc2", cid: "bafyc")
        plan.outbox.received(0, .success("https://bsky.app/profile/alice/post/3kc"), postedAs: .bluesky(mine), now: now)
        plan.outbox.received(1, .failure(.refused(status: 400, message: "Invalid")), now: now)
        plan.outbox.change(1) {
            $0.detached = true
            $0.cardPictureUnusable = true
        }
        return plan.file
    }

    /// A GIF made a video, its job at Bluesky's video service under way.
    static func blueskyVideoJob() -> JSONValue {
        var plan = PostingPlan(
            text: "A loop", images: [PostImage(path: "/home/alice/loop.gif", alt: "A cat")],
            accounts: [PostingPlanTests.bluesky], microsecondsSinceEpoch: UInt64(now) * 1_000_000)
        plan.outbox.prepared(
            0, image: 0,
            PreparedImage(
                file: "/state/compose-window/outbox/media/k/0-0.mp4", mimeType: "video/mp4", width: 320, height: 240,
                byteCount: 300_000, fromGIF: true))
        plan.outbox.uploaded(0, image: 0, .blueskyJob(id: "b7c4f2e0-1a2b-4c3d-9e8f-0123456789ab"))
        return plan.file
    }

    /// The same video on its way to the video service, no answer yet (a kill -9 during the upload).
    static func blueskyVideoSent() -> JSONValue {
        guard var plan = PostingPlan(file: blueskyVideoJob()) else { return .null }
        plan.outbox.imageGone(0, image: 0)
        plan.outbox.videoSent(0, image: 0)
        return plan.file
    }

    /// A video with two captions to Bluesky: its blob known, the first caption's blob too.
    static func blueskyVideoCaptioned() -> JSONValue {
        let captions = [
            VideoCaption(path: "/home/alice/subs.en.vtt", language: "en"),
            VideoCaption(path: "/home/alice/subs.pt.vtt", language: "pt-BR"),
        ]
        var plan = PostingPlan(
            text: "Captioned", images: [PostImage(path: "/home/alice/clip.mp4", alt: "A ball", captions: captions)],
            accounts: [PostingPlanTests.bluesky], microsecondsSinceEpoch: UInt64(now) * 1_000_000)
        var video = PreparedImage(
            file: "/state/compose-window/outbox/media/k/0-0.mp4", mimeType: "video/mp4", width: 320, height: 240,
            byteCount: 300_000)
        video.captions = captions.indices.map {
            PreparedCaption(file: "/state/compose-window/outbox/media/k/0-0-caption-\($0).vtt", language: "en")
        }
        plan.outbox.prepared(0, image: 0, video)
        plan.outbox.uploaded(0, image: 0, .bluesky(blob: VideoCaptionsTests.blob("bafkreivideo", "video/mp4")))
        plan.outbox.captionUploaded(0, image: 0, caption: 0, VideoCaptionsTests.blob("bafkreien", "text/vtt"))
        return plan.file
    }

    static func examples() -> [JSONValue] {
        [
            written(), scheduledWithEveryOption(), blueskyReplyThreadHalfPosted(), blueskyVideoJob(),
            blueskyVideoSent(),
            blueskyVideoCaptioned(),
        ]
    }

    @Test(arguments: seeds)
    func aHostileValueIsRefusedOrReadIntoAPostThatRuns(seed: UInt64) {
        print("OUTBOX_SEED=\(seed)")
        var generator = SeededGenerator(state: seed)
        for original in Self.examples() {
            fuzz(original, seed: seed, using: &generator)
        }
    }

    private func fuzz(_ original: JSONValue, seed: UInt64, using generator: inout SeededGenerator) {
        let places = StateFuzzing.places(original)
        #expect(PostingPlan(file: original) != nil, "the file as written reads back")
        for round in 0..<400 {
            let place = places.randomElement(using: &generator)!
            let value = StateFuzzing.hostile.randomElement(using: &generator)!
            let mutated = StateFuzzing.replacing(original, at: place, with: value)
            guard let plan = PostingPlan(file: mutated) else { continue }
            let context = "OUTBOX_SEED=\(seed) round \(round): \(place) = \(value)"
            // It runs: every delivery's next step, its request, a session's move.
            for index in plan.deliveryIndices {
                _ = plan.outbox.next(for: index, now: Self.now)
                _ = plan.request(
                    for: index,
                    credentials: plan.network(index) == .mastodon
                        ? .mastodon(token: "t") : .bluesky(PostingPlanTests.session),
                    now: Self.now, createdAt: "2026-12-05T18:00:00Z", didsByHandle: [:])
                for delivery in plan.outbox.deliveries {
                    #expect(StateValues.isKey(delivery.key), "\(context)")
                    if case .confirmed(let link) = delivery.state {
                        #expect(StateValues.isOneLine(link), "\(context)")
                    }
                    for image in delivery.images {
                        if let file = image.prepared?.file { #expect(StateValues.isPlainPath(file), "\(context)") }
                    }
                }
            }
            var session = PostingSession(plan: plan)
            _ = session.send(
                text: plan.text, images: plan.images, accounts: [PostingPlanTests.mastodon, PostingPlanTests.bluesky],
                parts: plan.parts, microsecondsSinceEpoch: 1)
            _ = session.nextMove(now: Self.now)
            // What reads times and counts of it (#61): the window's and --deliver's questions.
            _ = session.scheduledFor(now: Self.now)
            _ = plan.publishedBeforeItsTime(now: Self.now)
            _ = DeliveryFollowUp.after(plan, retryAt: plan.heldUntil, now: Self.now)
            if let until = plan.heldUntil { #expect(StateValues.times.contains(until), "\(context)") }
            // What it writes back reads back as the same post.
            #expect(PostingPlan(file: plan.file) == plan, "\(context)")
        }
    }
}
