import Testing

@testable import ComposeWindowCore

/// The outbox's rules: a network that confirmed is never sent the post again, every request for a
/// network carries its one key, and where a network may already hold the post, Bluesky is asked
/// for it before it is created again.
@Suite struct OutboxTests {
    static func crossPost() -> Outbox {
        Outbox(
            text: "分享新鲜事",
            deliveries: [
                .init(network: .mastodon, account: "@alice@mastodon.social", key: "idem-1", state: .waiting),
                .init(network: .bluesky, account: "@alice.bsky.social", key: "3kzzzzzzzzzz2", state: .waiting),
            ])
    }

    static let now: Int64 = 1_796_196_600
    static let post = Outbox.Request.postStatus(idempotencyKey: "idem-1")
    static let create = Outbox.Request.createRecord(recordKey: "3kzzzzzzzzzz2")

    @Test func theFirstSendPostsToEachNetworkWithItsKey() {
        let outbox = Self.crossPost()
        #expect(outbox.next(for: 0, now: Self.now) == .request(Self.post))
        #expect(outbox.next(for: 1, now: Self.now) == .request(Self.create))
        #expect(!outbox.mayHaveBeenSentSomewhere)
    }

    @Test func aConfirmedNetworkIsNeverSentAgainWhenTheOtherFails() {
        var outbox = Self.crossPost()
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.willSend(1, Self.create, now: Self.now)
        outbox.received(0, .success("https://mastodon.social/@alice/1"), now: Self.now)
        outbox.received(1, .failure(.notSent(.nameNotResolved)), now: Self.now)
        #expect(outbox.next(for: 0, now: Self.now) == .done)
        #expect(outbox.next(for: 1, now: Self.now) == .request(Self.create))
        #expect(!outbox.isConfirmedEverywhere)
        #expect(outbox.links == ["https://mastodon.social/@alice/1"])
        outbox.willSend(0, Self.post, now: Self.now)  // a stray Send for a confirmed network changes nothing
        outbox.received(0, .failure(.serverError(status: 500)), now: Self.now)
        #expect(outbox.next(for: 0, now: Self.now) == .done)
    }

    @Test(arguments: [
        DeliveryFailure.outcomeUnknown(.timeout), .outcomeUnknown(.connectionReset), .serverError(status: 502),
        .serverError(status: 503),
    ])
    func anUnknownOutcomeIsLookedUpOnBothNetworksMastodonAfterItsSettleTime(failure: DeliveryFailure) {
        var outbox = Self.crossPost()
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.willSend(1, Self.create, now: Self.now)
        let answered = Self.now + 30
        outbox.received(0, .failure(failure), now: answered)
        outbox.received(1, .failure(failure), now: answered)
        #expect(outbox.mayHaveBeenSentSomewhere)
        let settled = answered + Outbox.mastodonSettleSeconds
        #expect(outbox.next(for: 0, now: answered + 1) == .wait(until: settled), "counted from the lost answer")
        #expect(outbox.next(for: 0, now: settled - 1) == .wait(until: settled))
        #expect(outbox.next(for: 0, now: settled) == .request(.lookUpStatus))
        #expect(outbox.next(for: 1, now: answered) == .request(.findRecord(recordKey: "3kzzzzzzzzzz2")))
        outbox.lookedUp(1, foundAt: "https://bsky.app/profile/alice.bsky.social/post/3kzzzzzzzzzz2")
        outbox.lookedUp(0, foundAt: "https://mastodon.social/@alice/1")
        #expect(outbox.isConfirmedEverywhere)
        #expect(
            outbox.links == [
                "https://mastodon.social/@alice/1", "https://bsky.app/profile/alice.bsky.social/post/3kzzzzzzzzzz2",
            ])
    }

    @Test func aPostNotFoundIsPostedUnderTheSameKey() {
        var outbox = Self.crossPost()
        outbox.willSend(1, Self.create, now: Self.now)
        outbox.received(1, .failure(.outcomeUnknown(.timeout)), now: Self.now)
        outbox.lookedUp(1, foundAt: nil)
        #expect(outbox.next(for: 1, now: Self.now) == .request(Self.create))
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.received(0, .failure(.outcomeUnknown(.timeout)), now: Self.now)
        outbox.lookedUp(0, foundAt: nil)
        #expect(outbox.next(for: 0, now: Self.now) == .request(Self.post))
    }

    /// A process killed while a request was on its way leaves `sending` behind: the next start says
    /// "may have been sent" and looks the post up.
    @Test func aCrashDuringARequestIsAnUnknownOutcome() throws {
        var outbox = Self.crossPost()
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.willSend(1, Self.create, now: Self.now)
        let restarted = try #require(Outbox(json: outbox.json))
        #expect(restarted.mayHaveBeenSentSomewhere)
        #expect(restarted.next(for: 1, now: Self.now) == .request(.findRecord(recordKey: "3kzzzzzzzzzz2")))
        #expect(restarted.next(for: 0, now: Self.now + Outbox.mastodonSettleSeconds) == .request(.lookUpStatus))
    }

    /// Knowledge only grows: after a lost answer, no later failure — a lookup refused for an
    /// expired sign-in, a refusal, a rate limit, no network — forgets that the network may have it.
    @Test(arguments: [
        DeliveryFailure.signInAgain, .refused(status: 422, message: "no"), .rateLimited(retryAfterSeconds: 5),
        .notSent(.noNetwork), .outcomeUnknown(.timeout),
    ])
    func mayHaveItSurvivesEveryLaterFailure(later: DeliveryFailure) throws {
        var outbox = Self.crossPost()
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.received(0, .failure(.outcomeUnknown(.connectionReset)), now: Self.now)
        outbox.willSend(0, .lookUpStatus, now: Self.now + 200)
        outbox.received(0, .failure(later), now: Self.now + 200)
        #expect(outbox.mayHaveBeenPosted(0))
        #expect(try #require(Outbox(json: outbox.json)).mayHaveBeenPosted(0), "and after a restart")
        let later = Self.now + 200 + 86_400
        #expect(outbox.next(for: 0, now: later) == .request(.lookUpStatus), "never posted blindly again")
    }

    /// Every failure has Retry: a refusal is sent again with its key; an expired sign-in too, once
    /// the account is signed in again; a rate limit after the time the server named.
    @Test func everyFailureIsTriedAgainWithItsKey() {
        var outbox = Self.crossPost()
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.received(0, .failure(.signInAgain), now: Self.now)
        outbox.willSend(1, Self.create, now: Self.now)
        outbox.received(
            1, .failure(.refused(status: 400, message: "Record/text must not be longer than 300 graphemes")),
            now: Self.now)
        #expect(outbox.next(for: 0, now: Self.now) == .request(Self.post))
        #expect(outbox.next(for: 1, now: Self.now) == .request(Self.create))
        #expect(!outbox.mayHaveBeenSentSomewhere)
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.received(0, .failure(.rateLimited(retryAfterSeconds: 30)), now: Self.now)
        #expect(outbox.next(for: 0, now: Self.now + 30) == .wait(until: Self.now + 31), "whole seconds, rounded up")
        #expect(outbox.next(for: 0, now: Self.now + 31) == .request(Self.post))
    }

    /// An edit goes out only where nothing may be out; a network that took the post keeps it.
    @Test func anEditReplacesThePostOnlyWhereNoNetworkMayHaveIt() throws {
        var outbox = Self.crossPost()
        outbox.willSend(0, Self.post, now: Self.now)
        outbox.received(0, .success("https://mastodon.social/@alice/1"), now: Self.now)
        outbox.willSend(1, Self.create, now: Self.now)
        outbox.received(1, .failure(.refused(status: 400, message: "too long")), now: Self.now)
        let edited = try #require(
            outbox.replacingContent(text: "shorter", images: [], options: PostOptions(), parts: [:], now: Self.now) {
                _, _ in "new key"
            })
        #expect(edited.text == "shorter" && edited.isConfirmed(0) && edited.links == outbox.links)
        #expect(edited.next(for: 1, now: Self.now) == .request(Self.create))
        outbox.willSend(1, Self.create, now: Self.now)
        outbox.received(1, .failure(.outcomeUnknown(.timeout)), now: Self.now)
        #expect(
            outbox.replacingContent(text: "shorter", images: [], options: PostOptions(), parts: [:], now: Self.now) {
                _, _ in "new key"
            } == nil,
            "Bluesky may have the first text")
    }

    @Test(
        arguments: [
            (200, nil, nil, nil), (201, nil, nil, nil),
            (401, nil, nil, DeliveryFailure.signInAgain),
            (429, "120", nil, .rateLimited(retryAfterSeconds: 120)),
            (429, " 7 ", nil, .rateLimited(retryAfterSeconds: 7)),
            (429, "Wed, 02 Dec 2026 08:00:00 GMT", nil, .rateLimited(retryAfterSeconds: nil)),
            (429, "99999999999999999999", nil, .rateLimited(retryAfterSeconds: 86_400)),
            (503, nil, nil, .serverError(status: 503)),
            (
                422, nil, "Validation failed: Text character limit of 500 exceeded",
                .refused(status: 422, message: "Validation failed: Text character limit of 500 exceeded")
            ),
        ] as [(Int, String?, String?, DeliveryFailure?)])
    func anHTTPAnswerIsSortedByWhatItMeansForThePost(
        status: Int, retryAfter: String?, message: String?, expected: DeliveryFailure?
    ) {
        #expect(DeliveryFailure(status: status, retryAfter: retryAfter, serverMessage: message) == expected)
    }

    @Test func onlyAnAnswerlessRequestOrAServerErrorMayHavePosted() {
        let failures: [DeliveryFailure] = [
            .notSent(.noNetwork), .notSent(.nameNotResolved), .notSent(.tls), .notSent(.connectionRefused),
            .outcomeUnknown(.timeout), .outcomeUnknown(.connectionReset), .serverError(status: 500),
            .rateLimited(retryAfterSeconds: 1), .signInAgain, .refused(status: 422, message: ""),
        ]
        #expect(
            failures.map(\.mayHaveBeenPosted) == [false, false, false, false, true, true, true, false, false, false])
    }
}

/// The outbox as its file holds it: every state and failure read back as written; anything else
/// (another version, a missing field, an unknown state) is no outbox at all rather than a guess.
@Suite struct OutboxFileTests {
    @Test(arguments: [
        Outbox.State.waiting, .sending, .confirmed(link: "https://bsky.app/profile/a.bsky.social/post/3kzzzzzzzzzz2"),
        .failed(.notSent(.tls)), .failed(.outcomeUnknown(.timeout)), .failed(.serverError(status: 502)),
        .failed(.rateLimited(retryAfterSeconds: 30)), .failed(.rateLimited(retryAfterSeconds: nil)),
        .failed(.signInAgain), .failed(.refused(status: 422, message: "<b>not markup</b> \"quoted\"\n分享")),
    ])
    func everyStateIsReadBackAsWritten(state: Outbox.State) {
        let outbox = Outbox(
            text: "  分享新鲜事…\n👨‍👩‍👧‍👦 ",
            deliveries: [
                .init(network: .bluesky, account: "@a.bsky.social", key: "3kzzzzzzzzzz2", state: state),
                .init(network: .mastodon, account: "@a@mastodon.social", key: "idem", state: .waiting),
            ])
        #expect(Outbox(json: outbox.json) == outbox)
    }

    /// What is known and when requests left come back too, and a version 1 file (before they were
    /// kept) reads with "may have it" where its state said so.
    @Test func knowledgeAndTimesAreReadBackAndVersionOneStillReads() throws {
        var outbox = OutboxTests.crossPost()
        outbox.willSend(0, OutboxTests.post, now: OutboxTests.now)
        outbox.received(0, .failure(.outcomeUnknown(.timeout)), now: OutboxTests.now + 30)
        outbox.willSend(1, OutboxTests.create, now: OutboxTests.now)
        outbox.received(1, .failure(.rateLimited(retryAfterSeconds: 9)), now: OutboxTests.now)
        #expect(Outbox(json: outbox.json) == outbox)
        let versionOne = JSONValue.object([
            .init("version", .integer(1)), .init("text", .string("t")),
            .init(
                "deliveries",
                .array([
                    .object([
                        .init("network", .string("mastodon")), .init("account", .string("@a@b.social")),
                        .init("key", .string("k")), .init("state", .string("failed")),
                        .init(
                            "failure", .object([.init("kind", .string("serverError")), .init("status", .integer(502))])),
                    ])
                ])),
        ])
        #expect(try #require(Outbox(json: versionOne)).mayHaveBeenPosted(0))
    }

    @Test func anythingElseIsNoOutbox() {
        let good = OutboxTests.crossPost().json
        guard case .object(let members) = good else {
            Issue.record("not an object")
            return
        }
        let otherVersion = JSONValue.object(
            members.map { $0.name == "version" ? .init("version", .integer(Outbox.fileVersion + 1)) : $0 })
        #expect(Outbox(json: otherVersion) == nil)
        #expect(Outbox(json: .object(members.filter { $0.name != "text" })) == nil)
        let unknownState = JSONValue.object(
            members.map { member in
                guard member.name == "deliveries" else { return member }
                return .init(
                    "deliveries",
                    .array([
                        .object([
                            .init("network", .string("mastodon")), .init("account", .string("@a@b.social")),
                            .init("key", .string("k")), .init("state", .string("posted-maybe")),
                        ])
                    ]))
            })
        #expect(Outbox(json: unknownState) == nil)
    }
}
