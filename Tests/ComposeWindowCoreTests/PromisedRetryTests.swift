import Testing

@testable import ComposeWindowCore

/// A retry the window promised after a 429 goes by itself only while the post is as it was when
/// the run ended: an edit since is the person's post, half written, and Send sends it.
@Suite struct PromisedRetryTests {
    static func refusedWithAWait() -> PostingSession {
        var session = PostingSession()
        _ = session.send(
            text: "It went well", accounts: [PostingPlanTests.mastodon], microsecondsSinceEpoch: 1_796_500_000_000_000)
        guard case .send(let index, _) = session.nextMove(now: PostingPlanTests.now) else { return session }
        session.willSend(index, now: PostingPlanTests.now)
        session.received(index, .success(APIAnswer(status: 429, retryAfter: "3", json: nil)), now: PostingPlanTests.now)
        _ = session.nextMove(now: PostingPlanTests.now)
        return session
    }

    @Test func withoutAnEditThePromisedRetryGoes() {
        let session = Self.refusedWithAWait()
        #expect(!session.isPosting)
        #expect(session.promisedRetryMayGo)
    }

    @Test func anEditCallsItOffUntilSendIsPressed() {
        var session = Self.refusedWithAWait()
        session.edited()
        #expect(!session.promisedRetryMayGo)
        #expect(
            session.send(
                text: "It went well, and then", accounts: [PostingPlanTests.mastodon], microsecondsSinceEpoch: 1)
                == .run)
        #expect(session.plan?.text == "It went well, and then", "Send posts the edit")
        _ = session.nextMove(now: PostingPlanTests.now + 10)
        #expect(!session.editedSinceRun, "Send starts afresh")
    }

    /// Nothing the window does during a run counts as the person's edit.
    @Test func aChangeDuringARunIsNoEdit() {
        var session = PostingSession()
        _ = session.send(text: "Posting", accounts: [PostingPlanTests.mastodon], microsecondsSinceEpoch: 1)
        #expect(session.isPosting)
        session.edited()
        #expect(!session.editedSinceRun)
    }
}

/// A post resumed from the outbox goes on with the account it was started with, never the
/// network's first; the person's own choice in the window wins; a signed-out account is no one's.
@Suite struct ContinuingAccountTests {
    static let alice = PostingAccount(network: .mastodon, name: "@alice@mastodon.social", host: "mastodon.social")
    static let bob = PostingAccount(network: .mastodon, name: "@bob@mastodon.social", host: "mastodon.social")

    @Test func theAccountItWasStartedWithNotTheFirst() {
        let plan = PostingPlan(text: "From Bob", accounts: [Self.bob], microsecondsSinceEpoch: 1)
        #expect(plan.continuingAccount(on: .mastodon, chosen: nil, among: [Self.alice, Self.bob]) == Self.bob)
        #expect(
            plan.continuingAccount(on: .mastodon, chosen: Self.alice.name, among: [Self.alice, Self.bob]) == Self.alice)
        #expect(plan.continuingAccount(on: .mastodon, chosen: nil, among: [Self.alice]) == nil, "Bob signed out")
        #expect(
            plan.continuingAccount(on: .mastodon, chosen: "@carol@x.example", among: [Self.alice, Self.bob]) == Self.bob
        )
    }
}
