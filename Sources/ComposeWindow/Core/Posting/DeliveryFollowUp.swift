/// What `--deliver` does with a scheduled post that did not go everywhere in its run (#61). A
/// failure that time or the network settles (no network, a timeout, 5xx, 429, a window holding
/// it) is tried again, later each time; one only the person can settle (sign in again, missing
/// scopes, a look-up that cannot tell, a refusal) is said once, by a notification that opens the
/// post, and no run asks the server again until the person has seen it. Nothing retries for ever
/// unseen, nor gives up unsaid.
package enum DeliveryFollowUp: Equatable, Sendable {
    /// Tried again at this time (its timer, and the first start after it).
    case retry(at: Int64)
    /// Said once; the post waits in the outbox for the person (`askedThePerson`: DraftCatalog.duePosts
    /// skips it until the person's own Send or Retry).
    case askThePerson

    /// The first retry comes after a minute; each later one after half the time the post is
    /// overdue, up to an hour: a machine just awake gets its network back within the first few.
    static let shortestWait: Int64 = 60
    static let longestWait: Int64 = 3_600

    /// After a run of `plan` at `now` that did not post it everywhere; `retryAt` is when a
    /// network asked to be asked again (Retry-After), which is never overtaken. `networkIsUp`:
    /// GIO's network monitor says the machine has a network (`--deliver` asks it), so a name that
    /// did not resolve is that server's, and backed off; a window does not ask.
    package static func after(_ plan: PostingPlan, retryAt: Int64?, now: Int64, networkIsUp: Bool = false) -> Self {
        if plan.waitsForThePerson { return .askThePerson }
        if !networkIsUp, plan.outbox.failedForWantOfANetwork {
            return .retry(at: max(retryAt ?? now, withoutNetwork(now: now)))
        }
        return .retry(at: retryTime(due: plan.heldUntil ?? now, retryAt: retryAt, now: now))
    }

    /// After `--deliver`'s run ended short of every network: with no failure, a server keeps the
    /// post or asked to be asked again, at `retryAt`; with one (or with nothing to wait for), as
    /// `after(_:retryAt:now:)` decides. Never nothing: a run that ends is followed up.
    package static func afterRun(
        _ plan: PostingPlan, failed: Bool, retryAt: Int64?, now: Int64, networkIsUp: Bool = false
    ) -> Self {
        if !failed, let retryAt { return .retry(at: retryAt) }
        return after(plan, retryAt: retryAt, now: now, networkIsUp: networkIsUp)
    }

    /// Whether a window opened on `plan` posts it at once, as `--deliver` would: a scheduled post
    /// due and not yet out (the machine slept past its time, its timer found no network), unless
    /// the person was told only they can settle it. Else the timer that fires finds the window
    /// holding it and looks again later, and the window waits for a click: each leaves it to the
    /// other.
    package static func isDueWhenAWindowOpens(_ plan: PostingPlan, now: Int64) -> Bool {
        plan.isScheduled && plan.outbox.isDueForDelivery(now: now) && !plan.waitsForThePerson
    }

    /// The moment the post's timer is armed for as a window closes with it unsettled: a scheduled
    /// post due and not yet out goes back to `--deliver` a minute on (closing it is not Discard);
    /// nil for anything else (one still ahead kept the timer armed at Send).
    package static func whenAWindowCloses(_ plan: PostingPlan, now: Int64) -> Int64? {
        isDueWhenAWindowOpens(plan, now: now) ? ifThisRunDies(now: now) : nil
    }

    /// The moment the post's timer is armed for as a window starts a run of a scheduled post that
    /// is due (at its time, a retry, the person's Send), should the window be killed meanwhile;
    /// nil for anything else.
    package static func beforeAWindowsRun(_ plan: PostingPlan, now: Int64) -> Int64? {
        plan.isScheduled && plan.outbox.isDueForDelivery(now: now) ? ifThisRunDies(now: now) : nil
    }

    /// Without a network (or before any byte left: no server was asked) a post is looked at again
    /// a minute on, every time: a machine that woke before its network goes within a minute of its
    /// network's return, however overdue; the back-off is for servers that answered.
    package static func withoutNetwork(now: Int64) -> Int64 { now &+ shortestWait }

    /// When `--deliver` looks again at a post whose run it is starting, should it be killed (the
    /// machine off, the session ended): armed before the run, replaced by the run's own follow-up.
    /// A second `--deliver` it wakes while the run goes on finds the post held.
    package static func ifThisRunDies(now: Int64) -> Int64 { now &+ shortestWait }

    /// When a post a window holds (it posts it) is looked at again all the same, so that a window
    /// that cannot (the person editing, killed) never leaves it undone for ever.
    package static func ifLeftUndone(_ plan: PostingPlan?, now: Int64) -> Int64 {
        retryTime(due: plan?.heldUntil ?? now, retryAt: nil, now: now)
    }

    /// When a window tries a scheduled post again by itself after a run failed in a way time
    /// settles (woken before the network is back, a 5xx): as `--deliver` would, or at its time
    /// when that is still ahead, so that the window holding it never leaves it waiting for a
    /// click; nil for anything else.
    package static func windowRetry(_ plan: PostingPlan, now: Int64) -> Int64? {
        guard plan.isScheduled, let due = plan.heldUntil, case .retry(let at) = after(plan, retryAt: nil, now: now)
        else { return nil }
        // Failed before its time (a move its server did not take): tried again at its time.
        return due > now ? due : at
    }

    /// How long after a `--deliver` run's end a timer it set again fires (the process has exited).
    static let afterTheRunEnds: Int64 = 10

    /// The timers to set again as a `--deliver` run ends: one it set (`armed`, each draft's last
    /// time) that came due while the run went on started nothing, because its service was this run
    /// (every timer starts the one `Type=oneshot` service, and systemd folds a start into a running
    /// one). Each such post still due goes again just after this run; the rest keep their time.
    package static func afterThisRun(armed: [String: Int64], stillDue: Set<String>, now: Int64) -> [String: Int64] {
        armed.filter { $0.value <= now && stillDue.contains($0.key) }.mapValues { _ in now + afterTheRunEnds }
    }

    /// The back-off for a post due at `due`.
    package static func retryTime(due: Int64, retryAt: Int64?, now: Int64) -> Int64 {
        let overdue = max(0, now &- due)
        let wait = min(max(overdue / 2, shortestWait), longestWait)
        return max(retryAt ?? now, now + wait)
    }
}

extension DeliveryFailure {
    /// Whether only the person can settle it: asking the server again would get the same answer.
    package var needsThePerson: Bool {
        switch self {
        case .signInAgain, .scopesMissing, .cannotTell, .refused, .parentGone, .imageUnusable: true
        case .notSent, .outcomeUnknown, .serverError, .rateLimited, .stillProcessing: false
        }
    }
}

extension Outbox {
    /// Whether `--deliver` posts it at `now`: scheduled (or withdrawn) and due, not yet everywhere,
    /// and not left for the person's own Send or Retry (DraftCatalog.duePosts, the explorer).
    package func isDueForDelivery(now: Int64) -> Bool {
        guard let hold, hold.kind != .undoSend else { return false }
        return hold.until <= now && !isConfirmedEverywhere && askedThePersonAt == nil
    }

    /// Whether every delivery that failed did so for want of a network: unreachable, or its name
    /// not resolved (what a machine without its network meets first). A refused connection or a
    /// TLS failure is the server's, and backed off.
    var failedForWantOfANetwork: Bool {
        let failures = deliveries.compactMap { delivery -> DeliveryFailure? in
            if case .failed(let failure) = delivery.state { failure } else { nil }
        }
        return !failures.isEmpty
            && failures.allSatisfy { failure in
                switch failure {
                case .notSent(.noNetwork), .notSent(.nameNotResolved): true
                default: false
                }
            }
    }

    /// Whether a delivery not yet on its network failed in a way only the person can settle.
    var waitsForThePerson: Bool {
        deliveries.contains { delivery in
            if case .failed(let failure) = delivery.state { failure.needsThePerson } else { false }
        }
    }
}

extension PostingPlan {
    /// Whether the post waits for the person's decision (DeliveryFollowUp).
    package var waitsForThePerson: Bool { outbox.waitsForThePerson }

    /// `--deliver` told the person (at `now`): no later run asks the server until theirs.
    package mutating func askedThePerson(now: Int64) { outbox.askedThePersonAt = now }
}
