import Testing

@testable import ComposeWindowCore

/// Undo Send: after Send, a new post waits in the outbox for the countdown, nothing of it leaving
/// (not even an image); Undo takes it back whole; once the count ends it goes as any post does.
@Suite struct UndoSendTests {
    static let now = PostingPlanTests.now
    static let accounts = [PostingPlanTests.mastodon, PostingPlanTests.bluesky]

    static func counting(
        _ seconds: Int = 5, images: [PostImage] = [], accounts: [PostingAccount] = accounts
    ) -> PostingSession {
        var session = PostingSession()
        let result = session.send(
            text: "Undo me", images: images, accounts: accounts, undoSeconds: seconds,
            microsecondsSinceEpoch: UInt64(now) * 1_000_000 + 400_000)
        #expect(result == .run)
        return session
    }

    @Test func nothingLeavesBeforeTheCountEndsNotEvenAnImage() {
        var session = Self.counting(images: PostingPlanImagesTests.images)
        let move1 = session.nextMove(now: Self.now)
        #expect(move1 == .finished(.notYet(failures: [], waitUntil: Self.now + 5)))
        #expect(session.countingDown)
        #expect(session.undoDeadline == Self.now + 5)
        #expect(!session.textIsEditable, "what goes is what Send was given")
        // The window's timer at the deadline: Send again, and the first image is prepared.
        let move2 = session.send(
            text: "Undo me", images: PostingPlanImagesTests.images, accounts: Self.accounts, microsecondsSinceEpoch: 1)
        #expect(move2 == .run)
        #expect(!session.countingDown)
        let move3 = session.nextMove(now: Self.now + 4)
        #expect(
            move3 == .finished(.notYet(failures: [], waitUntil: Self.now + 5)), "a timer a second early sends nothing")
        _ = session.send(
            text: "Undo me", images: PostingPlanImagesTests.images, accounts: Self.accounts, microsecondsSinceEpoch: 1)
        let move4 = session.nextMove(now: Self.now + 5)
        #expect(move4 == .prepare(index: 0, image: 0))
    }

    @Test func undoTakesThePostBackWhole() {
        var session = Self.counting()
        _ = session.nextMove(now: Self.now)
        let undone5 = session.undoSend()
        #expect(undone5)
        #expect(session.plan == nil)
        #expect(session.textIsEditable)
        #expect(session.undoDeadline == nil)
        let undone6 = session.undoSend()
        #expect(!undone6, "once")
        // Send again starts a new post, with new keys and a new countdown.
        _ = session.send(
            text: "Undo me", accounts: Self.accounts, undoSeconds: 3,
            microsecondsSinceEpoch: UInt64(Self.now + 10) * 1_000_000)
        let move7 = session.nextMove(now: Self.now + 10)
        #expect(move7 == .finished(.notYet(failures: [], waitUntil: Self.now + 13)))
    }

    @Test func tooLateOnceTheCountEndedOrDuringARun() {
        var session = Self.counting(accounts: [PostingPlanTests.mastodon])
        let undone8 = session.undoSend()
        #expect(!undone8, "during the run that records it")
        _ = session.nextMove(now: Self.now)
        _ = session.send(text: "Undo me", accounts: [PostingPlanTests.mastodon], microsecondsSinceEpoch: 1)
        guard case .send(let index, _) = session.nextMove(now: Self.now + 5) else {
            Issue.record("the post goes once the count ends")
            return
        }
        session.willSend(index, now: Self.now + 5)
        let undone9 = session.undoSend()
        #expect(!undone9, "a request is on its way")
        session.received(index, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now + 6)
        _ = session.nextMove(now: Self.now + 6)
        let undone10 = session.undoSend()
        #expect(!undone10, "it may be on the network: Undo cannot call it back")
        #expect(session.plan != nil)
    }

    @Test func theHoldSurvivesTheFileAndANewerHoldIsNotReadAsNone() throws {
        var session = Self.counting()
        _ = session.nextMove(now: Self.now)
        let plan = try #require(session.plan)
        let read = try #require(PostingPlan(file: plan.file))
        #expect(read.outbox == plan.outbox)
        #expect(read.isHeldForUndo(now: Self.now + 4))
        #expect(!read.isHeldForUndo(now: Self.now + 5))
        #expect(read.wasTakenBackUnsent, "closed during the countdown: never posted")
        // A hold this version cannot read leaves the entry unreadable, never posted at once.
        guard case .object(var members) = plan.file else { return }
        members.removeAll { $0.name == "hold" }
        members.append(.init("hold", .object([.init("until", .integer(5)), .init("kind", .string("someday"))])))
        #expect(PostingPlan(file: .object(members)) == nil)
    }

    /// The window that counted closed: the next one's Send posts at once, the hold its own no more.
    @Test func aResumedPostGoesWhenSendIsPressed() throws {
        var counting = Self.counting(accounts: [PostingPlanTests.mastodon])
        _ = counting.nextMove(now: Self.now)
        let recorded = try #require(counting.plan)
        let read = try #require(PostingPlan(file: recorded.file))
        var resumed = PostingSession(plan: read)
        let result = resumed.send(text: "Undo me", accounts: [PostingPlanTests.mastodon], microsecondsSinceEpoch: 1)
        #expect(result == .run)
        let move = resumed.nextMove(now: Self.now + 1)
        #expect(move == .send(index: 0, delayMilliseconds: 0))
    }

    @Test func noCountdownWithoutSecondsAndTheSettingIsBounded() {
        var session = Self.counting(0)
        let move11 = session.nextMove(now: Self.now)
        #expect(move11 == .send(index: 0, delayMilliseconds: 0))
        #expect(UndoSend.seconds(setting: nil, fromDesktop: true, noDelay: false) == 5)
        #expect(UndoSend.seconds(setting: 12, fromDesktop: true, noDelay: false) == 12)
        #expect(UndoSend.seconds(setting: 99, fromDesktop: true, noDelay: false) == 30)
        #expect(UndoSend.seconds(setting: -4, fromDesktop: true, noDelay: false) == 0)
        #expect(UndoSend.seconds(setting: 12, fromDesktop: false, noDelay: false) == 0, "scripts: none")
        #expect(UndoSend.seconds(setting: 12, fromDesktop: true, noDelay: true) == 0)
        var long = Self.counting(3_600)
        let move12 = long.nextMove(now: Self.now)
        #expect(move12 == .finished(.notYet(failures: [], waitUntil: Self.now + 30)))
    }
}
