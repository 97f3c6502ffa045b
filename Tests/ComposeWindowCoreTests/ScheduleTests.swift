import Foundation
import Testing

@testable import ComposeWindowCore

/// `--at` and a scheduled post: the time read strictly (anything else is one line), and a post
/// scheduled waits in the outbox, nothing of it leaving, until its time.
@Suite struct ScheduleTests {
    static let now = PostingPlanTests.now  // 2026-12-02T07:30:00Z

    @Test func iso8601WithAnOffsetOrZIsThatInstant() throws {
        #expect(try ScheduleTime.parse("2026-12-02T08:40:00Z", now: Self.now) == Self.now + 4_200)
        #expect(try ScheduleTime.parse("2026-12-02T16:40+08:00", now: Self.now) == Self.now + 4_200)
        #expect(try ScheduleTime.parse("2026-12-02 03:40-05:00", now: Self.now) == Self.now + 4_200)
    }

    @Test func withoutAnOffsetItIsLocalTime() throws {
        let read = try ScheduleTime.parse("2026-12-03T09:30", now: Self.now)
        // What the same wall-clock time is in this process's zone, by Foundation's own reckoning.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let expected = calendar.date(from: DateComponents(year: 2026, month: 12, day: 3, hour: 9, minute: 30))!
        #expect(read == Int64(expected.timeIntervalSince1970))
    }

    @Test func sendLatersDayAndTimeAreLocalAndADayTheMonthLacksIsNone() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let expected = calendar.date(from: DateComponents(year: 2026, month: 12, day: 24, hour: 18, minute: 5))!
        #expect(
            ScheduleTime.local(year: 2026, month: 12, day: 24, hour: 18, minute: 5)
                == Int64(expected.timeIntervalSince1970))
        #expect(ScheduleTime.local(year: 2027, month: 2, day: 29, hour: 9, minute: 0) == nil)
        #expect(ScheduleTime.local(year: 2026, month: 13, day: 1, hour: 9, minute: 0) == nil)
        #expect(ScheduleTime.local(year: 2026, month: 12, day: 1, hour: 24, minute: 0) == nil)
    }

    @Test func sendLaterOffersAnHourAheadOnAQuarterAndRefusesThePastAndTheFarOff() {
        let offered = ScheduleTime.suggestion(now: Self.now + 1)
        #expect(offered >= Self.now + 3_601 && offered < Self.now + 3_601 + 900)
        #expect(offered % 900 == 0)
        #expect(ScheduleTime.suggestion(now: Self.now) == Self.now + 3_600, "on a quarter already")
        #expect(ScheduleTime.problem(Self.now, now: Self.now) == .past)
        #expect(ScheduleTime.problem(Self.now + 1, now: Self.now) == nil)
        #expect(ScheduleTime.problem(Self.now + ScheduleTime.furthestSeconds, now: Self.now) == nil)
        #expect(ScheduleTime.problem(Self.now + ScheduleTime.furthestSeconds + 1, now: Self.now) == .tooFar)
    }

    @Test func aClockTimeIsTheNextOne() throws {
        let read = try ScheduleTime.parse("9:05", now: Self.now)
        #expect(read > Self.now && read <= Self.now + 86_400)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let parts = calendar.dateComponents([.hour, .minute, .second], from: Date(timeIntervalSince1970: Double(read)))
        #expect(parts.hour == 9 && parts.minute == 5 && parts.second == 0)
    }

    @Test(arguments: [
        "", "tomorrow", "25:00", "12:60", "9", "12:5:00", "2026-02-30T09:00", "2026-13-01T09:00",
        "2026-12-03T09:00+15:00", "2026-12-03T09:00:61", "２０２６-12-03T09:00", "2026-12-03T09:00 ", "-1",
        "99999999999", "2026-12-03T09:00+08",
    ])
    func anythingElseIsRefusedInOneLine(_ text: String) {
        let trimmedValid = text == "2026-12-03T09:00 "  // spaces around are forgiven
        do {
            _ = try ScheduleTime.parse(text, now: Self.now)
            #expect(trimmedValid, "“\(text)” read as a time")
        } catch {
            #expect(!trimmedValid)
            #expect(error.description.hasPrefix("--at: ") && !error.description.contains("\n"))
        }
    }

    /// A time needs a network compose-window posts to: standard output, the clipboard or a compose
    /// page would release an embargoed text at once (#61). From the desktop, Send checks the choice.
    @Test func atWithoutANetworkIsRefusedInOneLine() throws {
        func parsed(_ values: [String: String], _ flags: Set<String> = []) throws(ComposeOptions.UsageError)
            -> ComposeOptions
        {
            try ComposeOptions(values: values.asOptions, flags: flags.asOptions, standardInputIsTerminal: true)
        }
        for values in [["at": "23:59", "text": "x"], ["at": "23:59", "to": "stdout"], ["at": "23:59", "to": "x"]] {
            #expect(throws: ComposeOptions.UsageError.self, "\(values)") { try parsed(values) }
            do {
                _ = try parsed(values)
            } catch {
                #expect(error.description.hasPrefix("--at: ") && !error.description.contains("\n"))
            }
        }
        #expect(try parsed(["at": "23:59", "to": "mastodon"]).scheduledAt != nil)
        #expect(try parsed(["at": "23:59", "to": "bluesky"]).scheduledAt != nil)
        #expect(try parsed(["at": "23:59"], ["desktop"]).scheduledAt != nil, "the window asks where to")
    }

    @Test func thePastAndMoreThanAYearAheadAreRefused() {
        #expect(throws: ComposeOptions.UsageError.self) { try ScheduleTime.parse("2026-12-02T07:00Z", now: Self.now) }
        #expect(throws: ComposeOptions.UsageError.self) { try ScheduleTime.parse("2028-12-02T14:00Z", now: Self.now) }
    }

    @Test func aScheduledPostWaitsWholeUntilItsTime() throws {
        var session = PostingSession()
        let at = Self.now + 3_600
        _ = session.send(
            text: "Later", images: PostingPlanImagesTests.images, accounts: [PostingPlanTests.mastodon],
            scheduledAt: at, microsecondsSinceEpoch: UInt64(Self.now) * 1_000_000)
        let waiting = session.nextMove(now: Self.now)
        #expect(waiting == .finished(.notYet(failures: [], waitUntil: at)))
        #expect(session.scheduledFor(now: Self.now) == at)
        #expect(!session.countingDown, "no Undo countdown")
        #expect(session.textIsEditable, "a scheduled post stays editable until it leaves")
        // Read back (as --deliver reads it) and sent at its time: the first image goes first.
        let recorded = try #require(session.plan)
        let read = try #require(PostingPlan(file: recorded.file))
        var delivering = PostingSession(plan: read)
        _ = delivering.send(
            text: "Later", images: PostingPlanImagesTests.images, accounts: [PostingPlanTests.mastodon],
            microsecondsSinceEpoch: 1)
        let early = delivering.nextMove(now: at - 1)
        #expect(early == .finished(.notYet(failures: [], waitUntil: at)), "never before its time")
        _ = delivering.send(
            text: "Later", images: PostingPlanImagesTests.images, accounts: [PostingPlanTests.mastodon],
            microsecondsSinceEpoch: 1)
        let due = delivering.nextMove(now: at)
        #expect(due == .prepare(index: 0, image: 0))
        #expect(delivering.scheduledFor(now: at) == nil)
    }
}
