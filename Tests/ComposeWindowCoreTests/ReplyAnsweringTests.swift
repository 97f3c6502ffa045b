import Testing

@testable import ComposeWindowCore

/// A reply stays a reply on its own network: a Mastodon status id is its server's only, so an
/// account on another server finds the post again before it answers; another network's account
/// never posts in its place; and what went answers the post as first found.
@Suite struct ReplyAnsweringTests {
    static let alice = PostingPlanTests.mastodon  // @alice@mastodon.social
    static let aliceElsewhere = PostingAccount(
        network: .mastodon, name: "@alice@fosstodon.org", host: "fosstodon.org")
    static let bluesky = PostingPlanTests.bluesky

    /// Bob's post as `host`'s search found it, under that server's `id`.
    static func found(id: String, through host: String) throws -> ReplyParent {
        let status = ReplyParentTests.json([
            "id": .string(id), "account": ReplyParentTests.json(["acct": .string("bob@other.example")]),
        ])
        return try #require(
            ReplyParent(
                mastodonSearch: APIAnswer(status: 200, json: ReplyParentTests.json(["statuses": .array([status])])),
                host: host))
    }

    @Test func eachAccountAnswersAsItsServerAndNetworkAllow() throws {
        let parent = try Self.found(id: "77", through: "mastodon.social")
        #expect(parent.server == "mastodon.social" && parent.network == .mastodon)
        #expect(parent.answered(by: Self.alice) == .asFound)
        #expect(parent.answered(by: Self.aliceElsewhere) == .findAgain(through: "fosstodon.org"))
        #expect(parent.answered(by: Self.bluesky) == .cannot)
        #expect(
            ReplyAnswering.offered([Self.bluesky, Self.alice, Self.aliceElsewhere], answering: .mastodon)
                == [Self.alice, Self.aliceElsewhere])
        #expect(ReplyAnswering.offered([Self.bluesky, Self.alice], answering: .bluesky) == [Self.bluesky])
        // An outbox from before the server was kept: only the account it was started with.
        #expect(
            ReplyAnswering.how(Self.alice, answers: .mastodon, foundThrough: nil, startedWith: Self.alice.name)
                == .asFound)
        #expect(
            ReplyAnswering.how(Self.aliceElsewhere, answers: .mastodon, foundThrough: nil, startedWith: Self.alice.name)
                == .findAgain(through: "fosstodon.org"))
    }

    @Test func anotherServersAccountSendsNothingUntilThePostIsFoundThroughIt() throws {
        let parent = try Self.found(id: "77", through: "mastodon.social")
        var session = PostingSession()
        #expect(
            session.send(text: "Yes", accounts: [Self.aliceElsewhere], replyTo: parent, microsecondsSinceEpoch: 1)
                == .cannotAnswer(["@alice@fosstodon.org"]))
        #expect(session.plan == nil && !session.isPosting, "nothing starts, nothing is kept as sent")
        #expect(
            session.send(text: "Yes", accounts: [Self.bluesky], replyTo: parent, microsecondsSinceEpoch: 1)
                == .cannotAnswer([Self.bluesky.name]), "never a standalone post on another network")
        let again = try Self.found(id: "9001", through: "fosstodon.org")
        #expect(
            session.send(text: "Yes", accounts: [Self.aliceElsewhere], replyTo: again, microsecondsSinceEpoch: 1)
                == .run)
        let request = try #require(Self.firstRequest(&session))
        #expect(request.host == "fosstodon.org" && request.body?["in_reply_to_id"] == .string("9001"))
    }

    /// Refused on one server, Alice picks her account on another, whose server found the post
    /// under its own id: the retry answers that id, from that account.
    @Test func aRetryFromAnotherServersAccountAnswersThePostAsThatServerFoundIt() throws {
        var session = PostingSession()
        let parent = try Self.found(id: "77", through: "mastodon.social")
        #expect(session.send(text: "Yes", accounts: [Self.alice], replyTo: parent, microsecondsSinceEpoch: 1) == .run)
        // Refused before anything was made (a 403: signed in with too few scopes).
        try Self.nextRequest(
            of: &session,
            gets: .success(APIAnswer(status: 403, json: ReplyParentTests.json(["error": .string("scopes")]))))
        #expect(
            session.send(text: "Yes", accounts: [Self.aliceElsewhere], replyTo: parent, microsecondsSinceEpoch: 2)
                == .cannotAnswer(["@alice@fosstodon.org"]), "77 is mastodon.social's id, not fosstodon.org's")
        #expect(session.plan?.account(0) == Self.alice.name, "the plan is as it was")
        let again = try Self.found(id: "9001", through: "fosstodon.org")
        #expect(
            session.send(text: "Yes", accounts: [Self.aliceElsewhere], replyTo: again, microsecondsSinceEpoch: 2)
                == .run)
        let request = try #require(Self.firstRequest(&session))
        #expect(request.host == "fosstodon.org" && request.body?["in_reply_to_id"] == .string("9001"))
        let written = try #require(session.plan).file
        let resumed = try #require(PostingPlan(file: written))
        #expect(resumed.outbox.replyTo?.server == "fosstodon.org", "the outbox keeps whose id it is")
        #expect(resumed.accountsThatCannotAnswer([Self.aliceElsewhere]).isEmpty)
        #expect(resumed.mastodonParentID(0) == "9001")
    }

    /// Once a network may hold the reply, the rest answers the post as first found: a later
    /// finding through another server changes nothing, and that server's account is refused.
    @Test func whatMayHaveGoneKeepsThePostAsFirstFound() throws {
        var session = PostingSession()
        let parent = try Self.found(id: "77", through: "mastodon.social")
        _ = session.send(text: "Yes", accounts: [Self.alice], replyTo: parent, microsecondsSinceEpoch: 1)
        try Self.nextRequest(of: &session, gets: .failure(.init(requestWasSent: true, reason: .timeout)))
        let plan = try #require(session.plan)
        let again = try Self.found(id: "9001", through: "fosstodon.org")
        #expect(plan.answering(again) == nil)
        _ = session.send(text: "Yes", accounts: [Self.aliceElsewhere], replyTo: again, microsecondsSinceEpoch: 2)
        #expect(session.plan?.account(0) == Self.alice.name, "it goes on from the account that may have posted it")
        #expect(session.plan?.mastodonParentID(0) == "77")
    }

    /// A post started from fosstodon.org, resumed in a window whose `--reply-to` was found through
    /// mastodon.social (the network's first account): the plan goes on from fosstodon.org answering
    /// fosstodon.org's id; the other finding neither refuses it nor is kept.
    @Test func aFindingThroughAnotherAccountsServerChangesNothing() throws {
        var session = PostingSession()
        let elsewhere = try Self.found(id: "9001", through: "fosstodon.org")
        _ = session.send(text: "Yes", accounts: [Self.aliceElsewhere], replyTo: elsewhere, microsecondsSinceEpoch: 1)
        try Self.nextRequest(of: &session, gets: .failure(.init(requestWasSent: false, reason: .connectionRefused)))
        let first = try Self.found(id: "77", through: "mastodon.social")
        #expect(
            session.send(text: "Yes", accounts: [Self.aliceElsewhere], replyTo: first, microsecondsSinceEpoch: 2)
                == .run)
        #expect(session.plan?.outbox.replyTo?.server == "fosstodon.org")
        let request = try #require(Self.firstRequest(&session))
        #expect(request.host == "fosstodon.org" && request.body?["in_reply_to_id"] == .string("9001"))
    }

    /// The post answered was deleted and the person chose to post without it; refused once more
    /// (a 422) and edited, the post still answers nothing: an edit does not bring the deleted post back.
    @Test func postingWithoutTheDeletedParentSurvivesAnEdit() throws {
        var session = PostingSession()
        let parent = try Self.found(id: "77", through: "mastodon.social")
        _ = session.send(text: "Yes", accounts: [Self.alice], replyTo: parent, microsecondsSinceEpoch: 1)
        try Self.nextRequest(
            of: &session,
            gets: .success(APIAnswer(status: 404, json: ReplyParentTests.json(["error": .string("gone")]))))
        #expect(session.parentIsGone)
        session.postWithoutParent()
        #expect(session.send(text: "Yes", accounts: [Self.alice], replyTo: parent, microsecondsSinceEpoch: 2) == .run)
        try Self.nextRequest(
            of: &session,
            gets: .success(APIAnswer(status: 422, json: ReplyParentTests.json(["error": .string("Validation failed")])))
        )
        #expect(
            session.send(text: "Yes, edited", accounts: [Self.alice], replyTo: parent, microsecondsSinceEpoch: 3)
                == .run)
        let request = try #require(Self.firstRequest(&session))
        #expect(request.body?["status"] == .string("Yes, edited"))
        #expect(request.body?["in_reply_to_id"] == nil, "still answering nothing")
    }

    /// A hand-edited outbox whose reply is on another network than a delivery is set aside, and a
    /// server that is no host name too: never a post in a reply's place.
    @Test func anOutboxMixingNetworksOrNamingNoServerIsRefused() throws {
        let parent = try Self.found(id: "77", through: "mastodon.social")
        let file = PostingPlan(text: "Yes", accounts: [Self.alice], replyTo: parent, microsecondsSinceEpoch: 1).file
        #expect(PostingPlan(file: file)?.outbox.replyTo?.server == "mastodon.social")
        let mixed = StateFuzzing.replacing(
            file, at: [.member("deliveries"), .index(0), .member("network")], with: .string("bluesky"))
        #expect(PostingPlan(file: mixed) == nil)
        for server in ["a/b", "", "mastodon.social\nevil.example", "https://x.example"] {
            let hostile = StateFuzzing.replacing(
                file, at: [.member("replyTo"), .member("server")], with: .string(server))
            #expect(PostingPlan(file: hostile) == nil, "server \(server)")
        }
    }

    /// The session's next move is a request, which gets `result`; then the run ends.
    static func nextRequest(
        of session: inout PostingSession, gets result: Result<APIAnswer, PostingPlan.NoAnswer>
    ) throws {
        let move = session.nextMove(now: PostingPlanTests.now)
        guard case .send(let index, _) = move else {
            try #require(Bool(false), "a request to send, not \(move)")
            return
        }
        session.willSend(index, now: PostingPlanTests.now)
        session.received(index, result, now: PostingPlanTests.now)
        finishRun(&session)
    }

    /// Runs the session's moves until its run ends (a request on its way is answered by no one).
    static func finishRun(_ session: inout PostingSession) {
        for _ in 0..<20 where session.isPosting {
            if case .finished = session.nextMove(now: PostingPlanTests.now) { return }
        }
    }

    static func firstRequest(_ session: inout PostingSession) -> APIRequest? {
        guard case .send(let index, _) = session.nextMove(now: PostingPlanTests.now),
            let plan = session.plan
        else { return nil }
        return plan.request(
            for: index, credentials: .mastodon(token: "t"), now: PostingPlanTests.now,
            createdAt: "2026-12-04T07:30:00Z",
            didsByHandle: [:])
    }
}
