/// The posting session of one window: what Send, Retry, an edit, Discard, closing, signing in again
/// and switching account mean, given the text, the outbox and what each network is known to hold.
/// The window shows its state and forwards what the person does; the app drives the run it asks for
/// (`nextMove`, `willSend`, `received`) and writes the outbox whenever `plan` changes.
///
/// Its rules (docs/compose-window.md has them as a table):
/// - knowledge only grows (Outbox): "may have it" stays until a lookup or the network settles it;
/// - Send and Retry always do something the person sees: a request, a wait with its time, or a
///   failure in words; every failure is tried again, with the same keys;
/// - while a network may have the post without saying so, the text cannot be edited (the window
///   says why): what is looked up is what was sent, and an edit can never go out in its place;
/// - once no network may have it unsaid, an edit is the post for every network that does not have
///   it; a network that confirmed keeps what it has and is never sent the edit;
/// - Discard abandons the post (the window confirms first, saying where it may already be).
package struct PostingSession: Hashable, Sendable {
    package private(set) var plan: PostingPlan?
    /// A run (Send or Retry) is on its way.
    package private(set) var isPosting = false
    /// The person changed the post (its text, images or options) since the last run ended.
    package private(set) var editedSinceRun = false
    /// Undo Send's countdown is on: the post is in the outbox and nothing of it has left; Undo
    /// takes it back. The text cannot be edited meanwhile (what goes is what Send was given).
    package private(set) var countingDown = false

    package init(plan: PostingPlan? = nil) {
        self.plan = plan
    }

    /// The text a window opened on this session's outbox shows, given the saved draft: the draft
    /// when the person may edit (it holds their last edit, say after a refusal), the post itself
    /// while a network may have it (what is looked up is what was sent; the draft is the same text,
    /// because editing stopped when the post left).
    package func resumedText(draft: String?) -> String? {
        guard let plan else { return draft }
        // A post a server kept could be edited after it left: the edit is the person's, kept.
        if textIsEditable || plan.wasKeptByAServer, let draft, !draft.isEmpty { return draft }
        return plan.text
    }

    /// Whether the person may change the text now: not while a network may have the post unsaid,
    /// nor while a network holds part of a thread (the rest goes as it was split).
    package var textIsEditable: Bool {
        !isPosting && !countingDown
            && !(plan.map { $0.mayHaveBeenSentSomewhere || $0.isHalfPosted || $0.outbox.hasLeftASchedule } ?? false)
    }

    /// What Send (or Retry) does.
    package enum SendResult: Equatable, Sendable {
        /// A run starts: the first requests of a new post, the same post again with its keys, or
        /// the edited text for the networks that do not have the post.
        case run
        /// A run is already on its way (the window says "Posting…").
        case stillPosting
        /// Every network has it: the window finishes with these links.
        case alreadyPosted([String])
        /// These accounts cannot answer the post replied to as it was found (another server's or
        /// network's): nothing starts, and the window says so.
        case cannotAnswer([String])
    }

    /// Send with the window's `text`, `images` and `options`, to `accounts` (one per network, as
    /// chosen now); `parts`: each network's thread, where the text is one (ThreadSplitter's parts);
    /// `replyTo`: the post it answers (kept with the post, whatever a later Send says).
    /// `undoSeconds`: a new post waits that long in the outbox, nothing of it leaving, for Undo
    /// (`undoSend`); `scheduledAt`: a new post waits until then (Send later, `--at`), when
    /// `--deliver` or a window sends it; a post already in the outbox goes as it stands.
    /// `serverKeepsTime`: Mastodon is given the time, where it can keep it (Outbox+ServerSchedule).
    package mutating func send(
        text: String, images: [PostImage] = [], options: PostOptions = PostOptions(), accounts: [PostingAccount],
        parts: [PostingAccount.Network: [String]] = [:], replyTo: ReplyParent? = nil, undoSeconds: Int = 0,
        scheduledAt: Int64? = nil, serverKeepsTime: Bool = false, microsecondsSinceEpoch: UInt64
    ) -> SendResult {
        guard !isPosting else { return .stillPosting }
        editedSinceRun = false
        guard var current = plan else {
            var new = PostingPlan(
                text: text, images: images, options: options, accounts: accounts, parts: parts, replyTo: replyTo,
                microsecondsSinceEpoch: microsecondsSinceEpoch)
            let refused = new.accountsThatCannotAnswer(accounts)
            guard refused.isEmpty else { return .cannotAnswer(refused.map(\.name)) }
            if let scheduledAt {
                new.outbox.hold = Outbox.Hold(until: scheduledAt, kind: .scheduled)
                if serverKeepsTime {
                    new.outbox.scheduleOnServer(at: scheduledAt, now: Int64(microsecondsSinceEpoch / 1_000_000))
                }
            } else if undoSeconds > 0 {
                let now = Int64(microsecondsSinceEpoch / 1_000_000)
                new.outbox.hold = Outbox.Hold(
                    until: now + Int64(min(undoSeconds, UndoSend.longestSeconds)), kind: .undoSend)
            }
            plan = new
            return startRun()
        }
        if current.isConfirmedEverywhere { return .alreadyPosted(current.links) }
        // Undo's seconds belong to the window that counted them: a post resumed from the outbox
        // (that window closed) goes when the person presses Send.
        if !countingDown, current.outbox.hold?.kind == .undoSend { current.outbox.hold = nil }
        // An edit goes out only where nothing may be out; otherwise the post is settled first (the
        // window kept the text read-only, so it can differ only in what it never accepted).
        if !current.posts(text: text, images: images, options: options, parts: parts),
            let edited = current.replacingContent(
                text: text, images: images, options: options, parts: parts,
                microsecondsSinceEpoch: microsecondsSinceEpoch)
        {
            current = edited
        }
        // The post found again through the account now chosen (another server's) is answered as
        // that server calls it, while none of it has gone; found through another account's
        // server, it changes nothing.
        var reassigned = current
        if let replyTo, accounts.contains(where: { replyTo.answered(by: $0) == .asFound }),
            let found = current.answering(replyTo)
        {
            reassigned = found
        }
        for account in accounts { reassigned.reassign(account) }
        let refused = reassigned.accountsThatCannotAnswer(accounts, before: current)
        guard refused.isEmpty else {
            plan = current
            return .cannotAnswer(refused.map(\.name))
        }
        plan = reassigned
        return startRun()
    }

    private mutating func startRun() -> SendResult {
        isPosting = true
        countingDown = false
        plan?.startRun()
        return .run
    }

    /// What the app does next in a run.
    package enum Move: Equatable, Sendable {
        /// A request for delivery `index`: the app finds its credentials (or calls `notSignedIn`),
        /// makes it with `plan.request(for:…)`, calls `willSend`, writes the outbox and sends it,
        /// after `delayMilliseconds` (while Mastodon processes an image).
        case send(index: Int, delayMilliseconds: Int)
        /// Image `image` is to be made to fit delivery `index`'s network (`plan.imageToPrepare`),
        /// off the main thread; then `prepared` or `preparingFailed`, and the outbox written.
        case prepare(index: Int, image: Int)
        /// The run is over.
        case finished(Outcome)
    }

    package enum Outcome: Equatable, Sendable {
        /// Every network has the post: its links, in the order given.
        case posted([String])
        /// Not everywhere yet: each failure (the network's index and why), and when a network that
        /// asked to wait or may still be working can be asked again (the app retries by itself then).
        case notYet(failures: [Failure], waitUntil: Int64?)
    }

    package struct Failure: Equatable, Sendable {
        package let index: Int
        package let network: PostingAccount.Network
        package let failure: DeliveryFailure
        /// Which post of the network's thread failed, and of how many (1 of 1: a single post).
        package var part = 1
        package var parts = 1
    }

    package mutating func nextMove(now: Int64) -> Move {
        guard isPosting, var current = plan else { return .finished(outcome(waitUntil: nil)) }
        let step = current.step(now: now)
        plan = current
        switch step {
        case .request(let index):
            return .send(index: index, delayMilliseconds: current.delayBeforeRequest(index, now: now))
        case .prepare(let index, let image): return .prepare(index: index, image: image)
        case .finished(let waitUntil):
            isPosting = false
            countingDown = current.isHeldForUndo(now: now)
            return .finished(outcome(waitUntil: waitUntil))
        }
    }

    private func outcome(waitUntil: Int64?) -> Outcome {
        guard let plan else { return .notYet(failures: [], waitUntil: nil) }
        if plan.isConfirmedEverywhere { return .posted(plan.links) }
        let failures = plan.deliveryIndices.compactMap { index in
            plan.failure(index).map {
                Failure(
                    index: index, network: plan.network(index), failure: $0, part: plan.part(index).number,
                    parts: plan.part(index).of)
            }
        }
        return .notYet(failures: failures, waitUntil: waitUntil)
    }

    package mutating func willSend(_ index: Int, now: Int64) { plan?.willSend(index, now: now) }
    package mutating func received(_ index: Int, _ result: Result<APIAnswer, PostingPlan.NoAnswer>, now: Int64) {
        plan?.received(index, result, now: now)
    }
    package mutating func notSignedIn(_ index: Int, now: Int64) { plan?.notSignedIn(index, now: now) }
    package mutating func prepared(_ index: Int, image: Int, _ prepared: PreparedImage) {
        plan?.prepared(index, image: image, prepared)
    }
    package mutating func preparingFailed(_ index: Int, image: Int, reason: String, now: Int64) {
        plan?.preparingFailed(index, image: image, reason: reason, now: now)
    }

    /// The statuses a look-up could not decide on and shows the person: their links (nil: none
    /// to show), by delivery.
    package var undecided: [(index: Int, link: String?)] {
        guard let plan, !isPosting else { return [] }
        return plan.outbox.deliveries.indices.compactMap { index in
            if case .failed(.cannotTell(let link, _)) = plan.outbox.deliveries[index].state {
                (index, link)
            } else {
                nil
            }
        }
    }

    /// Whether a post waits on the person because what it answers was deleted.
    package var parentIsGone: Bool {
        guard let plan, !isPosting else { return false }
        return plan.deliveryIndices.contains { plan.failure($0) == .parentGone }
    }

    /// The person chose to post what answered a deleted post without answering it.
    package mutating func postWithoutParent() {
        guard !isPosting, var current = plan else { return }
        for index in current.deliveryIndices { current.outbox.detach(index) }
        plan = current
    }

    /// The person's answer to each undecided look-up: the status shown is this post (only where
    /// one was shown), or the network does not have it and the next Send posts it with its key.
    package mutating func personSays(isThere: Bool) {
        guard !isPosting, var current = plan else { return }
        for (index, _) in undecided { current.personSays(index, isThere: isThere) }
        plan = current
    }

    /// The person changed the post after a run ended (nothing changes it during one).
    package mutating func edited() {
        if !isPosting { editedSinceRun = true }
    }

    /// Whether a retry the window promised ("tries again at …") may go by itself: not once the
    /// person edited, because the edit is their post now and it is half written; Send sends it.
    package var promisedRetryMayGo: Bool { !isPosting && !editedSinceRun }

    /// When a scheduled post goes, while it waits for that time with nothing of it sent (seconds
    /// since the epoch); nil otherwise.
    package func scheduledFor(now: Int64) -> Int64? {
        guard !isPosting, let plan, let hold = plan.outbox.hold, hold.kind == .scheduled, hold.until > now,
            plan.outbox.waitsForItsTime
        else { return nil }
        return hold.until
    }

    /// "Post now" on a scheduled post: it goes at the next Send instead of at its time (a server
    /// that keeps it withdraws it first). False once something of it has left, when it is not
    /// scheduled, or when its server may be publishing it.
    package mutating func postNow(now: Int64) -> Bool {
        guard !isPosting, var current = plan, current.outbox.hold?.kind == .scheduled, current.outbox.waitsForItsTime,
            current.outbox.canWithdraw(now: now)
        else { return false }
        current.outbox.hold = nil
        current.outbox.withdrawFromServers()
        current.outbox.postsFromHere()
        plan = current
        return true
    }

    /// Send later… on a scheduled post: it goes at `time` instead (the next Send moves it on a
    /// server that keeps it). False while anything else of it is unsettled, or too near its time.
    package mutating func reschedule(to time: Int64, now: Int64) -> Bool {
        guard !isPosting, var current = plan, current.outbox.hold?.kind == .scheduled, current.outbox.waitsForItsTime,
            current.outbox.canWithdraw(now: now), time > now
        else { return false }
        current.outbox.reschedule(to: time, now: now)
        plan = current
        return true
    }

    /// Discard of a post a server keeps: the next Send withdraws it there, and then the post is
    /// abandoned (`plan.isWithdrawnEverywhere`). False when no server keeps it, or too near its time.
    package mutating func withdraw(now: Int64) -> Bool {
        guard !isPosting, var current = plan, current.isKeptByAServer, current.withdraw(now: now) else { return false }
        plan = current
        return true
    }

    /// When Undo Send's countdown ends and the post goes (seconds since the epoch); nil: none is on.
    package var undoDeadline: Int64? { countingDown ? plan?.outbox.hold?.until : nil }

    /// Undo during the countdown: the post is taken back whole, as if Send had not been pressed
    /// (the app removes its outbox entry; the window keeps the text). False when it is too late:
    /// the countdown is over or something of the post has left.
    package mutating func undoSend() -> Bool {
        guard !isPosting, countingDown, let plan, plan.outbox.nothingHasLeft else { return false }
        self.plan = nil
        countingDown = false
        return true
    }

    /// The process is gone (a crash, a kill): a run on its way is not any more.
    package mutating func runInterrupted() { isPosting = false }

    /// What Discard's confirmation says before the post is abandoned.
    package enum DiscardWarning: Equatable, Sendable {
        /// No network has it: the text and its draft go.
        case nothingSent
        /// These accounts may have it without having said so: it may stay there.
        case mayBeOn([String])
        /// These networks have it, at these links (the rest never will).
        case isOn([String])
        /// A run is on its way: Discard waits for it (a request cannot be called back).
        case stillPosting
        /// These accounts' servers keep it for its time: Discard withdraws it there first.
        case keptBy([String])
    }

    package var discardWarning: DiscardWarning {
        guard !isPosting else { return .stillPosting }
        guard let plan else { return .nothingSent }
        if plan.isKeptByAServer { return .keptBy(plan.outbox.scheduledOnServers) }
        if plan.mayHaveBeenSentSomewhere { return .mayBeOn(plan.accountsThatMayHaveIt) }
        return plan.links.isEmpty ? .nothingSent : .isOn(plan.links)
    }

    /// The person confirmed Discard: the post is abandoned (the app removes its outbox and draft).
    /// False while a run is on its way.
    package mutating func discard() -> Bool {
        guard !isPosting else { return false }
        plan = nil
        return true
    }
}
