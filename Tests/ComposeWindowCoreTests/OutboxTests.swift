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

    @Test func theFirstSendPostsToEachNetworkWithItsKey() {
        let outbox = Self.crossPost()
        #expect(outbox.request(for: 0) == .postStatus(idempotencyKey: "idem-1"))
        #expect(outbox.request(for: 1) == .createRecord(recordKey: "3kzzzzzzzzzz2"))
        #expect(!outbox.mayHaveBeenSentSomewhere)
    }

    @Test func aConfirmedNetworkIsNeverSentAgainWhenTheOtherFails() {
        var outbox = Self.crossPost()
        outbox.willSend(0)
        outbox.willSend(1)
        outbox.received(0, .success("https://mastodon.social/@alice/1"))
        outbox.received(1, .failure(.notSent(.nameNotResolved)))
        #expect(outbox.request(for: 0) == nil)
        #expect(outbox.request(for: 1) == .createRecord(recordKey: "3kzzzzzzzzzz2"))
        #expect(!outbox.isConfirmedEverywhere)
        #expect(outbox.links == ["https://mastodon.social/@alice/1"])
        outbox.willSend(0)  // a stray Send for a confirmed network changes nothing
        #expect(outbox.request(for: 0) == nil)
    }

    @Test(arguments: [
        DeliveryFailure.outcomeUnknown(.timeout), .outcomeUnknown(.connectionReset), .serverError(status: 502),
    ])
    func anUnknownOutcomeIsLookedUpOnBlueskyAndRetriedWithTheSameKeyOnMastodon(failure: DeliveryFailure) {
        var outbox = Self.crossPost()
        outbox.willSend(0)
        outbox.willSend(1)
        outbox.received(0, .failure(failure))
        outbox.received(1, .failure(failure))
        #expect(outbox.mayHaveBeenSentSomewhere)
        #expect(outbox.request(for: 0) == .postStatus(idempotencyKey: "idem-1"))
        #expect(outbox.request(for: 1) == .findRecord(recordKey: "3kzzzzzzzzzz2"))
        outbox.recordLookedUp(1, foundAt: "https://bsky.app/profile/alice.bsky.social/post/3kzzzzzzzzzz2")
        #expect(outbox.request(for: 1) == nil)
        outbox.received(0, .success("https://mastodon.social/@alice/1"))
        #expect(outbox.isConfirmedEverywhere)
        #expect(
            outbox.links == [
                "https://mastodon.social/@alice/1", "https://bsky.app/profile/alice.bsky.social/post/3kzzzzzzzzzz2",
            ])
    }

    @Test func aRecordNotFoundIsCreatedUnderTheSameKey() {
        var outbox = Self.crossPost()
        outbox.willSend(1)
        outbox.received(1, .failure(.outcomeUnknown(.timeout)))
        outbox.recordLookedUp(1, foundAt: nil)
        #expect(outbox.request(for: 1) == .createRecord(recordKey: "3kzzzzzzzzzz2"))
    }

    /// A process killed while a request was on its way leaves `sending` behind: the next start says
    /// "may have been sent" and looks the record up.
    @Test func aCrashDuringARequestIsAnUnknownOutcome() {
        var outbox = Self.crossPost()
        outbox.willSend(1)
        #expect(outbox.mayHaveBeenSentSomewhere)
        #expect(outbox.request(for: 1) == .findRecord(recordKey: "3kzzzzzzzzzz2"))
    }

    @Test func refusalsAndExpiredSignInsWaitForThePerson() {
        var outbox = Self.crossPost()
        outbox.received(0, .failure(.signInAgain))
        outbox.received(
            1, .failure(.refused(status: 400, message: "Record/text must not be longer than 300 graphemes")))
        #expect(outbox.request(for: 0) == nil)
        #expect(outbox.request(for: 1) == nil)
        #expect(!outbox.mayHaveBeenSentSomewhere)
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
        #expect(failures.map(\.isRetryable) == [true, true, true, true, true, true, true, true, false, false])
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

    @Test func anythingElseIsNoOutbox() {
        let good = OutboxTests.crossPost().json
        guard case .object(let members) = good else {
            Issue.record("not an object")
            return
        }
        let otherVersion = JSONValue.object(members.map { $0.name == "version" ? .init("version", .integer(2)) : $0 })
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
