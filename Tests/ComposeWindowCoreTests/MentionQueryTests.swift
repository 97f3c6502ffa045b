import Testing

@testable import ComposeWindowCore

/// The mention being typed, the network's search for it, and what an offered account inserts.
@Suite struct MentionQueryTests {
    static func typed(_ text: String) -> MentionQuery? {
        let scalars = Array(text.unicodeScalars)
        return MentionQuery.typed(before: scalars, caret: scalars.count + 10)
    }

    @Test func onlyAnAtAfterWhiteSpaceOrTheStartWithTwoCharactersIsAsked() {
        #expect(Self.typed("Hi @al") == MentionQuery(range: 13..<16, query: "al"))
        #expect(Self.typed("@alice@mast")?.query == "alice@mast", "Mastodon's user@domain")
        #expect(Self.typed("(@bo")?.query == "bo")
        #expect(Self.typed("分享 @小") == nil, "a mention has ASCII letters only")
        #expect(Self.typed("mail me at a@bc") == nil, "an address is no mention")
        #expect(Self.typed("Hi @a") == nil, "one letter matches half a server")
        #expect(Self.typed("Hi @al ") == nil, "the mention ended")
        #expect(Self.typed("Hi @@al") == nil)
    }

    @Test func eachNetworkIsAskedItsOwnWay() throws {
        let query = try #require(Self.typed("@ali"))
        let mastodon = try #require(
            query.request(for: PostingPlanTests.mastodon, credentials: .mastodon(token: "t")))
        #expect(mastodon.path == "/api/v1/accounts/search" && mastodon.bearer == "t")
        #expect(mastodon.query.contains(.init(name: "q", value: "ali")))
        #expect(!mastodon.query.contains { $0.name == "resolve" }, "typing never makes the server fetch")
        let bluesky = try #require(
            query.request(for: PostingPlanTests.bluesky, credentials: .bluesky(PostingPlanTests.session)))
        #expect(bluesky.path == "/xrpc/app.bsky.actor.searchActorsTypeahead")
    }

    @Test func whatAnAnswerOffersIsSafeToInsert() {
        let mastodon = APIAnswer(
            status: 200,
            json: .array([
                .object([.init("acct", .string("alice@other.example")), .init("display_name", .string("Alice\nA."))]),
                .object([.init("acct", .string("evil name\n"))]),
            ]))
        #expect(
            MentionQuery.suggestions(mastodon, network: .mastodon) == [
                .init(insert: "@alice@other.example ", label: "Alice A. @alice@other.example", did: nil)
            ])
        let bluesky = APIAnswer(
            status: 200,
            json: .object([
                .init(
                    "actors",
                    .array([
                        .object([.init("handle", .string("bob.bsky.social")), .init("did", .string("did:plc:bob"))]),
                        .object([.init("handle", .string("carol.bsky.social")), .init("did", .string("not a did"))]),
                    ]))
            ]))
        #expect(
            MentionQuery.suggestions(bluesky, network: .bluesky) == [
                .init(insert: "@bob.bsky.social ", label: "@bob.bsky.social", did: "did:plc:bob")
            ])
        #expect(MentionQuery.suggestions(APIAnswer(status: 500, json: nil), network: .bluesky).isEmpty, "offline: none")
    }
}
