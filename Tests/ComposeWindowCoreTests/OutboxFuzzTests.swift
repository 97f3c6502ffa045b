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

    static let hostile: [JSONValue] = [
        .integer(Int.max), .integer(Int.min), .integer(-1), .integer(0), .double(1e300), .double(-0.5),
        .string(""), .string("../../../home/alice/.ssh/id_ed25519"), .string("/etc/passwd"),
        .string("https://m.example/@a/1\nhttps://evil.example/"), .string(String(repeating: "x", count: 70_000)),
        .string("\u{0}"), .array([]), .object([]), .null, .bool(true),
    ]

    /// Every place in `value` (a path of member names and indices).
    enum Step: Hashable {
        case member(String)
        case index(Int)
    }
    static func places(_ value: JSONValue, at path: [Step] = []) -> [[Step]] {
        switch value {
        case .object(let members):
            return [path] + members.flatMap { places($0.value, at: path + [.member($0.name)]) }
        case .array(let items):
            return [path] + items.indices.flatMap { places(items[$0], at: path + [.index($0)]) }
        default: return [path]
        }
    }

    static func replacing(_ value: JSONValue, at path: [Step], with new: JSONValue) -> JSONValue {
        guard let step = path.first else { return new }
        switch (value, step) {
        case (.object(let members), .member(let name)):
            return .object(
                members.map {
                    $0.name == name ? .init(name, replacing($0.value, at: Array(path.dropFirst()), with: new)) : $0
                })
        case (.array(var items), .index(let index)):
            items[index] = replacing(items[index], at: Array(path.dropFirst()), with: new)
            return .array(items)
        default: return value
        }
    }

    @Test(arguments: seeds)
    func aHostileValueIsRefusedOrReadIntoAPostThatRuns(seed: UInt64) {
        print("OUTBOX_SEED=\(seed)")
        var generator = SeededGenerator(state: seed)
        let original = Self.written()
        let places = Self.places(original)
        #expect(PostingPlan(file: original) != nil, "the file as written reads back")
        for round in 0..<400 {
            let place = places.randomElement(using: &generator)!
            let value = Self.hostile.randomElement(using: &generator)!
            let mutated = Self.replacing(original, at: place, with: value)
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
            // What it writes back reads back as the same post.
            #expect(PostingPlan(file: plan.file) == plan, "\(context)")
        }
    }
}
