@testable import ComposeWindowCore

/// Scheduled posts and Undo Send in the explorer's world: the timer's `--deliver` (a process of its
/// own, which takes the draft's lock, so a window cannot hold the post meanwhile and a second timer
/// finds it taken), Post now, Undo, and the window that closes once Send has scheduled the post.
extension PostingWorld {
    /// `--deliver`: nothing unless the post is scheduled and due; then the post is resumed from the
    /// outbox and sent as Send sends it, the process ending when its run does.
    mutating func deliver() -> String? {
        guard session == nil, let plan = outbox, let hold = plan.outbox.hold, hold.kind != .undoSend,
            hold.until <= now, !plan.isConfirmedEverywhere
        else { return nil }
        session = PostingSession(plan: plan)
        text = plan.text
        delivering = true
        return send()
    }

    /// `--deliver`'s run is over without every network: the process exits, the post stays due in
    /// the outbox for the next timer (which it arms again where a network asked to wait).
    mutating func deliveryEnds() {
        guard delivering, inFlight == nil, session?.isPosting != true, ended == nil else { return }
        session = nil
        delivering = false
        retryAt = nil
    }

    mutating func postNow() -> String? {
        guard var session, session.postNow(now: now) else { return nil }
        self.session = session
        notBefore = nil
        return send()
    }

    /// Undo during the countdown: the post's entry goes, nothing of it having left.
    mutating func undo() {
        guard var session, session.undoSend() else { return }
        self.session = session
        outbox = nil
        retryAt = nil
        heldAtUndo = networks.map(\.held).reduce(0, +)
    }

    /// Send scheduled the post: the window closes (exit 0), the post waiting in the outbox of its
    /// own draft.
    mutating func scheduledWindowCloses() {
        guard !delivering, let session, !session.isPosting,
            let time = session.scheduledFor(now: now)
                ?? (session.plan?.isKeptByAServer == true && session.plan?.failure(0) == nil ? retryAt : nil)
        else { return }
        if walksTime { deliveryTimer = time }
        draft = text
        self.session = nil
        retryAt = nil
    }

    /// Send later… on the scheduled post: ten minutes after its time, then Send. Nothing may be
    /// published before the earlier of the two times: a move the server never got leaves the first.
    mutating func reschedule() -> String? {
        guard var session, let time = session.scheduledFor(now: now), session.reschedule(to: time + 600, now: now)
        else { return nil }
        self.session = session
        outbox = Self.readBack(session.plan)
        return send()
    }
}
