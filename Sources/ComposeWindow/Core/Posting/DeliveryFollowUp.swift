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
    /// network asked to be asked again (Retry-After), which is never overtaken.
    package static func after(_ plan: PostingPlan, retryAt: Int64?, now: Int64) -> Self {
        if plan.waitsForThePerson { return .askThePerson }
        return .retry(at: retryTime(due: plan.heldUntil ?? now, retryAt: retryAt, now: now))
    }

    /// When a window tries a scheduled post again by itself after a run at or after its time failed
    /// in a way time settles (woken before the network is back, a 5xx): as `--deliver` would, so
    /// that the window holding it never leaves it waiting for a click; nil for anything else.
    package static func windowRetry(_ plan: PostingPlan, now: Int64) -> Int64? {
        guard plan.isScheduled, let due = plan.heldUntil, due <= now,
            case .retry(let at) = after(plan, retryAt: nil, now: now)
        else { return nil }
        return at
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
