import Testing

@testable import ComposeWindowCore

/// Send's protocol decisions without a network: the keys chosen before sending, the request each
/// network needs next, and what each answer (or none) means for the post.
@Suite struct PostingPlanTests {
    static let mastodon = PostingAccount(network: .mastodon, name: "@alice@mastodon.social", host: "mastodon.social")
    static let bluesky = PostingAccount(
        network: .bluesky, name: "@alice.bsky.social", host: "morel.us-east.host.bsky.network",
        identity: "did:plc:alice")
    static let session = BlueskySession(account: bluesky, accessToken: "access", refreshToken: "refresh")

    static func plan(_ text: String = "分享新鲜事 @bob.bsky.social") -> PostingPlan {
        PostingPlan(
            text: text, options: PostOptions(languages: ["zh"]), accounts: [mastodon, bluesky],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
    }

    static let now: Int64 = 1_796_196_600

    func request(_ plan: PostingPlan, _ index: Int) -> APIRequest? {
        plan.request(
            for: index, credentials: index == 0 ? .mastodon(token: "token") : .bluesky(Self.session), now: Self.now,
            createdAt: "2026-12-02T07:30:00Z", didsByHandle: ["bob.bsky.social": "did:plc:bob"])
    }

    @Test func mastodonGetsTheTextAsTypedWithAnIdempotencyKeyAndNoVisibility() throws {
        let plan = Self.plan()
        let status = try #require(request(plan, 0))
        #expect(status.host == "mastodon.social" && status.path == "/api/v1/statuses" && status.method == .post)
        #expect(status.bearer == "token")
        let key = try #require(status.headers.first { $0.name == "Idempotency-Key" }?.value)
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        #expect(status.body?["status"] == .string("分享新鲜事 @bob.bsky.social"))
        #expect(status.body?["visibility"] == nil, "the account's own default")
        #expect(status.body?["language"] == .string("zh"))
        #expect(request(plan, 0) == status, "the same key on every try")
        #expect(Self.plan().file != plan.file, "another post, another key")
    }

    @Test func blueskyGetsARecordUnderATIDWithTheResolvedMention() throws {
        let record = try #require(request(Self.plan(), 1))
        #expect(record.host == "morel.us-east.host.bsky.network")
        #expect(record.path == "/xrpc/com.atproto.repo.createRecord")
        #expect(record.body?["repo"] == .string("did:plc:alice"))
        let key = try #require(record.body?["rkey"]?.string)
        #expect(key.count == 13)
        #expect(record.body?["record"]?["langs"] == .array([.string("zh")]))
        let facets = try #require(record.body?["record"]?["facets"]?.elements)
        #expect(facets.first?["features"]?.elements?.first?["did"] == .string("did:plc:bob"))
        #expect(Self.plan().handlesToResolve == ["bob.bsky.social"])
    }

    @Test func aConfirmedNetworkIsNeverAskedAgain() {
        var plan = Self.plan()
        plan.willSend(0, now: Self.now)
        plan.received(
            0,
            .success(
                APIAnswer(
                    status: 200, json: .object([.init("id", .string("1")), .init("url", .string("https://m.s/@a/1"))]))),
            now: Self.now)
        plan.willSend(1, now: Self.now)
        plan.received(1, .failure(.init(requestWasSent: false, reason: .nameNotResolved)), now: Self.now)
        #expect(plan.step(now: Self.now) == .finished(waitUntil: nil), "this run is over")
        plan.startRun()
        #expect(plan.step(now: Self.now) == .request(index: 1), "Retry: only the network that failed")
        #expect(request(plan, 0) == nil)
        #expect(plan.failure(1) == .notSent(.nameNotResolved))
        #expect(!plan.isConfirmedEverywhere)
        #expect(plan.links == ["https://m.s/@a/1"])
    }

    @Test func anUnknownOutcomeOnBlueskyAsksForTheRecordThenCreatesItOnlyIfMissing() throws {
        var plan = Self.plan()
        let created = try #require(request(plan, 1))
        #expect(created.path == "/xrpc/com.atproto.repo.createRecord")
        plan.willSend(1, now: Self.now)
        #expect(request(plan, 1)?.path == "/xrpc/com.atproto.repo.getRecord", "found so after a crash")
        plan.received(1, .failure(.init(requestWasSent: true, reason: .connectionReset)), now: Self.now)
        #expect(plan.mayHaveBeenSentSomewhere)
        let lookup = try #require(request(plan, 1))
        #expect(lookup.path == "/xrpc/com.atproto.repo.getRecord")
        #expect(lookup.query.contains(.init(name: "rkey", value: created.body?["rkey"]?.string ?? "?")))

        var missing = plan
        missing.willSend(1, now: Self.now)
        missing.received(
            1, .success(APIAnswer(status: 400, json: .object([.init("error", .string("RecordNotFound"))]))),
            now: Self.now)
        #expect(request(missing, 1) == created, "not there: created now, under the same key")

        plan.willSend(1, now: Self.now)
        let uri = "at://did:plc:alice/app.bsky.feed.post/" + (created.body?["rkey"]?.string ?? "")
        plan.received(
            1,
            .success(
                APIAnswer(status: 200, json: .object([.init("uri", .string(uri)), .init("cid", .string("bafyreia"))]))),
            now: Self.now)
        #expect(request(plan, 1) == nil, "there: never created again")
        #expect(plan.links.last?.hasPrefix("https://bsky.app/profile/alice.bsky.social/post/") == true)
    }

    @Test func answersBecomeTheFailuresTheWindowExplains() {
        var plan = Self.plan()
        let cases: [(APIAnswer, DeliveryFailure)] = [
            (APIAnswer(status: 503, json: nil), .serverError(status: 503)),
            (APIAnswer(status: 429, retryAfter: "7", json: nil), .rateLimited(retryAfterSeconds: 7)),
            (APIAnswer(status: 401, json: nil), .signInAgain),
            (
                APIAnswer(status: 422, json: .object([.init("error", .string("Validation failed: <b>x</b>"))])),
                .refused(status: 422, message: "Validation failed: <b>x</b>")
            ),
            (APIAnswer(status: 200, json: .object([])), .serverError(status: 200)),
        ]
        for (answer, failure) in cases {
            plan = Self.plan()  // no request of it made anything: a post request every time
            plan.willSend(0, now: Self.now)
            plan.received(0, .success(answer), now: Self.now)
            #expect(plan.failure(0) == failure)
        }
        plan = Self.plan()
        plan.willSend(0, now: Self.now)
        plan.received(0, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now)
        #expect(plan.failure(0) == .outcomeUnknown(.timeout))
    }

    @Test func theFileGivesThePlanBack() throws {
        var plan = Self.plan()
        plan.willSend(0, now: Self.now)
        let restored = try #require(PostingPlan(file: plan.file))
        #expect(restored.file == plan.file)
        #expect(restored.mayHaveBeenSentSomewhere, "a request was on its way when the file was written")
        #expect(PostingPlan(file: .object([.init("version", .integer(99))])) == nil)
    }

    @Test func everyFailureIsExplainedInOneLineNamingTheNetwork() {
        let failures: [DeliveryFailure] = [
            .notSent(.noNetwork), .notSent(.nameNotResolved), .notSent(.tls), .notSent(.connectionRefused),
            .notSent(.connectionReset), .outcomeUnknown(.timeout), .outcomeUnknown(.connectionReset),
            .serverError(status: 502), .rateLimited(retryAfterSeconds: 30), .rateLimited(retryAfterSeconds: nil),
            .signInAgain, .refused(status: 422, message: "Text can't be blank"), .stillProcessing,
            .imageUnusable(path: "/home/a/b.png", reason: "not an image"),
        ]
        let messages = failures.map { $0.message(network: "Mastodon", timeoutSeconds: 30) }
        #expect(Set(messages).count == failures.count)
        for message in messages {
            #expect(message.contains("Mastodon") && !message.contains("\n"), "\(message)")
        }
        #expect(messages[5].contains("30 seconds"))
        #expect(messages[11].contains("Text can't be blank"))
    }
}
