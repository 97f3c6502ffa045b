import Testing

@testable import ComposeWindowCore

/// `--reply-to` values: what names a post on which network, what is refused with one line, and
/// what a Mastodon reply starts with.
@Suite struct ReplyTargetTests {
    @Test(arguments: [
        "https://mastodon.social/@Gargron/109427486447829435",
        "https://example.social/users/alice/statuses/1",
        "https://fosstodon.org/@alice@mastodon.social/113000000000000000",
        "https://pleroma.example/notice/AbC123",
    ])
    func aPostPageOnAnyServerIsResolvedThroughMastodon(url: String) throws {
        #expect(try ReplyTarget(parsing: url) == .mastodon(url: url))
    }

    @Test func blueskyPostsByTheirPageOrTheirURI() throws {
        #expect(
            try ReplyTarget(parsing: "https://bsky.app/profile/Alice.bsky.social/post/3l6oveex3ii2l")
                == .bluesky(author: "alice.bsky.social", recordKey: "3l6oveex3ii2l"))
        #expect(
            try ReplyTarget(parsing: "https://bsky.app/profile/did%3Aplc%3Az72i7hdynmk6r22z27h6tvur/post/3kxyz")
                == .bluesky(author: "did:plc:z72i7hdynmk6r22z27h6tvur", recordKey: "3kxyz"))
        #expect(
            try ReplyTarget(parsing: "at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3l6oveex3ii2l")
                == .bluesky(author: "did:plc:z72i7hdynmk6r22z27h6tvur", recordKey: "3l6oveex3ii2l"))
    }

    @Test(arguments: [
        "", "mastodon.social/@alice/1", "http://mastodon.social/@alice/1", "https://mastodon.social/",
        "https://localhost/@alice/1", "https://mastodon.social/@alice/1\n--to stdout", "ftp://example.org/1",
        "https://exa mple.org/1", "javascript:alert(1)", "https://" + String(repeating: "a", count: 3_000) + ".org/1",
    ])
    func whatIsNoPostsAddressIsRefused(value: String) {
        #expect(throws: ReplyTarget.Refusal.notAPostAddress(value)) { try ReplyTarget(parsing: value) }
    }

    @Test(arguments: [
        "https://bsky.app/profile/alice.bsky.social", "https://bsky.app/profile/alice.bsky.social/post/",
        "https://bsky.app/profile/alice/post/3kxyz", "https://bsky.app/profile/alice.bsky.social/post/..",
        "https://bsky.app/profile/alice.bsky.social/post/a/b", "at://alice.bsky.social/app.bsky.feed.like/3kxyz",
        "at://did:plc:/app.bsky.feed.post/3kxyz", "at://alice.bsky.social/app.bsky.feed.post/bad key",
        "https://bsky.app/profile/-alice.bsky.social/post/3kxyz", "at://alice.123/app.bsky.feed.post/3kxyz",
    ])
    func whatIsNoBlueskyPostIsRefused(value: String) {
        #expect(throws: ReplyTarget.Refusal.self) { try ReplyTarget(parsing: value) }
        let refusal = (try? ReplyTarget(parsing: value)) == nil
        #expect(refusal)
    }

    @Test func aRefusalIsOneLine() {
        let refusal = ReplyTarget.Refusal.notAPostAddress("https://a\nb")
        #expect(!refusal.description.contains("\n") && refusal.description.contains("https://a\\nb"))
    }

    @Test func aMastodonReplyStartsWithTheMentionsMastodonAdds() {
        #expect(
            MastodonReply.mentions(author: "bob", mentioned: ["carol@example.social", "me", "Bob"], replyingAs: "me")
                == "@bob @carol@example.social ")
        #expect(MastodonReply.mentions(author: "me", mentioned: [], replyingAs: "me") == "", "a reply to oneself")
    }

    @Test func aReplyIsNoMorePublicThanItsParent() {
        #expect(MastodonReply.visibility(chosen: .public, parent: .private) == .private)
        #expect(MastodonReply.visibility(chosen: .direct, parent: .public) == .direct)
        #expect(MastodonReply.visibility(chosen: .unlisted, parent: .unlisted) == .unlisted)
        #expect(MastodonReply.visibility(chosen: .public, parent: .unlisted) == .unlisted)
    }
}

/// `--reply-to URL --thread` without `--to`: the thread goes to the reply's network.
@Suite struct ReplyThreadOptionTests {
    static func options(_ values: [String: String], _ flags: [String]) throws -> ComposeOptions {
        try ComposeOptions(
            values: Dictionary(uniqueKeysWithValues: values.map { (ComposeOption(rawValue: $0.key)!, $0.value) }),
            flags: Set(flags.map { ComposeOption(rawValue: $0)! }), standardInputIsTerminal: false)
    }

    @Test(arguments: [
        ("https://mastodon.social/@bob/109427486447829435", PostTarget.mastodon),
        ("https://bsky.app/profile/bob.bsky.social/post/3l6oveex3ii2l", PostTarget.bluesky),
    ])
    func aReplyThreadGoesToTheRepliesNetwork(url: String, network: PostTarget) throws {
        let options = try Self.options(["reply-to": url], ["thread"])
        #expect(options.thread)
        #expect(options.target == network)
    }

    @Test func aThreadToStandardOutputIsStillRefused() {
        #expect(throws: ComposeOptions.UsageError.self) { try Self.options([:], ["thread"]) }
    }
}
