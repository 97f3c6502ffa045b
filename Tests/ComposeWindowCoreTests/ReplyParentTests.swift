import Testing

@testable import ComposeWindowCore

/// `--reply-to`'s post as each network answers for it, and a reply (a thread too) answering it:
/// Mastodon's first post `in_reply_to_id` the status the account's server found; Bluesky's first
/// post with the parent as `parent` and the conversation's first post as `root`, every later post
/// with that same root.
@Suite struct ReplyParentTests {
    static let mastodon = PostingPlanTests.mastodon
    static let bluesky = PostingPlanTests.bluesky

    static func json(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.sorted { $0.key < $1.key }.map { .init($0.key, $0.value) })
    }

    @Test func mastodonsSearchFindsTheStatusWithItsAuthorMentionsAndAudience() throws {
        let request = ReplyParent.mastodonSearch(
            url: "https://other.example/@bob/12", host: "mastodon.social", token: "token")
        #expect(request.path == "/api/v2/search" && request.bearer == "token")
        #expect(request.query.contains(.init(name: "resolve", value: "true")))
        #expect(request.query.contains(.init(name: "q", value: "https://other.example/@bob/12")))
        let status = Self.json([
            "id": .string("110000000000000007"), "visibility": .string("private"),
            "account": Self.json(["acct": .string("bob@other.example")]),
            "content": .string("<p>Fish &amp; chips &lt;3 <a href=\"x\">#tag</a><br />second line</p><p>more</p>"),
            "mentions": .array([Self.json(["acct": .string("carol")])]),
        ])
        let answer = APIAnswer(status: 200, json: Self.json(["statuses": .array([status])]))
        let parent = try #require(ReplyParent(mastodonSearch: answer, host: "mastodon.social"))
        #expect(parent.ref == .mastodon(id: "110000000000000007"))
        #expect(parent.author == "@bob@other.example")
        #expect(parent.firstLine == "Fish & chips <3 #tag", "plain text, the first line")
        #expect(parent.mentioned == ["carol@mastodon.social"], "the server's own, named in full")
        #expect(parent.visibility == .private)
        let local = Self.json([
            "statuses": .array([Self.json(["id": .string("9"), "account": Self.json(["acct": .string("dave")])])])
        ])
        #expect(
            ReplyParent(mastodonSearch: APIAnswer(status: 200, json: local), host: "mastodon.social")?.author
                == "@dave@mastodon.social")
        let none = APIAnswer(status: 200, json: Self.json(["statuses": .array([])]))
        #expect(ReplyParent(mastodonSearch: none, host: "mastodon.social") == nil, "nothing found: exit 2")
        let hostile = Self.json([
            "statuses": .array([Self.json(["id": .string("../x"), "account": Self.json(["acct": .string("e")])])])
        ])
        #expect(
            ReplyParent(mastodonSearch: APIAnswer(status: 200, json: hostile), host: "m") == nil, "an id is no path")
    }

    @Test func blueskysRecordGivesTheParentAndItsConversationsRoot() throws {
        let session = PostingPlanTests.session
        let request = ReplyParent.blueskyRecord(repo: "did:plc:bob", recordKey: "3kzzzzzzzzzz2", session: session)
        #expect(request.path == "/xrpc/com.atproto.repo.getRecord")
        let root = BlueskyPost.StrongRef(uri: "at://did:plc:carol/app.bsky.feed.post/3kaaaaaaaaaa2", cid: "bafyroot")
        let answer = APIAnswer(
            status: 200,
            json: Self.json([
                "uri": .string("at://did:plc:bob/app.bsky.feed.post/3kzzzzzzzzzz2"), "cid": .string("bafyparent"),
                "value": Self.json([
                    "text": .string("A reply itself\nwith two lines"),
                    "reply": Self.json(["root": root.json, "parent": root.json]),
                ]),
            ]))
        let parent = try #require(ReplyParent(blueskyRecord: answer, author: "bob.bsky.social"))
        #expect(parent.author == "@bob.bsky.social" && parent.firstLine == "A reply itself")
        #expect(parent.root == .bluesky(root), "the conversation's first post")
        #expect(ReplyParent(blueskyRecord: APIAnswer(status: 400, json: nil), author: "bob.bsky.social") == nil)
    }

    @Test func aReplyThreadAnswersTheParentThenItsOwnPosts() throws {
        let root = BlueskyPost.StrongRef(uri: "at://did:plc:carol/app.bsky.feed.post/3kaaaaaaaaaa2", cid: "bafyroot")
        let parent = BlueskyPost.StrongRef(uri: "at://did:plc:bob/app.bsky.feed.post/3kzzzzzzzzzz2", cid: "bafyparent")
        let answer = APIAnswer(
            status: 200,
            json: Self.json([
                "uri": .string(parent.uri), "cid": .string(parent.cid),
                "value": Self.json([
                    "text": .string("Hi"), "reply": Self.json(["root": root.json, "parent": root.json]),
                ]),
            ]))
        let replyTo = try #require(ReplyParent(blueskyRecord: answer, author: "bob.bsky.social"))
        var plan = PostingPlan(
            text: "One.\n---\nTwo.", accounts: [Self.bluesky], parts: [.bluesky: ["One.", "Two."]], replyTo: replyTo,
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        #expect(PostingPlan(file: plan.file) == plan, "the file keeps what it answers")
        let first = try #require(request(plan, 0))
        #expect(first.body?["record"]?["reply"]?["parent"] == parent.json)
        #expect(first.body?["record"]?["reply"]?["root"] == root.json)
        let key = try #require(first.body?["rkey"]?.string)
        plan.willSend(0, now: PostingPlanTests.now)
        plan.received(
            0,
            .success(
                APIAnswer(
                    status: 200,
                    json: Self.json([
                        "uri": .string("at://did:plc:alice/app.bsky.feed.post/" + key), "cid": .string("bafyone"),
                    ]))), now: PostingPlanTests.now)
        let second = try #require(request(plan, 1))
        #expect(second.body?["record"]?["reply"]?["root"] == root.json, "the conversation's root, not our first post")
        #expect(second.body?["record"]?["reply"]?["parent"]?["cid"] == .string("bafyone"))
    }

    @Test func aMastodonReplyAnswersTheStatusTheServerFound() throws {
        let status = Self.json(["id": .string("77"), "account": Self.json(["acct": .string("bob@other.example")])])
        let replyTo = try #require(
            ReplyParent(
                mastodonSearch: APIAnswer(status: 200, json: Self.json(["statuses": .array([status])])),
                host: "mastodon.social"))
        let plan = PostingPlan(
            text: "@bob@other.example Thanks", accounts: [Self.mastodon], replyTo: replyTo, microsecondsSinceEpoch: 1)
        #expect(request(plan, 0)?.body?["in_reply_to_id"] == .string("77"))
        #expect(plan.newLookup(0).expected.inReplyTo == "77", "a lost answer is looked up among replies to it")
    }

    @Test func theOutboxKeepsWhatTheWindowSaidItAnswers() throws {
        let status = Self.json([
            "id": .string("77"), "account": Self.json(["acct": .string("bob@other.example")]),
            "content": .string("<p>Fish &amp; chips tonight?<br>Bring friends.</p>"),
        ])
        let replyTo = try #require(
            ReplyParent(
                mastodonSearch: APIAnswer(status: 200, json: Self.json(["statuses": .array([status])])),
                host: "mastodon.social"))
        let plan = PostingPlan(
            text: "@bob@other.example Yes", accounts: [Self.mastodon], replyTo: replyTo, microsecondsSinceEpoch: 1)
        let resumed = try #require(PostingPlan(file: plan.file))
        #expect(resumed.replyHeader?.author == "@bob@other.example")
        #expect(resumed.replyHeader?.firstLine == "Fish & chips tonight?")
        #expect(PostingPlan(text: "Hi", accounts: [Self.mastodon], microsecondsSinceEpoch: 1).replyHeader == nil)
    }

    func request(_ plan: PostingPlan, _ index: Int) -> APIRequest? {
        plan.request(
            for: index,
            credentials: plan.network(index) == .mastodon ? .mastodon(token: "t") : .bluesky(PostingPlanTests.session),
            now: PostingPlanTests.now, createdAt: "2026-12-04T07:30:00Z", didsByHandle: [:])
    }
}
