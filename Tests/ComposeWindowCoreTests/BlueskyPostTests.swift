import Testing

@testable import ComposeWindowCore

/// The post record Send will create on Bluesky: facets found as the app finds them (atproto's
/// detection.ts), byte ranges into the posted UTF-8 text with links shortened, record keys as TIDs.
@Suite struct BlueskyPostTests {
    /// What each facet covers in the posted text, and what it carries.
    private static func covered(_ post: BlueskyPost) -> [(String, BlueskyPost.Facet.Feature)] {
        let bytes = Array(post.text.utf8)
        return post.facets.map { (String(decoding: bytes[$0.byteStart..<$0.byteEnd], as: UTF8.self), $0.feature) }
    }

    @Test func aLinkIsPostedShortAndItsFacetCarriesTheFullURI() {
        let post = BlueskyPost(typed: "分享 https://example.com/a/very/long/path?q=1 好")
        #expect(post.text == "分享 example.com/a/very/long/... 好")
        #expect(post.text == BlueskyLength.posted("分享 https://example.com/a/very/long/path?q=1 好"))
        let facets = Self.covered(post)
        #expect(facets.count == 1)
        #expect(facets.first?.0 == "example.com/a/very/long/...")
        #expect(facets.first?.1 == .link(uri: "https://example.com/a/very/long/path?q=1"))
        #expect(post.facets.first?.byteStart == 7)  // "分享 " is 3 + 3 + 1 bytes
    }

    @Test func aBareDomainGetsHTTPSAndTrailingPunctuationStaysOut() {
        let post = BlueskyPost(typed: "see bsky.app, (https://a.co/x)")
        #expect(Self.covered(post).map(\.0) == ["bsky.app", "a.co/x"])
        #expect(Self.covered(post).map(\.1) == [.link(uri: "https://bsky.app"), .link(uri: "https://a.co/x")])
    }

    @Test func aResolvedMentionCarriesItsDIDAndAnUnresolvedOneStaysText() {
        let typed = "hi @alice.bsky.social and @bob.example.com."
        #expect(BlueskyPost.mentionedHandles(in: typed) == ["alice.bsky.social", "bob.example.com"])
        let post = BlueskyPost(typed: typed, didsByHandle: ["alice.bsky.social": "did:plc:alice"])
        #expect(post.text == typed)
        #expect(Self.covered(post).map(\.0) == ["@alice.bsky.social"])
        #expect(Self.covered(post).map(\.1) == [.mention(did: "did:plc:alice")])
    }

    @Test(arguments: [
        ("@alice", []),  // no top-level domain: not a handle
        ("mail@alice.com", []),  // not after white space or '('
        ("(@alice.com)", ["alice.com"]),
        ("@alice.com@bob.com", ["alice.com"]),
        ("@dev.test", ["dev.test"]),
        ("@alice.com-", ["alice.com"]),  // `\b` backs off the trailing '-'
        ("@ALICE.COM", []),  // the TLD list is matched as written
        ("@x.com_y", []),  // no word boundary anywhere: no match
    ])
    func mentionsAreFoundAsTheAppFindsThem(typed: String, handles: [String]) {
        #expect(BlueskyPost.mentionedHandles(in: typed) == handles, "\(typed)")
    }

    @Test(arguments: [
        ("#swift and #gtk!", ["swift", "gtk"]),
        ("#123 is a number, #1a is a tag", ["1a"]),
        ("a#b is no tag, #a#b is one", ["a#b"]),
        ("＃分享新鲜事 ok", ["分享新鲜事"]),
        ("#tag\u{200B}zero-width", ["tag"]),
        ("#\u{FE0F}emoji", []),
        ("#🦋", ["🦋"]),
        (
            "#" + String(repeating: "a", count: 64) + " #" + String(repeating: "b", count: 65),
            [String(repeating: "a", count: 64)]
        ),
        ("#...", []),
    ])
    func tagsAreFoundAsTheAppFindsThem(typed: String, tags: [String]) {
        let found = BlueskyPost(typed: typed).facets.compactMap { facet -> String? in
            if case .tag(let tag) = facet.feature { return tag }
            return nil
        }
        #expect(found == tags, "\(typed)")
    }

    @Test func everyFacetIsInTextOrderWithByteRangesPastShortenedLinks() {
        let typed = "#前 https://example.com/abcdefghijklmnopqrstuvwxyz @a.bsky.social #後"
        let post = BlueskyPost(typed: typed, didsByHandle: ["a.bsky.social": "did:plc:a"])
        #expect(
            Self.covered(post).map(\.0) == ["#前", "example.com/abcdefghijkl...", "@a.bsky.social", "#後"])
        let starts = post.facets.map(\.byteStart)
        #expect(starts == starts.sorted())
    }

    @Test func theRecordAndTheCreateRecordBody() {
        let post = BlueskyPost(typed: "#hi")
        let record = post.record(createdAt: "2026-12-02T07:30:00.000Z", langs: ["zh-Hans"])
        #expect(record["$type"] == .string("app.bsky.feed.post"))
        #expect(record["text"] == .string("#hi"))
        #expect(record["createdAt"] == .string("2026-12-02T07:30:00.000Z"))
        #expect(record["langs"] == .array([.string("zh-Hans")]))
        #expect(BlueskyPost(typed: "plain").record(createdAt: "t", langs: [])["facets"] == nil)
        let body = BlueskyPost.createRecordBody(repo: "did:plc:a", recordKey: "3kabc", record: record)
        #expect(body["collection"] == .string("app.bsky.feed.post"))
        #expect(body["rkey"] == .string("3kabc"))
        #expect(body["record"] == record)
    }

    @Test func recordKeysAreTIDsThatSortAsTheirTimes() {
        let first = RecordKey.tid(microsecondsSinceEpoch: 1_796_196_600_000_000, clockIdentifier: 7)
        let later = RecordKey.tid(microsecondsSinceEpoch: 1_796_196_600_000_001, clockIdentifier: 0)
        #expect(first.count == 13 && later.count == 13)
        #expect(first < later)
        // atproto's TID syntax: the first character carries the top (zero) bit.
        for key in [first, later] {
            #expect("234567abcdefghij".contains(key.first!))
            #expect(key.allSatisfy { "234567abcdefghijklmnopqrstuvwxyz".contains($0) })
        }
        #expect(RecordKey.tid(microsecondsSinceEpoch: 0, clockIdentifier: 0) == "2222222222222")
        #expect(RecordKey.tid(microsecondsSinceEpoch: 0, clockIdentifier: 1) == "2222222222223")
        #expect(RecordKey.tid(microsecondsSinceEpoch: 1, clockIdentifier: 0) == "2222222222322")  // 1 << 10 = 32²
    }

    @Test func thePostsLinkComesFromTheRecordsURI() {
        #expect(
            BlueskyPost.link(
                handle: "alice.bsky.social", recordURI: "at://did:plc:abc/app.bsky.feed.post/3kzzzzzzzzzz2")
                == "https://bsky.app/profile/alice.bsky.social/post/3kzzzzzzzzzz2")
        #expect(BlueskyPost.link(handle: "a.bsky.social", recordURI: "at://did:plc:abc/app.bsky.feed.like/3kz") == nil)
        #expect(BlueskyPost.link(handle: "a.bsky.social", recordURI: "https://bsky.app/x") == nil)
        #expect(BlueskyPost.link(handle: "a.bsky.social", recordURI: "at://did:plc:abc/app.bsky.feed.post/a/b") == nil)
    }
}
