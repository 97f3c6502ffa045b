import Testing

@testable import ComposeWindowCore

/// The look-up after a lost answer finds this post only: statuses created since the request left
/// (less the clock allowance), paged back with max_id, reblogs left out, matched by what the post
/// answers, its content warning, its images and its source text; anything it cannot decide is the
/// person's call, with the candidate's link.
@Suite struct MastodonLookupTests {
    static let sentAt: Int64 = 1_796_500_000  // 2026-12-05T…
    static let expected = MastodonStatusMatch(text: "Deploy OK")

    /// A status as the account's statuses list it, created `offset` seconds after the request left.
    static func status(
        _ id: Int, offset: Int64, inReplyTo: String? = nil, spoiler: String = "", media: Int = 0,
        reblog: Bool = false, edited: Bool = false
    ) -> JSONValue {
        .object([
            .init("id", .string(String(id))), .init("url", .string("https://m.example/@a/\(id)")),
            .init("created_at", .string(rfc3339(sentAt + offset))),
            .init("in_reply_to_id", inReplyTo.map(JSONValue.string) ?? .null),
            .init("spoiler_text", .string(spoiler)),
            .init("media_attachments", .array(Array(repeating: .object([]), count: media))),
            .init("reblog", reblog ? .object([.init("id", .string("9"))]) : .null),
            .init("edited_at", edited ? .string(rfc3339(sentAt + 60)) : .null),
        ])
    }

    static func rfc3339(_ seconds: Int64) -> String {
        // 2026-12-05T…: days since 1970 for the test's times, written out by hand on purpose (the
        // parser under test must not check itself).
        let day = seconds / 86_400
        let rest = seconds % 86_400
        let (hour, minute, second) = (rest / 3_600, rest % 3_600 / 60, rest % 60)
        let dates: [Int64: String] = [20_791: "2026-12-04", 20_792: "2026-12-05", 20_793: "2026-12-06"]
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(dates[day]!)T\(two(hour)):\(two(minute)):\(two(second)).123Z"
    }

    static func ok(_ json: JSONValue) -> APIAnswer { APIAnswer(status: 200, json: json) }
    static func source(_ text: String) -> APIAnswer { ok(.object([.init("text", .string(text))])) }

    /// Walks the look-up through `answers` (after verify_credentials), returning the outcome and
    /// every request it made.
    static func run(
        _ pages: [[JSONValue]], sources: [String: APIAnswer] = [:], expected: MastodonStatusMatch = expected,
        sentAt: Int64? = sentAt, serverAhead: Int64? = 0
    ) -> (MastodonLookup.Outcome, [APIRequest]) {
        var lookup = MastodonLookup(host: "m.example", expected: expected, sentAt: sentAt)
        var requests: [APIRequest] = []
        var outcome = lookup.received(ok(.object([.init("id", .string("7"))])))
        var pagesLeft = pages
        while outcome == .ask {
            let request = lookup.request(token: "t")
            requests.append(request)
            if request.path.hasSuffix("/source") {
                let id = String(request.path.split(separator: "/").dropLast().last ?? "")
                outcome = lookup.received(sources[id] ?? APIAnswer(status: 404, json: nil))
            } else {
                var page = ok(.array(pagesLeft.isEmpty ? [] : pagesLeft.removeFirst()))
                page.serverClockAhead = serverAhead
                outcome = lookup.received(page)
            }
        }
        return (outcome, requests)
    }

    @Test func createdAtIsReadAsMastodonWritesIt() {
        #expect(MastodonStatusMatch.seconds(rfc3339: Self.rfc3339(Self.sentAt)) == Self.sentAt)
        #expect(MastodonStatusMatch.seconds(rfc3339: "1970-01-01T00:00:00Z") == 0)
        for hostile in [
            "", "2026-12-05", "2026-12-05T18:00:00", "2026-13-05T18:00:00Z", "2026-12-05T18:00:00+08:00",
            "2026-12-05T18:00:00.Z", "2026-12-05T18:00:00." + String(repeating: "9", count: 30) + "Z",
            "２０２６-12-05T18:00:00Z", "2026-12-05T18:0a:00Z",
        ] {
            #expect(MastodonStatusMatch.seconds(rfc3339: hostile) == nil, "\(hostile)")
        }
    }

    /// "Deploy OK" posted yesterday is not today's: only statuses since the request left count.
    @Test func anOlderPostWithTheSameTextIsNotThisOne() {
        let (outcome, requests) = Self.run(
            [[Self.status(5, offset: -86_400)]], sources: ["5": Self.source("Deploy OK")])
        #expect(outcome == .notFound)
        #expect(!requests.contains { $0.path.hasSuffix("/source") }, "yesterday's was not even read")
    }

    /// 45 newer statuses (boosts among them) do not hide it: pages of 40, back with max_id,
    /// reblogs excluded by the server and skipped if it sends them anyway.
    @Test func itIsFoundPastAPageOfNewerStatuses() {
        let newer = (0..<40).map { Self.status(200 - $0, offset: 100, reblog: $0 % 3 == 0) }
        let page2 = [Self.status(150, offset: 50), Self.status(100, offset: 2), Self.status(90, offset: -90_000)]
        var sources = Dictionary(uniqueKeysWithValues: (161...200).map { (String($0), Self.source("Other \($0)")) })
        sources["150"] = Self.source("Something else")
        sources["100"] = Self.source("Deploy OK\n")
        let (outcome, requests) = Self.run([newer, page2], sources: sources)
        #expect(outcome == .found(link: "https://m.example/@a/100", id: "100"))
        let lists = requests.filter { $0.path.hasSuffix("/statuses") }
        #expect(lists.count == 2)
        #expect(lists.allSatisfy { $0.query.contains(.init(name: "exclude_reblogs", value: "true")) })
        #expect(lists.allSatisfy { $0.query.contains(.init(name: "limit", value: "40")) })
        #expect(lists[1].query.contains(.init(name: "max_id", value: "161")))
        let read = requests.filter { $0.path.hasSuffix("/source") }.map(\.path)
        #expect(!read.contains { $0.contains("/200/") || $0.contains("/197/") }, "a reblog's source is never read")
        #expect(read.contains { $0.contains("/199/") })
    }

    @Test func whatItAnswersItsWarningAndItsImagesMustMatch() {
        let expected = MastodonStatusMatch(text: "Deploy OK", inReplyTo: "42", spoilerText: "ops", mediaCount: 1)
        let others = [
            Self.status(10, offset: 5, inReplyTo: "41", spoiler: "ops", media: 1),
            Self.status(11, offset: 5, inReplyTo: "42", spoiler: "", media: 1),
            Self.status(12, offset: 5, inReplyTo: "42", spoiler: "ops", media: 0),
        ]
        let sources = ["10": Self.source("Deploy OK"), "11": Self.source("Deploy OK"), "12": Self.source("Deploy OK")]
        #expect(Self.run([others], sources: sources, expected: expected).0 == .notFound)
        let mine = Self.status(13, offset: 5, inReplyTo: "42", spoiler: "ops", media: 1)
        #expect(
            Self.run(
                [[mine] + others], sources: sources.merging(["13": Self.source("Deploy OK")]) { $1 }, expected: expected
            ).0
                == .found(link: "https://m.example/@a/13", id: "13"))
    }

    @Test func twoMatchesAreThePersonsCall() {
        let (outcome, _) = Self.run(
            [[Self.status(21, offset: 30), Self.status(20, offset: 10)]],
            sources: ["21": Self.source("Deploy OK"), "20": Self.source("Deploy OK")])
        #expect(outcome == .undecided(link: "https://m.example/@a/21", id: "21"))
    }

    /// Edited on the web since: its source is the new text, so it may have been this post.
    @Test func aPostEditedSinceIsThePersonsCall() {
        let (outcome, _) = Self.run(
            [[Self.status(30, offset: 4, edited: true)]], sources: ["30": Self.source("Deploy OK (fixed)")])
        #expect(outcome == .undecided(link: "https://m.example/@a/30", id: "30"))
        let unedited = Self.run([[Self.status(30, offset: 4)]], sources: ["30": Self.source("Deploy OK (fixed)")])
        #expect(unedited.0 == .notFound)
    }

    /// A server from before 3.5 has no /source (404 for a status it just listed).
    @Test func noSourceIsThePersonsCall() {
        let (outcome, _) = Self.run([[Self.status(40, offset: 4)]])
        #expect(outcome == .undecided(link: "https://m.example/@a/40", id: "40"))
    }

    /// No time to go by (an outbox without it): a match cannot be told from an older post.
    @Test func withoutTheTimeItLeftAMatchIsThePersonsCall() {
        let (outcome, _) = Self.run(
            [[Self.status(50, offset: 4)]], sources: ["50": Self.source("Deploy OK")], sentAt: nil)
        #expect(outcome == .undecided(link: "https://m.example/@a/50", id: "50"))
    }

    /// The server's clock two minutes behind this machine's, as its `Date` says: its post made a
    /// minute and a half "before" the request left is this one. Without a `Date` it could be an
    /// older post, and so could one made 30 seconds before the request left by clocks that agree:
    /// the person's call. Older than the allowance, it is not this post.
    @Test func theServersClockIsTakenFromItsDate() {
        let sources = ["60": Self.source("Deploy OK")]
        let behind = Self.status(60, offset: -90)
        #expect(
            Self.run([[behind]], sources: sources, serverAhead: -120).0
                == .found(link: "https://m.example/@a/60", id: "60"))
        #expect(
            Self.run([[behind]], sources: sources, serverAhead: nil).0
                == .undecided(link: "https://m.example/@a/60", id: "60"))
        let justBefore = Self.status(60, offset: -30)
        #expect(Self.run([[justBefore]], sources: sources).0 == .undecided(link: "https://m.example/@a/60", id: "60"))
        let tooOld = Self.status(60, offset: -(MastodonLookup.clockAllowance + 30))
        #expect(Self.run([[tooOld]], sources: sources, serverAhead: nil).0 == .notFound)
    }

    /// A token without read:statuses (an older sign-in): Mastodon's 403 asks for a new sign-in.
    @Test func aRefusedScopeAsksToSignInAgain() {
        var lookup = MastodonLookup(host: "m.example", expected: Self.expected, sentAt: Self.sentAt)
        _ = lookup.received(Self.ok(.object([.init("id", .string("7"))])))
        let forbidden = APIAnswer(
            status: 403, json: .object([.init("error", .string("This action is outside the authorized scopes"))]))
        #expect(lookup.received(forbidden) == .failed(.scopesMissing))
    }

    /// Past the pages it reads at most, with no match yet: the person's call, never "not there".
    @Test func runningOutOfPagesIsThePersonsCall() {
        let pages = (0..<MastodonLookup.mostPages).map { page in
            (0..<40).map { Self.status(100_000 - page * 40 - $0, offset: 10, spoiler: "not this") }
        }
        #expect(Self.run(pages).0 == .undecided(link: nil, id: nil))
    }
}

/// Mastodon strips a content warning's ends before it keeps it: a warning typed with a space at
/// its end still finds its status.
@Suite struct StatusMatchTests {
    @Test func aWarningsEndsAreNotHeldAgainstIt() {
        let status = MastodonLookupTests.status(5, offset: 3, spoiler: "Spoilers")
        #expect(MastodonStatusMatch(text: "x", spoilerText: "Spoilers ").mayBe(status))
        #expect(MastodonStatusMatch(text: "x", spoilerText: "  Spoilers\n").mayBe(status))
        #expect(!MastodonStatusMatch(text: "x", spoilerText: "Spoiler").mayBe(status))
    }

    /// A thread of more posts than anyone writes still reads back (the splitter has no cap).
    @Test func aLongThreadReadsBack() {
        let parts = (1...1_200).map { "Part \($0)." }
        let plan = PostingPlan(
            text: parts.joined(separator: " "), accounts: [PostingPlanTests.mastodon], parts: [.mastodon: parts],
            microsecondsSinceEpoch: 1)
        #expect(PostingPlan(file: plan.file) != nil)
    }
}

/// A look-up through many statuses that a 429 (or a cut connection) stops half way goes on where it
/// stopped: begun again, it would meet the same limit at the same page for ever.
@Suite struct LookupProgressTests {
    @Test func aStoppedLookUpGoesOnFromThePageItReached() throws {
        var plan = PostingPlan(
            text: "Deploy OK", accounts: [PostingPlanTests.mastodon], microsecondsSinceEpoch: 1_796_500_000_000_000)
        var now = MastodonLookupTests.sentAt
        plan.willSend(0, now: now)
        plan.received(0, .failure(.init(requestWasSent: true, reason: .timeout)), now: now)
        now += Outbox.mastodonSettleSeconds + 1
        func request() throws -> APIRequest {
            try #require(
                plan.request(
                    for: 0, credentials: .mastodon(token: "t"), now: now, createdAt: "", didsByHandle: [:]))
        }
        func answer(_ answer: APIAnswer) throws {
            _ = try request()
            plan.willSend(0, now: now)
            plan.received(0, .success(answer), now: now)
        }
        #expect(try request().path == "/api/v1/accounts/verify_credentials")
        try answer(MastodonLookupTests.ok(.object([.init("id", .string("7"))])))
        // A full page of newer statuses, none this post: the next page is asked for…
        let newer = (0..<MastodonLookup.pageSize).map {
            MastodonLookupTests.status(900 - $0, offset: 30, inReplyTo: "1")
        }
        try answer(MastodonLookupTests.ok(.array(newer)))
        let second = try request()
        #expect(second.query.contains(.init(name: "max_id", value: "861")))
        // …and refused with a 429: the run ends waiting for the limit's reset.
        try answer(APIAnswer(status: 429, retryAfter: "60", json: nil))
        #expect(plan.failure(0) == .rateLimited(retryAfterSeconds: 60))
        now += 61
        #expect(try request() == second, "the same page again, not verify_credentials and page one")
        // Cut on its way: still that page.
        _ = try request()
        plan.willSend(0, now: now)
        plan.received(0, .failure(.init(requestWasSent: true, reason: .connectionReset)), now: now)
        now += 61
        #expect(try request() == second)
    }
}
