import Testing

@testable import ComposeWindowCore

/// A Bluesky account chosen from the mention list: its DID goes with the post (the outbox keeps
/// it), the facet takes it, and Send looks up only the handles typed by hand.
@Suite struct MentionChoiceTests {
    static let chosen = ["bob.bsky.social": "did:plc:bob", "carol.example.com": "did:web:carol.example.com"]

    @Test func onlyMentionsTheTextStillHasAreKept() {
        let options = PostOptions().withMentions(chosen: Self.chosen, in: "Hi @bob.bsky.social and carol")
        #expect(options.mentions == ["bob.bsky.social": "did:plc:bob"], "carol's mention was typed over")
        let forged = PostOptions().withMentions(chosen: ["bob.bsky.social": "plc:bob"], in: "@bob.bsky.social")
        #expect(forged.mentions.isEmpty, "a DID that is none is not kept")
        #expect(PostOptions().withMentions(chosen: [:], in: "@bob.bsky.social") == PostOptions())
    }

    @Test func theOutboxKeepsThemAndRefusesWhatIsNoMention() throws {
        let options = PostOptions(languages: ["en"]).withMentions(
            chosen: Self.chosen, in: "@carol.example.com @bob.bsky.social")
        let json = try #require(options.json)
        #expect(PostOptions(json: json) == options)
        #expect(json["mentions"]?["bob.bsky.social"] == .string("did:plc:bob"))
        let bad: [JSONValue] = [
            .object([.init("mentions", .array([]))]),
            .object([.init("mentions", .object([.init("bob.bsky.social", .integer(1))]))]),
            .object([.init("mentions", .object([.init("bob bsky", .string("did:plc:bob"))]))]),
            .object([.init("mentions", .object([.init("bob.bsky.social", .string("did:plc:"))]))]),
        ]
        for value in bad { #expect(PostOptions(json: value) == nil, "\(value)") }
    }

    @Test func aChosenMentionNeedsNoLookUpAndKeepsItsDID() throws {
        let text = "Hi @bob.bsky.social and @dave.bsky.social"
        let plan = PostingPlan(
            text: text, options: PostOptions().withMentions(chosen: Self.chosen, in: text),
            accounts: [PostingPlanTests.bluesky], microsecondsSinceEpoch: 1_796_196_600_123_456)
        #expect(plan.handlesToResolve == ["dave.bsky.social"], "only the mention typed by hand")
        // A look-up at Send that answered otherwise does not replace the person's choice.
        let record = try #require(
            plan.request(
                for: 0, credentials: .bluesky(PostingPlanTests.session), now: PostingPlanTests.now,
                createdAt: "2026-12-04T07:30:00Z",
                didsByHandle: ["bob.bsky.social": "did:plc:other", "dave.bsky.social": "did:plc:dave"]))
        let dids = try #require(record.body?["record"]?["facets"]?.elements).compactMap {
            $0["features"]?.elements?.first?["did"]?.string
        }
        #expect(dids == ["did:plc:bob", "did:plc:dave"])
    }
}
