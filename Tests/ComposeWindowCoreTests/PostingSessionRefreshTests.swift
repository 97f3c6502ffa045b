import Testing

@testable import ComposeWindowCore

/// Bluesky's token refresh inside a run, as PostingSession decides it: only a refused refresh (or
/// new tokens the keyring would not keep) asks the person to sign in again; no answer is a network
/// failure that Retry sends again, with the same record key.
@Suite struct PostingSessionRefreshTests {
    static let now: Int64 = 1_796_196_600

    static func request(_ session: PostingSession, now: Int64) -> APIRequest? {
        session.plan?.request(
            for: 0, credentials: .bluesky(PostingPlanTests.session), now: now, createdAt: "2026-12-02T07:30:00Z",
            didsByHandle: [:])
    }

    /// A run to Bluesky alone, its first request (createRecord) answered ExpiredToken.
    static func expiredRun(firstRequest: inout APIRequest?) -> PostingSession {
        var session = PostingSession()
        _ = session.send(
            text: "分享新鲜事", accounts: [PostingPlanTests.bluesky], microsecondsSinceEpoch: 1_796_196_600_123_456)
        let move = session.nextMove(now: now)
        #expect(move == .send(index: 0, delayMilliseconds: 0))
        firstRequest = request(session, now: now)
        session.willSend(0, now: now)
        return session
    }

    @Test func refreshSessionsAnswerIsJudgedByStatusAndShape() {
        let service = "morel.us-east.host.bsky.network"
        for status in [400, 401] {
            let judged = PostingSession.refresh(answer: APIAnswer(status: status, json: nil), service: service)
            #expect(judged.refresh == .refused && judged.session == nil, "HTTP \(status)")
        }
        let failed = PostingSession.refresh(answer: APIAnswer(status: 502, json: nil), service: service)
        #expect(failed.refresh == .noAnswer(.connectionReset) && failed.session == nil)
        let renewed = PostingSession.refresh(answer: BlueskySessionTests.answer(), service: service)
        #expect(renewed.refresh == .renewed)
        #expect(renewed.session?.accessToken == "access")
    }

    @Test func aRenewedSessionSendsTheRequestAgainAndRecordsNothing() {
        var first: APIRequest?
        var session = Self.expiredRun(firstRequest: &first)
        let before = session.plan
        let sendsAgain = session.refreshed(0, .renewed, now: Self.now)
        #expect(sendsAgain)
        #expect(session.plan == before)
        #expect(session.isPosting)
    }

    @Test func noAnswerFromTheRefreshIsANetworkFailureRetrySendsAgainWithTheSameKey() throws {
        var first: APIRequest?
        var session = Self.expiredRun(firstRequest: &first)
        let created = try #require(first)
        #expect(created.path == "/xrpc/com.atproto.repo.createRecord")
        let sendsAgain = session.refreshed(0, .noAnswer(.timeout), now: Self.now)
        #expect(!sendsAgain)
        guard case .finished(.notYet(let failures, _)) = session.nextMove(now: Self.now) else {
            Issue.record("the run did not end")
            return
        }
        #expect(failures.map(\.failure) == [.notSent(.timeout)])
        let retried = session.send(text: "分享新鲜事", accounts: [PostingPlanTests.bluesky], microsecondsSinceEpoch: 0)
        #expect(retried == .run)
        let move = session.nextMove(now: Self.now + 1)
        #expect(move == .send(index: 0, delayMilliseconds: 0), "Retry sends")
        let again = Self.request(session, now: Self.now + 1)
        #expect(again?.path == "/xrpc/com.atproto.repo.createRecord", "nothing to look up: nothing was made")
        #expect(again?.body?["rkey"] == created.body?["rkey"], "the same record key")
    }

    @Test(arguments: [PostingSession.Refresh.refused, .notKept])
    func aRefusedOrUnkeptSessionAsksToSignInAgain(_ refresh: PostingSession.Refresh) {
        var first: APIRequest?
        var session = Self.expiredRun(firstRequest: &first)
        let sendsAgain = session.refreshed(0, refresh, now: Self.now)
        #expect(!sendsAgain)
        guard case .finished(.notYet(let failures, _)) = session.nextMove(now: Self.now) else {
            Issue.record("the run did not end")
            return
        }
        #expect(failures.map(\.failure) == [.signInAgain])
    }
}
