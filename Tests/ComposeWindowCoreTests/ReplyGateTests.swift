import Testing

@testable import ComposeWindowCore

/// Who may reply and quote, without a network: what each choice makes on each network, the gates
/// written in the post's own applyWrites under its key, read back from the outbox, and said where
/// a network cannot do what was chosen.
@Suite struct ReplyGateTests {
    typealias Thread = PostingPlanThreadTests
    static let did = PostingPlanTests.session.account.identity

    static func plan(_ gate: ReplyGate, quotes: Bool = false, visibility: PostOptions.Visibility? = nil) -> PostingPlan
    {
        var options = PostOptions(visibility: visibility)
        options.replyGate = gate
        options.mastodonTakesQuotes = quotes
        return PostingPlan(
            text: Thread.text, options: options, accounts: [Thread.mastodon, Thread.bluesky], parts: Thread.parts,
            microsecondsSinceEpoch: 1_796_196_600_123_456)
    }

    /// The collections of a Bluesky request's writes after the post, each checked to name the post
    /// under its key.
    static func gates(_ request: APIRequest) throws -> [String] {
        guard request.path.hasSuffix("applyWrites") else {
            #expect(request.body?["writes"] == nil)
            return []
        }
        let writes = try #require(request.body?["writes"]?.elements)
        let key = try #require(writes.first?["rkey"]?.string)
        #expect(writes.first?["collection"]?.string == "app.bsky.feed.post")
        #expect(request.body?["repo"]?.string == did)
        for write in writes {
            #expect(write["$type"]?.string == "com.atproto.repo.applyWrites#create")
            #expect(write["rkey"]?.string == key, "every record under the post's key")
        }
        for gate in writes.dropFirst() {
            #expect(gate["value"]?["post"]?.string == "at://\(did)/app.bsky.feed.post/\(key)")
            #expect(gate["value"]?["createdAt"]?.string == "2026-12-04T07:30:00Z")
            #expect(gate["value"]?["$type"] == gate["collection"])
        }
        return writes.dropFirst().compactMap { $0["collection"]?.string }
    }

    @Test func aGatedBlueskyThreadWritesEachPostWithItsGatesInOneCommit() throws {
        var plan = Self.plan(.following)
        let first = try #require(Thread().request(plan, 2))
        #expect(first.path == "/xrpc/com.atproto.repo.applyWrites")
        #expect(try Self.gates(first) == ["app.bsky.feed.threadgate", "app.bsky.feed.postgate"])
        let threadgate = try #require(first.body?["writes"]?.elements?[1]["value"])
        #expect(
            threadgate["allow"]
                == .array([.object([.init("$type", .string("app.bsky.feed.threadgate#followingRule"))])]))
        let postgate = try #require(first.body?["writes"]?.elements?[2]["value"])
        #expect(
            postgate["embeddingRules"]
                == .array([.object([.init("$type", .string("app.bsky.feed.postgate#disableRule"))])]))
        // The first post stored: the answer is applyWrites' (its results, the post's first).
        plan.willSend(2, now: Thread.now)
        let uri = "at://\(Self.did)/app.bsky.feed.post/" + (first.body?["writes"]?.elements?[0]["rkey"]?.string ?? "")
        plan.received(
            2,
            .success(
                APIAnswer(
                    status: 200,
                    json: .object([
                        .init("commit", .object([.init("cid", .string("bafyc")), .init("rev", .string("3k"))])),
                        .init(
                            "results",
                            .array([
                                .object([.init("uri", .string(uri)), .init("cid", .string("bafypost"))]),
                                .object([.init("uri", .string("at://x/app.bsky.feed.threadgate/k"))]),
                            ])),
                    ]))), now: Thread.now)
        #expect(plan.outbox.isConfirmed(2), "the post's link read from the first result")
        let second = try #require(Thread().request(plan, 3))
        #expect(try Self.gates(second) == ["app.bsky.feed.postgate"], "the threadgate is the first post's alone")
        #expect(second.body?["writes"]?.elements?[0]["value"]?["reply"]?["root"]?["cid"]?.string == "bafypost")
    }

    @Test func eachChoiceMakesItsRulesAndEveryoneMakesNone() throws {
        for (gate, allow) in [(ReplyGate.mentioned, ["mentionRule"]), (.nobody, [])] {
            let request = try #require(Thread().request(Self.plan(gate), 2))
            let rules = request.body?["writes"]?.elements?[1]["value"]?["allow"]?.elements
            #expect(rules?.compactMap { $0["$type"]?.string } == allow.map { "app.bsky.feed.threadgate#" + $0 })
        }
        let open = try #require(Thread().request(Self.plan(.everyone), 2))
        #expect(open.path == "/xrpc/com.atproto.repo.createRecord" && open.body?["rkey"] != nil)
    }

    @Test func aReplyGetsNoThreadgateItsThreadsRootDecides() throws {
        var options = PostOptions()
        options.replyGate = .nobody
        let parent = try #require(
            ReplyParent(
                blueskyRecord: APIAnswer(
                    status: 200,
                    json: .object([
                        .init("uri", .string("at://did:plc:bob/app.bsky.feed.post/3kbbbbbbbbbb2")),
                        .init("cid", .string("bafybob")), .init("value", .object([.init("text", .string("Hi"))])),
                    ])), author: "bob.bsky.social"))
        let plan = PostingPlan(
            text: "Answer", options: options, accounts: [Thread.bluesky], replyTo: parent,
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        let request = try #require(Thread().request(plan, 0))
        #expect(try Self.gates(request) == ["app.bsky.feed.postgate"])
    }

    @Test func aTakenKeyThroughApplyWritesIsLookedUpNeverSentAgain() throws {
        var plan = Self.plan(.nobody)
        plan.startRun()
        plan.willSend(2, now: Thread.now)
        plan.received(
            2,
            .success(
                APIAnswer(
                    status: 500,
                    json: .object([
                        .init("error", .string("InternalServerError")),
                        .init("message", .string("Internal Server Error")),
                    ]))), now: Thread.now)
        #expect(plan.mayHaveBeenSentSomewhere, "a 500 may have made the post, gates and all")
        plan.startRun()
        let next = try #require(Thread().request(plan, 2))
        #expect(next.path == "/xrpc/com.atproto.repo.getRecord", "read back before anything is sent again")
    }

    @Test func mastodonGetsTheNearestQuotePolicyOnlyWhereTheServerTakesIt() throws {
        func policy(_ gate: ReplyGate, quotes: Bool, _ visibility: PostOptions.Visibility? = nil) throws -> String? {
            try #require(Thread().request(Self.plan(gate, quotes: quotes, visibility: visibility), 0)).body?[
                "quote_approval_policy"]?.string
        }
        // Said, never left to the account's default, which 4.5's migration made nobody or
        // followers for many (docs/servers.md, gaps 7).
        #expect(try policy(.everyone, quotes: true) == "public")
        #expect(try policy(.everyone, quotes: true, .unlisted) == "public")
        #expect(try policy(.everyone, quotes: false) == nil, "an older server would ignore it")
        #expect(try policy(.following, quotes: true) == "followers")
        #expect(try policy(.mentioned, quotes: true) == "nobody")
        #expect(try policy(.nobody, quotes: true) == "nobody")
        #expect(try policy(.everyone, quotes: true, .private) == "nobody", "a followers-only post is never quotable")
        #expect(try policy(.nobody, quotes: false) == nil, "an older server would ignore it")
    }

    /// The account's default from verify_credentials' `source.quote_policy`, where the window starts.
    @Test func theAccountsDefaultQuotePolicyIsReadAtSignInAndKept() throws {
        for (word, gate) in [("public", ReplyGate.everyone), ("followers", .following), ("nobody", .nobody)] {
            #expect(ReplyGate(mastodonQuotePolicy: word) == gate)
            let answer = APIAnswer(
                status: 200,
                json: .object([
                    .init("username", .string("alice")),
                    .init(
                        "source",
                        .object([.init("privacy", .string("unlisted")), .init("quote_policy", .string(word))])),
                ]))
            let account = try MastodonSignIn(host: "mastodon.social", port: 0).account(from: answer)
            #expect(account.defaultQuotes == gate)
            #expect(PostingAccount(fields: account.fields)?.defaultQuotes == gate, "kept with the account")
        }
        #expect(ReplyGate(mastodonQuotePolicy: "everyone") == nil && ReplyGate(mastodonQuotePolicy: "") == nil)
    }

    /// Nobody chose: a post to Mastodon alone goes with its account's default quote policy; a
    /// cross-post or a Bluesky post with everyone (a Mastodon default never limits Bluesky's
    /// replies); a choice, everyone too, is never replaced, and a draft keeps that it was made.
    @Test func anUnchosenGateIsTheMastodonAccountsDefaultOnlyForMastodonAlone() throws {
        let unchosen = PostOptions()
        #expect(unchosen.resolvingGate(accountQuotes: .nobody, networks: [.mastodon]).replyGate == .nobody)
        #expect(unchosen.resolvingGate(accountQuotes: nil, networks: [.mastodon]).replyGate == .everyone)
        #expect(unchosen.resolvingGate(accountQuotes: .nobody, networks: [.mastodon, .bluesky]).replyGate == .everyone)
        #expect(unchosen.resolvingGate(accountQuotes: .following, networks: [.bluesky]).replyGate == .everyone)
        var everyone = PostOptions()
        everyone.replyGateChosen = true
        #expect(everyone.resolvingGate(accountQuotes: .nobody, networks: [.mastodon]).replyGate == .everyone)
        #expect(everyone != PostOptions(), "a choice of everyone is a choice: the command line's wins over a draft's")
        let kept = try #require(everyone.json.flatMap(PostOptions.init(json:)))
        #expect(kept.replyGateChosen && kept.replyGate == .everyone)
        #expect(PostOptions(json: .object([.init("replyGate", .string("nobody"))]))?.replyGateChosen == true)
        #expect(PostOptions(json: .object([]))?.replyGateChosen == false)
        let given = try OptionsTests().options(["to": "mastodon", "who-may-reply": "everyone"])
        #expect(given.postOptions.replyGateChosen && given.postOptions != PostOptions())
    }

    @Test func theChoiceIsKeptByTheOutboxAndAnUnknownOneIsNeverGuessed() throws {
        let plan = Self.plan(.mentioned, quotes: true)
        #expect(plan.file["version"] == .integer(Outbox.fileVersion) && Outbox.fileVersion >= 10, "10 added the gates")
        let back = try #require(PostingPlan(file: plan.file))
        #expect(back.options.replyGate == .mentioned && back.options.mastodonTakesQuotes)
        guard case .object(var members) = plan.file, case .object(var options)? = plan.file["options"] else {
            Issue.record("the file holds its options")
            return
        }
        options = options.map { $0.name == "replyGate" ? .init("replyGate", .string("friends")) : $0 }
        members = members.map { $0.name == "options" ? .init("options", .object(options)) : $0 }
        #expect(PostingPlan(file: .object(members)) == nil, "an unknown choice: this version leaves the post alone")
    }

    @Test func aGateIsMoreThanTextAndNeverLeftForAComposePage() {
        var options = PostOptions()
        #expect(!options.asksForMoreThanText(hasImages: false))
        options.replyGate = .following
        #expect(options.asksForMoreThanText(hasImages: false), "a compose page would post it open to all")
    }

    @Test func whereANetworkDiffersItIsSaidOnceForIt() {
        #expect(ReplyGate.everyone.differences(networks: [.mastodon, .bluesky], mastodonTakesQuotes: false).isEmpty)
        #expect(ReplyGate.nobody.differences(networks: [.bluesky], mastodonTakesQuotes: false).isEmpty)
        let following = ReplyGate.following.differences(networks: [.mastodon, .bluesky], mastodonTakesQuotes: true)
        #expect(following.count == 2)
        #expect(following[0].contains("followers may quote") && following[1].contains("nobody may quote"))
        let unknown = ReplyGate.nobody.differences(networks: [.mastodon], mastodonTakesQuotes: nil)
        #expect(unknown.count == 1 && unknown[0].contains("not known yet"), "never said to be older when not known")
        let older = ReplyGate.nobody.differences(networks: [.mastodon], mastodonTakesQuotes: false)
        #expect(older.count == 1 && older[0].contains("older than 4.5"))
        let reply = ReplyGate.nobody.differences(networks: [.bluesky], mastodonTakesQuotes: false, isReply: true)
        #expect(reply.count == 1 && reply[0].contains("thread's rules"))
    }

    @Test func theServersAPIVersionSaysWhetherItTakesQuotesAndIsCached() throws {
        let instance = JSONValue.object([.init("api_versions", .object([.init("mastodon", .integer(7))]))])
        let limits = MastodonRules.Limits(instance: instance)
        #expect(limits.takesQuotes)
        let cached = try #require(MastodonRules.Limits.cached(limits.cache(fetchedAt: 5)))
        #expect(cached.limits.apiVersion == 7 && cached.fetchedAt == 5)
        #expect(!MastodonRules.Limits(instance: .object([])).takesQuotes, "no api_versions: before 4.5")
        let before = try #require(
            MastodonRules.Limits.cached(MastodonRules.Limits(instance: .object([])).cache(fetchedAt: 5)))
        #expect(!before.limits.takesQuotes, "an older server's answer is kept as such")
        let olderCache = JSONValue.object([.init("fetched_at", .integer(5)), .init("configuration", .object([]))])
        #expect(MastodonRules.Limits.cached(olderCache) == nil, "a cache from before the version was kept: asked again")
        let hostile = JSONValue.object([.init("api_versions", .object([.init("mastodon", .string("99"))]))])
        #expect(!MastodonRules.Limits(instance: hostile).takesQuotes)
    }
}
