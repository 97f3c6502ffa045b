import Foundation
import Testing

@testable import ComposeWindowCore

/// What the timer's `--deliver` takes and what the timer is: only scheduled posts whose time has
/// come and that are not yet everywhere; a draft held by a window left to it; systemd's units
/// with the time in UTC, persistent, and every path quoted as systemd reads it.
@Suite struct ScheduledDeliveryTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("deliver-\(UUID().uuidString)").path
    var environment: [String: String] {
        ["XDG_STATE_HOME": root + "/state", "XDG_CONFIG_HOME": root + "/config", "HOME": "/nonexistent"]
    }
    static let now = OutboxTests.now

    private func save(_ post: Outbox, as name: String, files: DraftCatalogTests.Files) throws {
        try OutboxStore(draftName: name, environment: environment).save(files.text(of: post.json))
    }

    @Test func onlyScheduledPostsWhoseTimeHasComeAreDue() throws {
        let files = DraftCatalogTests.Files()
        var due = OutboxTests.crossPost()
        due.hold = Outbox.Hold(until: Self.now, kind: .scheduled)
        try save(due, as: "scheduled-due", files: files)
        var later = OutboxTests.crossPost()
        later.hold = Outbox.Hold(until: Self.now + 1, kind: .scheduled)
        try save(later, as: "scheduled-later", files: files)
        var countingDown = OutboxTests.crossPost()
        countingDown.hold = Outbox.Hold(until: Self.now - 60, kind: .undoSend)
        try save(countingDown, as: "default", files: files)
        try save(OutboxTests.crossPost(), as: "waiting", files: files)
        var posted = OutboxTests.crossPost()
        posted.hold = Outbox.Hold(until: Self.now - 60, kind: .scheduled)
        posted.lookedUp(0, foundAt: "https://mastodon.social/@alice/1")
        posted.lookedUp(1, foundAt: "https://bsky.app/profile/alice.bsky.social/post/3kzzzzzzzzzz2")
        try save(posted, as: "scheduled-posted", files: files)
        // A sign-in refused when it was scheduled is still due at its time (#61: it was skipped);
        // one `--deliver` has told the person about is theirs until their own Send or Retry.
        var refusedEarlier = OutboxTests.crossPost()
        refusedEarlier.hold = Outbox.Hold(until: Self.now - 60, kind: .scheduled)
        refusedEarlier.received(0, .failure(.signInAgain), now: Self.now - 3_600)
        try save(refusedEarlier, as: "scheduled-refused-earlier", files: files)
        var asked = refusedEarlier
        asked.askedThePersonAt = Self.now - 30
        try save(asked, as: "scheduled-asked", files: files)

        #expect(
            DraftCatalog.duePosts(environment: environment, now: Self.now, parseJSON: files.parse) == [
                "scheduled-due", "scheduled-refused-earlier",
            ])
        #expect(
            DraftCatalog.duePosts(environment: environment, now: Self.now + 1, parseJSON: files.parse) == [
                "scheduled-due", "scheduled-later", "scheduled-refused-earlier",
            ])
        // The file keeps when the person was told.
        #expect(Outbox(json: asked.json)?.askedThePersonAt == Self.now - 30)
    }

    /// After a run that did not post (#61): a minute on, then half the time overdue, at most an
    /// hour, never before a server's Retry-After; what only the person can settle is theirs, and
    /// everything else is time's.
    @Test func aFailureIsTriedAgainLaterEachTimeUnlessOnlyThePersonCanSettleIt() {
        let due = Self.now
        #expect(DeliveryFollowUp.retryTime(due: due, retryAt: nil, now: due) == due + 60)
        #expect(DeliveryFollowUp.retryTime(due: due, retryAt: nil, now: due + 600) == due + 900)
        #expect(DeliveryFollowUp.retryTime(due: due, retryAt: nil, now: due + 86_400) == due + 86_400 + 3_600)
        #expect(DeliveryFollowUp.retryTime(due: due, retryAt: due + 5_000, now: due) == due + 5_000)
        #expect(DeliveryFollowUp.retryTime(due: .max, retryAt: nil, now: .min) > .min, "no trap")
        let person: [DeliveryFailure] = [
            .signInAgain, .scopesMissing, .cannotTell(link: nil, id: nil), .refused(status: 422, message: "x"),
            .parentGone, .imageUnusable(path: "/a", reason: "b"),
        ]
        let time: [DeliveryFailure] = [
            .notSent(.noNetwork), .outcomeUnknown(.timeout), .serverError(status: 503),
            .rateLimited(retryAfterSeconds: 30), .stillProcessing,
        ]
        // A window holding the post at its time tries again by itself after a transient failure.
        var session = PostingSession()
        _ = session.send(
            text: "Later", accounts: [PostingPlanTests.mastodon], scheduledAt: due,
            microsecondsSinceEpoch: UInt64(due - 3_600) * 1_000_000)
        var plan = session.plan!
        #expect(DeliveryFollowUp.windowRetry(plan, now: due - 1) == due, "at its time, not before")
        plan.outbox.received(0, .failure(.notSent(.noNetwork)), now: due)
        #expect(DeliveryFollowUp.windowRetry(plan, now: due) == due + 60)
        plan.outbox.received(0, .failure(.signInAgain), now: due)
        #expect(DeliveryFollowUp.windowRetry(plan, now: due) == nil, "the person's to settle")
        #expect(person.allSatisfy { $0.needsThePerson })
        #expect(!time.contains { $0.needsThePerson })
    }

    /// Found by the explorer walking time (ScheduledTimeExplorerTests): a machine that woke
    /// without its network, hours after the post's time, is looked at a minute on, not after the
    /// back-off for servers that answered; a window opened on a due post posts it and a window
    /// closed on it hands it back to the timer; whoever starts its run arms the timer first.
    @Test func aPostDueIsNeverLeftToAProcessThatCannotPostIt() {
        let due = Self.now
        var session = PostingSession()
        _ = session.send(
            text: "Later", accounts: [PostingPlanTests.mastodon], scheduledAt: due,
            microsecondsSinceEpoch: UInt64(due - 3_600) * 1_000_000)
        var plan = session.plan!
        let woke = due + 8 * 3_600
        #expect(!DeliveryFollowUp.isDueWhenAWindowOpens(plan, now: due - 1), "its window waits for its time")
        #expect(DeliveryFollowUp.whenAWindowCloses(plan, now: due - 1) == nil, "its timer was armed at Send")
        #expect(DeliveryFollowUp.beforeAWindowsRun(plan, now: due - 1) == nil)
        #expect(DeliveryFollowUp.isDueWhenAWindowOpens(plan, now: woke))
        #expect(DeliveryFollowUp.whenAWindowCloses(plan, now: woke) == woke + 60)
        #expect(DeliveryFollowUp.beforeAWindowsRun(plan, now: woke) == woke + 60)
        #expect(DeliveryFollowUp.ifThisRunDies(now: woke) == woke + 60)
        plan.outbox.received(0, .failure(.notSent(.noNetwork)), now: woke)
        #expect(DeliveryFollowUp.after(plan, retryAt: nil, now: woke) == .retry(at: woke + 60), "not an hour on")
        #expect(DeliveryFollowUp.withoutNetwork(now: woke) == woke + 60)
        plan.outbox.received(0, .failure(.notSent(.nameNotResolved)), now: woke)
        #expect(DeliveryFollowUp.after(plan, retryAt: nil, now: woke) == .retry(at: woke + 60), "offline: no name")
        #expect(
            DeliveryFollowUp.after(plan, retryAt: nil, now: woke, networkIsUp: true) == .retry(at: woke + 3_600),
            "a name that does not resolve with the network up: that server's, backed off")
        plan.outbox.received(0, .failure(.notSent(.connectionRefused)), now: woke)
        #expect(
            DeliveryFollowUp.after(plan, retryAt: nil, now: woke) == .retry(at: woke + 3_600), "refused: backed off")
        #expect(DeliveryFollowUp.ifLeftUndone(plan, now: woke) == woke + 3_600, "a window holding it: the back-off")
        plan.outbox.received(0, .failure(.serverError(status: 503)), now: woke)
        #expect(DeliveryFollowUp.after(plan, retryAt: nil, now: woke) == .retry(at: woke + 3_600), "a server: back-off")
        // A server that keeps the post asked to be asked at its time: then, not after a back-off.
        #expect(DeliveryFollowUp.afterRun(plan, failed: false, retryAt: woke + 10, now: woke) == .retry(at: woke + 10))
        plan.outbox.received(0, .failure(.signInAgain), now: woke)
        #expect(!DeliveryFollowUp.isDueWhenAWindowOpens(plan, now: woke), "the person's to settle, in its bar")
        #expect(DeliveryFollowUp.afterRun(plan, failed: true, retryAt: nil, now: woke) == .askThePerson)
        plan.askedThePerson(now: woke)
        #expect(DeliveryFollowUp.beforeAWindowsRun(plan, now: woke) == nil, "told: left for the person")
        #expect(!plan.outbox.isDueForDelivery(now: woke))
    }

    /// A timer set during a `--deliver` run that came due before the run ended started nothing (the
    /// one service was this run): set again for just after it, if its post is still due; one still
    /// ahead, or whose post went or waits for the person, is left alone (#61).
    @Test func aTimerThatCameDueDuringTheRunIsSetAgainForAfterIt() {
        let now: Int64 = 1_796_500_000
        let armed = ["a": now - 60, "b": now + 60, "c": now - 1, "d": now, "e": now - 5]
        let again = DeliveryFollowUp.afterThisRun(armed: armed, stillDue: ["a", "b", "d", "e"], now: now)
        #expect(again == ["a": now + 10, "d": now + 10, "e": now + 10], "c went or waits for the person; b is ahead")
        #expect(DeliveryFollowUp.afterThisRun(armed: [:], stillDue: ["a"], now: now).isEmpty, "none it set")
    }

    @Test func aDraftAWindowHoldsIsNotTakenAndOneFreeIs() throws {
        let window = try DraftLock.claim("scheduled-20261206-0900", environment: environment)
        #expect(try DraftLock.claimOnly(window.name, environment: environment) == nil)
        let free = try DraftLock.claimOnly("scheduled-20261206-1000", environment: environment)
        #expect(free?.name == "scheduled-20261206-1000")
        #expect(try DraftLock.claimOnly("scheduled-20261206-1000", environment: environment) == nil)
        withExtendedLifetime(window) {}
    }

    @Test func theTimerIsInUTCPersistentAndStartsTheOneService() {
        // 2026-12-06 09:00:00 UTC.
        let unit = DeliveryTimer.timerUnit(draft: "scheduled-20261206-1700", at: 1_796_547_600)
        #expect(unit.contains("\nOnCalendar=2026-12-06 09:00:00 UTC\n"))
        #expect(unit.contains("\nPersistent=true\n"))
        #expect(unit.contains("\nUnit=compose-window-deliver.service\n"))
        #expect(unit.contains("\nWantedBy=timers.target\n"))
        #expect(DeliveryTimer.timerName(draft: "scheduled-x") == "compose-window-deliver-scheduled-x.timer")
    }

    @Test func theServiceQuotesWhatSystemdWouldReadOtherwise() {
        let service = DeliveryTimer.serviceUnit(
            executable: "/opt/my apps/compose-window",
            environment: [
                "XDG_STATE_HOME": "/home/a/100%\"state\"\n$HOME", "XDG_CONFIG_HOME": "relative", "HOME": "/h",
            ])
        #expect(service.contains("\nExecStart=\"/opt/my apps/compose-window\" --deliver\n"))
        #expect(service.contains("\nEnvironment=\"XDG_STATE_HOME=/home/a/100%%\\\"state\\\"\\n$$HOME\"\n"))
        #expect(!service.contains("XDG_CONFIG_HOME"), "a relative folder is no folder")
        #expect(service.split(separator: "\n").count == 6, "a line break in a path stays inside its line")
    }

    @Test func installWritesTheUnitsAndTheirLinkAndRemoveTakesTheTimerAway() throws {
        #expect(
            DeliveryTimer.install(
                draft: "scheduled-a", at: Self.now + 60, executable: "/usr/bin/compose-window", environment: environment
            )
                == nil)
        let folder = root + "/config/systemd/user"
        let timer = folder + "/compose-window-deliver-scheduled-a.timer"
        #expect(try String(contentsOfFile: timer, encoding: .utf8).contains("Persistent=true"))
        #expect(FileManager.default.fileExists(atPath: folder + "/compose-window-deliver.service"))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: folder + "/timers.target.wants/compose-window-deliver-scheduled-a.timer")
                == "../compose-window-deliver-scheduled-a.timer")
        // Rescheduled: the same files, the new time.
        #expect(
            DeliveryTimer.install(
                draft: "scheduled-a", at: Self.now + 120, executable: "/usr/bin/compose-window",
                environment: environment)
                == nil)
        #expect(
            try String(contentsOfFile: timer, encoding: .utf8).contains(
                "OnCalendar=" + DeliveryTimer.calendar(Self.now + 120)))
        DeliveryTimer.remove(draft: "scheduled-a", environment: environment)
        #expect(!FileManager.default.fileExists(atPath: timer))
        #expect(
            !FileManager.default.fileExists(
                atPath: folder + "/timers.target.wants/compose-window-deliver-scheduled-a.timer"))
        #expect(FileManager.default.fileExists(atPath: folder + "/compose-window-deliver.service"), "others use it")
    }

    @Test func aFolderThatCannotBeMadeIsOneLine() {
        let blocked = ["XDG_CONFIG_HOME": "/proc/version/inside"]
        let failure = DeliveryTimer.install(
            draft: "scheduled-a", at: Self.now + 60, executable: "/usr/bin/compose-window", environment: blocked)
        #expect(failure?.contains("/proc/version/inside/systemd/user") == true)
        #expect(failure?.contains("\n") == false)
        #expect(DeliveryTimer.install(draft: "a", at: 0, executable: "/x", environment: [:]) != nil)
    }

    @Test func aScheduledPostsDraftIsNamedAfterItsLocalTime() {
        let name = ScheduleTime.draftName(for: Self.now)
        #expect(name.hasPrefix("scheduled-"))
        #expect(DraftStore.isValidName(name))
        #expect(name.count == "scheduled-20261206-0900".count)
        #expect(ScheduleTime.draftName(for: Self.now + 60) != name)
    }

    @Test func postNowTakesTheTimeAwayOnlyFromAScheduledPostNothingOfWhichLeft() {
        var session = PostingSession()
        let account = PostingPlanTests.mastodon
        _ = session.send(
            text: "Later", accounts: [account], scheduledAt: Self.now + 3_600,
            microsecondsSinceEpoch: UInt64(Self.now) * 1_000_000)
        let waiting = session.nextMove(now: Self.now)
        #expect(waiting == .finished(.notYet(failures: [], waitUntil: Self.now + 3_600)))
        #expect(session.scheduledFor(now: Self.now) == Self.now + 3_600)
        let postedNow = session.postNow(now: Self.now)
        #expect(postedNow)
        #expect(session.scheduledFor(now: Self.now) == nil)
        let again = session.postNow(now: Self.now)
        #expect(!again, "not scheduled any more")
        _ = session.send(text: "Later", accounts: [account], microsecondsSinceEpoch: UInt64(Self.now) * 1_000_000)
        let move = session.nextMove(now: Self.now)
        if case .send = move {} else { Issue.record("Post now sends at once, not \(move)") }
    }
}
