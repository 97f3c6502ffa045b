import Testing

@testable import ComposeWindowCore

/// A post Mastodon keeps until its time: scheduled at Send with `scheduled_at` and its key, looked
/// up among the scheduled statuses after a lost answer, waiting here when the time is too near or
/// the server refuses it, and found among the account's statuses once published. The answers are
/// Mastodon's as docs/servers.md reads them (PostStatusService, ScheduledStatusesController).
@Suite struct ServerScheduleTests {
    static let now = MastodonLookupTests.sentAt
    static let time = now + 3_600
    static let mastodon = PostingPlanTests.mastodon
    static let credentials = PostingPlan.Credentials.mastodon(token: "t")

    static func scheduling(
        _ text: String = "Deploy OK", accounts: [PostingAccount] = [mastodon], at time: Int64 = time,
        parts: [PostingAccount.Network: [String]] = [:]
    ) -> PostingSession {
        var session = PostingSession()
        let result = session.send(
            text: text, accounts: accounts, parts: parts, scheduledAt: time, serverKeepsTime: true,
            microsecondsSinceEpoch: UInt64(now) * 1_000_000)
        #expect(result == .run)
        return session
    }

    /// The next request of the run at `now`, recorded as sent; nil when the run is over.
    static func next(_ session: inout PostingSession, now: Int64) -> (Int, APIRequest)? {
        guard case .send(let index, _) = session.nextMove(now: now),
            let request = session.plan?.request(
                for: index, credentials: session.plan?.network(index) == .mastodon ? credentials : blueskyCredentials,
                now: now, createdAt: "2026-12-05T00:00:00Z", didsByHandle: [:])
        else { return nil }
        session.willSend(index, now: now)
        return (index, request)
    }

    static let blueskyCredentials = PostingPlan.Credentials.bluesky(PostingPlanTests.session)

    static func answer(_ status: Int, _ json: JSONValue?) -> Result<APIAnswer, PostingPlan.NoAnswer> {
        .success(APIAnswer(status: status, json: json))
    }

    static func scheduledStatus(_ id: String, text: String = "Deploy OK", at time: Int64 = time) -> JSONValue {
        .object([
            .init("id", .string(id)), .init("scheduled_at", .string(MastodonLookupTests.rfc3339(time))),
            .init("params", .object([.init("text", .string(text))])), .init("media_attachments", .array([])),
        ])
    }

    /// Sends the schedule request and answers it with scheduled status 7.
    static func scheduled(_ session: inout PostingSession) {
        guard let (index, _) = next(&session, now: now) else {
            Issue.record("the post is scheduled at Send")
            return
        }
        session.received(index, answer(200, scheduledStatus("7")), now: now + 1)
    }

    @Test func mastodonIsGivenTheTimeAndTheKeyAtSendAndTheWindowCanClose() {
        var session = Self.scheduling(accounts: [Self.mastodon, PostingPlanTests.bluesky])
        guard let (index, request) = Self.next(&session, now: Self.now) else {
            Issue.record("Mastodon is asked at Send, before the time")
            return
        }
        #expect(request.path == "/api/v1/statuses")
        #expect(request.body?["scheduled_at"]?.string == "2026-12-05T20:46:40Z")
        #expect(request.headers.first { $0.name == "Idempotency-Key" }?.value.utf8.count == 32)
        #expect(session.scheduledFor(now: Self.now) == nil, "not before the server said so")
        session.received(index, Self.answer(200, Self.scheduledStatus("7")), now: Self.now + 1)
        let move = session.nextMove(now: Self.now + 1)
        #expect(move == .finished(.notYet(failures: [], waitUntil: Self.time)), "Bluesky waits here, asking nothing")
        #expect(session.scheduledFor(now: Self.now + 1) == Self.time)
        #expect(session.textIsEditable, "an edit replaces it there")
        #expect(session.plan?.outbox.scheduledOnServers == [Self.mastodon.name])
    }

    /// A server that ignores `scheduled_at` answers the scheduled request with a published status
    /// (#61): the post is there (its link, never sent again), and the plan says it went before its
    /// time; kept by the server, or published at its time, it does not.
    @Test func aServerThatIgnoresTheTimePublishedItEarlyAndSaysSo() throws {
        var ignored = Self.scheduling()
        let (index, _) = try #require(Self.next(&ignored, now: Self.now))
        ignored.received(index, Self.answer(200, MastodonLookupTests.status(12, offset: 1)), now: Self.now + 1)
        #expect(ignored.nextMove(now: Self.now + 1) == .finished(.posted(["https://m.example/@a/12"])))
        let plan = try #require(ignored.plan)
        #expect(plan.publishedBeforeItsTime(now: Self.now + 1))
        #expect(try #require(PostingPlan(file: plan.file)).publishedBeforeItsTime(now: Self.now + 2), "read back")
        #expect(!plan.publishedBeforeItsTime(now: Self.time), "at its time it is not early")

        var kept = Self.scheduling()
        Self.scheduled(&kept)
        #expect(kept.plan?.publishedBeforeItsTime(now: Self.now + 1) == false)
    }

    @Test func aTimeTooNearOrAThreadWaitsHereAskingNothing() {
        var near = Self.scheduling(at: Self.now + 5 * 60)
        #expect(near.nextMove(now: Self.now) == .finished(.notYet(failures: [], waitUntil: Self.now + 300)))
        var thread = Self.scheduling(parts: [.mastodon: ["Deploy", "OK"]])
        #expect(thread.nextMove(now: Self.now) == .finished(.notYet(failures: [], waitUntil: Self.time)))
        #expect(thread.plan?.outbox.deliveries.allSatisfy { $0.serverTime == nil } == true)
    }

    @Test func aTimeTheServerRefusesWaitsHereAndGoesWithoutItAtTheTime() {
        for words in [
            "Validation failed: Scheduled at date must be in the future",
            "Validation failed: You have exceeded the limit of 25 scheduled posts for today",
            // 4.4's words, and an account whose language is German (#61: words were matched).
            "Validation failed: Date must be in the future",
            "Validierung fehlgeschlagen: Datum muss in der Zukunft liegen",
        ] {
            var session = Self.scheduling()
            guard let (index, _) = Self.next(&session, now: Self.now) else {
                Issue.record("scheduled")
                return
            }
            session.received(index, Self.answer(422, .object([.init("error", .string(words))])), now: Self.now + 1)
            #expect(session.nextMove(now: Self.now + 1) == .finished(.notYet(failures: [], waitUntil: Self.time)))
            #expect(session.scheduledFor(now: Self.now + 1) == Self.time, Comment(rawValue: words))
            _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
            let atTime = Self.next(&session, now: Self.time)
            #expect(atTime?.1.path == "/api/v1/statuses")
            #expect(atTime?.1.body?["scheduled_at"] == nil, "posted from here, at its time")
        }
    }

    @Test func aLostAnswerIsLookedUpAmongTheScheduledStatusesNeverScheduledTwice() {
        var session = Self.scheduling()
        guard let (index, _) = Self.next(&session, now: Self.now) else {
            Issue.record("scheduled")
            return
        }
        session.received(index, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now + 30)
        guard case .finished(.notYet(_, let settle?)) = session.nextMove(now: Self.now + 30) else {
            Issue.record("it waits for the server to settle")
            return
        }
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        guard let (_, lookup) = Self.next(&session, now: settle) else {
            Issue.record("looked up")
            return
        }
        #expect(lookup.path == "/api/v1/scheduled_statuses")
        // A full page without it (another post at the same time, this text at another time): the next page.
        let others: [JSONValue] = (0..<40).map { (offset: Int) -> JSONValue in
            let text = offset == 0 ? "Other" : "Deploy OK"
            return Self.scheduledStatus(String(100 - offset), text: text, at: Self.time + (offset == 0 ? 0 : 60))
        }
        session.received(index, Self.answer(200, .array(others)), now: settle)
        guard let (_, page2) = Self.next(&session, now: settle) else {
            Issue.record("next page")
            return
        }
        #expect(page2.query.contains { $0.name == "max_id" && $0.value == "61" })
        session.received(index, Self.answer(200, .array([Self.scheduledStatus("12")])), now: settle)
        #expect(session.nextMove(now: settle) == .finished(.notYet(failures: [], waitUntil: Self.time + 60)))
        #expect(session.plan?.outbox.deliveries[index].scheduledID == "12")

        // Not there: scheduled again with the same key and time.
        var lost = Self.scheduling()
        guard let (lostIndex, lostFirst) = Self.next(&lost, now: Self.now) else {
            Issue.record("scheduled")
            return
        }
        lost.received(lostIndex, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now + 30)
        _ = lost.nextMove(now: Self.now + 30)
        _ = lost.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        _ = Self.next(&lost, now: settle)
        lost.received(lostIndex, Self.answer(200, .array([])), now: settle)
        let again = Self.next(&lost, now: settle)?.1
        #expect(again?.path == "/api/v1/statuses")
        #expect(again?.headers == lostFirst.headers && again?.body == lostFirst.body)
        // Its key already made one (Mastodon's 404 for a key that names a scheduled status)
        // after the look-up found none: only the person can tell.
        lost.received(lostIndex, Self.answer(404, .object([.init("error", .string("Record not found"))])), now: settle)
        _ = lost.nextMove(now: settle)
        #expect(lost.undecided.map(\.index) == [lostIndex])
    }

    @Test func aKeyThatMadeAScheduledStatusIsLookedUpAtOnce() {
        var session = Self.scheduling()
        guard let (index, _) = Self.next(&session, now: Self.now) else {
            Issue.record("scheduled")
            return
        }
        session.received(index, Self.answer(404, .object([.init("error", .string("Record not found"))])), now: Self.now)
        #expect(Self.next(&session, now: Self.now)?.1.path == "/api/v1/scheduled_statuses", "no settle wait")
    }

    @Test func afterItsTimeThePublishedStatusIsFoundAndItsLinkGiven() {
        var session = Self.scheduling()
        Self.scheduled(&session)
        _ = session.nextMove(now: Self.now + 1)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        // --deliver at the time: the server is given a minute.
        #expect(session.nextMove(now: Self.time) == .finished(.notYet(failures: [], waitUntil: Self.time + 60)))
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        guard let (index, check) = Self.next(&session, now: Self.time + 60) else {
            Issue.record("asked")
            return
        }
        #expect(check.path == "/api/v1/scheduled_statuses/7")
        // Still there (its worker is late): asked again a minute later.
        session.received(index, Self.answer(200, Self.scheduledStatus("7")), now: Self.time + 60)
        #expect(session.nextMove(now: Self.time + 60) == .finished(.notYet(failures: [], waitUntil: Self.time + 120)))
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        _ = Self.next(&session, now: Self.time + 120)
        session.received(
            index, Self.answer(404, .object([.init("error", .string("Record not found"))])), now: Self.time + 120)
        // Published: found among the account's statuses, made at its time.
        guard let (_, account) = Self.next(&session, now: Self.time + 120) else {
            Issue.record("looked up")
            return
        }
        #expect(account.path == "/api/v1/accounts/verify_credentials")
        session.received(index, Self.answer(200, .object([.init("id", .string("1"))])), now: Self.time + 120)
        for page in [[MastodonLookupTests.status(55, offset: 3_600)], []] {
            _ = Self.next(&session, now: Self.time + 120)
            session.received(index, Self.answer(200, .array(page)), now: Self.time + 120)
        }
        #expect(Self.next(&session, now: Self.time + 120)?.1.path == "/api/v1/statuses/55/source")
        session.received(index, .success(MastodonLookupTests.source("Deploy OK")), now: Self.time + 120)
        #expect(session.nextMove(now: Self.time + 120) == .finished(.posted(["https://m.example/@a/55"])))
    }

    @Test func neitherScheduledNorPublishedIsThePersonsCallAndGoesUnderANewKey() {
        var session = Self.scheduling()
        guard let (index, first) = Self.next(&session, now: Self.now) else {
            Issue.record("scheduled")
            return
        }
        session.received(index, Self.answer(200, Self.scheduledStatus("7")), now: Self.now)
        _ = session.nextMove(now: Self.now)
        for answer in [
            APIAnswer(status: 404, json: nil), APIAnswer(status: 200, json: .object([.init("id", .string("1"))])),
            APIAnswer(status: 200, json: .array([])),
        ] {
            _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
            _ = Self.next(&session, now: Self.time + 60)
            session.received(index, .success(answer), now: Self.time + 60)
        }
        // Not published yet a minute after its time: Mastodon's scheduler may not have run (#61).
        // Looked for again once it surely has, never called lost before.
        let publishedBy = Self.time + Outbox.publicationDelay
        #expect(session.nextMove(now: Self.time + 60) == .finished(.notYet(failures: [], waitUntil: publishedBy)))
        #expect(session.undecided.isEmpty)
        #expect(session.plan?.waitsForThePerson == false)
        for answer in [
            APIAnswer(status: 200, json: .object([.init("id", .string("1"))])),
            APIAnswer(status: 200, json: .array([])),
        ] {
            _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
            #expect(Self.next(&session, now: publishedBy)?.1.path.hasPrefix("/api/v1/accounts/") == true)
            session.received(index, .success(answer), now: publishedBy)
        }
        _ = session.nextMove(now: publishedBy)
        #expect(session.plan?.waitsForThePerson == true, "--deliver asks once and leaves it")
        #expect(DeliveryFollowUp.after(session.plan!, retryAt: nil, now: publishedBy) == .askThePerson)
        #expect(session.undecided.map(\.index) == [index], "cancelled on the server, or dropped by it")
        #expect(session.undecided.first?.link == nil)
        session.personSays(isThere: false)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        guard let (_, again) = Self.next(&session, now: publishedBy + 10) else {
            Issue.record("posted now")
            return
        }
        #expect(again.path == "/api/v1/statuses")
        #expect(again.body?["scheduled_at"] == nil)
        #expect(again.headers != first.headers, "the first key names the scheduled status for an hour")
    }

    /// Scheduled status 7, kept by the server; `(session, its Idempotency-Key)`.
    static func kept(accounts: [PostingAccount] = [mastodon]) -> (PostingSession, String?) {
        var session = scheduling(accounts: accounts)
        guard let (index, request) = next(&session, now: now) else { return (session, nil) }
        session.received(index, answer(200, scheduledStatus("7")), now: now)
        _ = session.nextMove(now: now)
        return (session, request.headers.first { $0.name == "Idempotency-Key" }?.value)
    }

    static func key(_ request: APIRequest?) -> String? {
        request?.headers.first { $0.name == "Idempotency-Key" }?.value
    }

    @Test func postNowWithdrawsItFromTheServerFirstThenPostsUnderANewKey() {
        var (session, firstKey) = Self.kept()
        let postNowAnswer = session.postNow(now: Self.now + 10)
        #expect(postNowAnswer)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        let withdraw = Self.next(&session, now: Self.now + 10)
        #expect(withdraw?.1.method == .delete && withdraw?.1.path == "/api/v1/scheduled_statuses/7")
        // The DELETE's answer is lost: asked again; a 404 long before its time is the first DELETE's doing.
        session.received(0, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now + 40)
        _ = session.nextMove(now: Self.now + 40)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        #expect(Self.next(&session, now: Self.now + 41)?.1.method == .delete)
        session.received(
            0, Self.answer(404, .object([.init("error", .string("Record not found"))])), now: Self.now + 41)
        let post = Self.next(&session, now: Self.now + 41)?.1
        #expect(post?.path == "/api/v1/statuses" && post?.body?["scheduled_at"] == nil)
        #expect(Self.key(post) != nil && Self.key(post) != firstKey, "the first key names the withdrawn one")
    }

    @Test func anEditWithdrawsTheOldVersionAndSchedulesTheNewOnce() {
        var (session, firstKey) = Self.kept()
        #expect(session.textIsEditable)
        _ = session.send(
            text: "Deploy OK, at last", accounts: [Self.mastodon],
            microsecondsSinceEpoch: UInt64(Self.now + 20) * 1_000_000)
        #expect(Self.next(&session, now: Self.now + 20)?.1.method == .delete, "the old version goes first")
        #expect(session.plan?.text == "Deploy OK, at last")
        session.received(0, Self.answer(200, .object([])), now: Self.now + 20)
        let again = Self.next(&session, now: Self.now + 20)?.1
        #expect(again?.body?["status"]?.string == "Deploy OK, at last")
        #expect(again?.body?["scheduled_at"]?.string == UTCTime.rfc3339(Self.time))
        #expect(Self.key(again) != firstKey)
        session.received(0, Self.answer(200, Self.scheduledStatus("8", text: "Deploy OK, at last")), now: Self.now + 21)
        #expect(session.nextMove(now: Self.now + 21) == .finished(.notYet(failures: [], waitUntil: Self.time + 60)))
        #expect(session.plan?.keptBy == [Self.mastodon.name])
        #expect(session.scheduledFor(now: Self.now + 21) == Self.time)
    }

    @Test func nothingIsWithdrawnOrChangedInTheMinuteBeforeItsTime() {
        var (session, _) = Self.kept()
        let late = Self.time - 30
        let latePostNow = session.postNow(now: late)
        #expect(!latePostNow)
        let lateWithdraw = session.withdraw(now: late)
        #expect(!lateWithdraw)
        _ = session.send(
            text: "Too late", accounts: [Self.mastodon], microsecondsSinceEpoch: UInt64(late) * 1_000_000)
        #expect(session.plan?.text == "Deploy OK", "the server may be publishing the first version")
        #expect(session.nextMove(now: late) == .finished(.notYet(failures: [], waitUntil: Self.time + 60)))
    }

    @Test func discardWithdrawsItThenAbandonsItSendingNothingElsewhere() {
        var (session, _) = Self.kept(accounts: [Self.mastodon, PostingPlanTests.bluesky])
        #expect(session.discardWarning == .keptBy([Self.mastodon.name]))
        let withdrawAnswer = session.withdraw(now: Self.now + 5)
        #expect(withdrawAnswer)
        _ = session.send(
            text: "Deploy OK", accounts: [Self.mastodon, PostingPlanTests.bluesky], microsecondsSinceEpoch: 1)
        guard let (index, request) = Self.next(&session, now: Self.time + 5) else {
            Issue.record("withdrawn")
            return
        }
        #expect(request.method == .delete && index == 0)
        session.received(index, Self.answer(200, .object([])), now: Self.time + 5)
        #expect(session.nextMove(now: Self.time + 5) == .finished(.notYet(failures: [], waitUntil: nil)))
        #expect(session.plan?.isWithdrawnEverywhere == true)
    }

    @Test func aDeleteTooLateFindsWhetherItWasPublished() {
        var (session, _) = Self.kept()
        let postNowAnswer = session.postNow(now: Self.now + 10)
        #expect(postNowAnswer)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        // Offline until after its time: the DELETE finds nothing, and nothing says why.
        _ = Self.next(&session, now: Self.time + 5)
        session.received(0, Self.answer(404, nil), now: Self.time + 5)
        #expect(Self.next(&session, now: Self.time + 5)?.1.path == "/api/v1/accounts/verify_credentials")
        session.received(0, Self.answer(200, .object([.init("id", .string("1"))])), now: Self.time + 5)
        _ = Self.next(&session, now: Self.time + 5)
        session.received(0, Self.answer(200, .array([])), now: Self.time + 5)
        // Not found yet: the server's scheduler may publish it still; asked again after that.
        let publishedBy = Self.time + Outbox.publicationDelay
        #expect(session.nextMove(now: Self.time + 5) == .finished(.notYet(failures: [], waitUntil: publishedBy)))
        for answer in [
            APIAnswer(status: 200, json: .object([.init("id", .string("1"))])),
            APIAnswer(status: 200, json: .array([])),
        ] {
            _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
            _ = Self.next(&session, now: publishedBy)
            session.received(0, .success(answer), now: publishedBy)
        }
        // Not found: cancelled there, or dropped, or (after an edit) published in its old words.
        // Only the person can tell; told it is not there, it is posted once, under a new key.
        _ = session.nextMove(now: publishedBy)
        #expect(session.undecided.map(\.index) == [0])
        session.personSays(isThere: false)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        let post = Self.next(&session, now: publishedBy + 1)?.1
        #expect(post?.path == "/api/v1/statuses" && post?.body?["scheduled_at"] == nil)
    }

    /// A DELETE that finds nothing well before its time was an earlier DELETE of ours: withdrawn.
    /// Within six minutes of its time (a clock may be off), the statuses are looked at first.
    @Test func aDeleteThatFindsNothingIsTrustedOnlyWellBeforeItsTime() {
        for (at, looksUp) in [(Self.time - 400, false), (Self.time - 200, true)] {
            var (session, _) = Self.kept()
            let postNowAnswer = session.postNow(now: Self.now + 10)
            #expect(postNowAnswer)
            _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
            _ = Self.next(&session, now: at)
            session.received(0, Self.answer(404, nil), now: at)
            let next = Self.next(&session, now: at)?.1.path
            #expect(next == (looksUp ? "/api/v1/accounts/verify_credentials" : "/api/v1/statuses"))
        }
    }

    /// Moved while both times are far enough (PUT); else withdrawn and scheduled afresh, because
    /// Mastodon has queued the publication of one due within 5 minutes.
    @Test func aStatusDueSoonIsNotMovedButWithdrawn() {
        var (session, _) = Self.kept()
        let moved = session.reschedule(to: Self.time + 3_600, now: Self.time - 300)
        #expect(moved)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        #expect(Self.next(&session, now: Self.time - 300)?.1.method == .delete)
    }

    /// Found after a crash "on its way", a post may be out whatever its look-up meets: a 401 to
    /// the look-up says nothing of the post (the explorer found it forgotten, then posted twice).
    @Test func aLookUpsRefusalAfterACrashKeepsThatThePostMayBeOut() {
        var session = PostingSession()
        _ = session.send(
            text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: UInt64(Self.now) * 1_000_000)
        _ = Self.next(&session, now: Self.now)  // the post is on its way: then the process is killed
        guard let file = session.plan?.file else {
            Issue.record("an outbox")
            return
        }
        var resumed = PostingSession(plan: PostingPlan(file: file))
        _ = resumed.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        let lookup = Self.next(&resumed, now: Self.now + 200)
        #expect(lookup?.1.path == "/api/v1/accounts/verify_credentials")
        resumed.received(
            0, Self.answer(401, .object([.init("error", .string("The access token was revoked"))])), now: Self.now + 200
        )
        _ = resumed.nextMove(now: Self.now + 200)
        #expect(resumed.plan?.mayHaveBeenSentSomewhere == true)
        #expect(!resumed.textIsEditable)
    }

    /// The kept post (status 7) given another time at now + 10, and Send pressed.
    static func moving(to time: Int64) -> PostingSession {
        var (session, _) = kept()
        let moved = session.reschedule(to: time, now: now + 10)
        #expect(moved)
        _ = session.send(text: "Deploy OK", accounts: [mastodon], microsecondsSinceEpoch: 1)
        return session
    }

    @Test func anotherTimeMovesItThereAndALostMoveIsAskedAgain() {
        let later = Self.time + 3_600
        var session = Self.moving(to: later)
        let put = Self.next(&session, now: Self.now + 10)?.1
        #expect(put?.method == .put && put?.path == "/api/v1/scheduled_statuses/7")
        #expect(put?.body?["scheduled_at"]?.string == UTCTime.rfc3339(later))
        session.received(0, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now + 40)
        _ = session.nextMove(now: Self.now + 40)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        #expect(Self.next(&session, now: Self.now + 41)?.1.method == .put, "the same move again: PUT is idempotent")
        session.received(0, Self.answer(200, Self.scheduledStatus("7", at: later)), now: Self.now + 41)
        #expect(session.nextMove(now: Self.now + 41) == .finished(.notYet(failures: [], waitUntil: later + 60)))
        #expect(session.scheduledFor(now: Self.now + 41) == later)
    }

    /// Discarded while its move's answer was lost: withdrawn, whatever the move did.
    @Test func discardedWhileItsMoveIsLostItIsWithdrawn() {
        var session = Self.moving(to: Self.time + 3_600)
        _ = Self.next(&session, now: Self.now + 10)
        session.received(0, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now + 40)
        _ = session.nextMove(now: Self.now + 40)
        let withdrawn = session.withdraw(now: Self.now + 50)
        #expect(withdrawn)
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        #expect(Self.next(&session, now: Self.now + 50)?.1.method == .delete)
        session.received(0, Self.answer(200, .object([])), now: Self.now + 50)
        _ = session.nextMove(now: Self.now + 50)
        #expect(session.plan?.isWithdrawnEverywhere == true)
    }

    /// A new time the server would refuse (or does): withdrawn there, it waits here.
    @Test func aNearNewTimeWithdrawsItThereAndItWaitsHere() {
        let soon = Self.now + 200
        var session = Self.moving(to: soon)
        #expect(Self.next(&session, now: Self.now + 10)?.1.method == .delete)
        session.received(0, Self.answer(200, .object([])), now: Self.now + 10)
        #expect(session.nextMove(now: Self.now + 10) == .finished(.notYet(failures: [], waitUntil: soon)))
        _ = session.send(text: "Deploy OK", accounts: [Self.mastodon], microsecondsSinceEpoch: 1)
        let post = Self.next(&session, now: soon)?.1
        #expect(post?.path == "/api/v1/statuses" && post?.body?["scheduled_at"] == nil)
    }

    @Test func theOutboxFileKeepsTheScheduleAndRefusesAHostileID() {
        var session = Self.scheduling()
        Self.scheduled(&session)
        guard let file = session.plan?.file else {
            Issue.record("a plan")
            return
        }
        #expect(PostingPlan(file: file)?.outbox == session.plan?.outbox)
        // Version 8 added the schedule; a later version keeps it.
        #expect(file["version"] == .integer(Outbox.fileVersion) && Outbox.fileVersion >= 8)
        for hostile: JSONValue in [.string("../7"), .integer(7), .string("")] {
            #expect(PostingPlan(file: Self.replacingFirstDelivery(file, "scheduledID", with: hostile)) == nil)
        }
        #expect(PostingPlan(file: Self.replacingFirstDelivery(file, "serverTime", with: .string("soon"))) == nil)
    }

    /// `file` with the first delivery's `name` set to `value`.
    static func replacingFirstDelivery(_ file: JSONValue, _ name: String, with value: JSONValue) -> JSONValue {
        guard case .object(let members) = file else { return file }
        return .object(
            members.map { member in
                guard member.name == "deliveries", case .array(let deliveries) = member.value,
                    case .object(let fields) = deliveries[0]
                else { return member }
                let changed = fields.map { $0.name == name ? JSONValue.Member(name, value) : $0 }
                return JSONValue.Member("deliveries", .array([.object(changed)] + deliveries.dropFirst()))
            })
    }
}
