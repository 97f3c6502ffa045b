@testable import ComposeWindowCore

/// Time in the explorer's world (#61): the machine sleeps past the post's time and wakes with its
/// network or without it, the network goes and comes back, the wall clock is set an hour either
/// way, and each timer fires at its own moment, in either order: the window's (a timerfd on the
/// wall clock) and the post's systemd timer (`--deliver`, which leaves a post a window holds to it
/// and looks again later). `--deliver` is followed up as the app does it (DeliveryFollowUp).
/// Besides every invariant of the world:
/// - nothing of the post leaves before its time on the machine's clock;
/// - a post due and waiting always has a timer to wake it, and goes within a minute of the first
///   moment the machine is awake and online after its time, unless a server that answered asked
///   for more time (then its back-off), a process holding it was killed (then the timer it left),
///   the clock was set back (a retry armed a minute on waits for that moment on the clock) or the
///   person is deciding;
/// - what only the person can settle is said once, and no run asks a server again before them.
extension PostingWorld {
    static let sleepSeconds: Int64 = 8 * 3_600
    static let clockStep: Int64 = 3_600

    /// The steps walked where time is: the person's, time's and the network's. Fewer of a
    /// network's faults than elsewhere (the other worlds walk every one): what time meets is
    /// whether a server was reached.
    var timeSteps: [Step] {
        var actions: [Action] = [.sleep, .sleepWakeOffline, online ? .networkDown : .networkBack, .clockForward]
        // The model's servers share the machine's clock: set back, it would take their time back
        // too (a request's answer stored before it left, a kept post unpublished). Walked where
        // neither can be.
        if inFlight == nil, !serverKeeps { actions.append(.clockBack) }
        // Awake, a timer whose moment has come fires before time goes on.
        if ![deliveryTimer, windowTimer].contains(where: { $0.map { $0 <= now } == true }) {
            actions.append(.wait)
        }
        if session == nil {
            actions.append(.restart)
        } else {
            actions.append(.crash)
            if !delivering { actions += [.send, .edit, .discard, .close] }
        }
        if session?.scheduledFor(now: now) != nil, !delivering { actions.append(.postNow) }
        // A timer fires once its moment has come, or as the first to come: time never passes a
        // moment an awake machine's timer was armed for.
        func mayFire(_ moment: Int64?, before other: Int64?) -> Bool {
            guard let moment else { return false }
            return moment <= now || moment <= (other ?? .max)
        }
        if mayFire(windowTimer, before: deliveryTimer) { actions.append(.windowTimerFires) }
        if mayFire(deliveryTimer, before: windowTimer) { actions.append(.deliveryTimerFires) }
        if networks.contains(where: { !$0.ownScheduled.isEmpty }) { actions.append(.deleteOnWeb) }
        if networks.contains(where: { !$0.revoked.isEmpty }) { actions.append(.signIn) }
        var steps = actions.map(Step.person)
        if let inFlight {
            let events: [Event] =
                !online
                ? [.notSent]
                : inFlight.request.method == .get
                    ? [.answer, .unauthorized, .serverErrorBefore]
                    : [.answer, .unauthorized, .serverErrorAfter, .notSent]
            steps += events.map(Step.network)
        }
        return steps
    }

    /// The window's own timer, while a window is open.
    var windowTimer: Int64? { session != nil ? retryAt : nil }

    mutating func actInTime(_ action: Action) -> String? {
        switch action {
        case .sleep, .sleepWakeOffline:
            // Nothing runs while the machine sleeps: it wakes 8 hours on, and the timers whose
            // moment passed fire then (each its own step).
            jump(to: now + Self.sleepSeconds)
            online = action == .sleep
            onlineSince = now
        case .wait:
            // Up to the next timer's moment at most (it fires in a step of its own).
            let next = [deliveryTimer, windowTimer].compactMap { $0 }.min() ?? .max
            jump(to: min(now + 150, next))
        case .networkDown: online = false
        case .networkBack:
            online = true
            onlineSince = now
            if inFlight != nil { lastRequestAt = now }  // it ends by its answer or its deadline
        case .clockForward:
            // The clock set forward: the timers whose moment it passed fire now, as at a wake.
            jump(to: now + Self.clockStep)
            if online { onlineSince = now }
        case .clockBack:
            now -= Self.clockStep
            clockSetBack = true
            onlineSince = min(onlineSince, now)
        case .windowTimerFires:
            guard let retryAt else { return nil }
            jump(to: retryAt)
            return pass(0)
        case .deliveryTimerFires:
            guard let moment = deliveryTimer else { return nil }
            jump(to: moment)
            deliveryTimer = nil
            return deliverAtItsTime()
        case .deleteOnWeb:
            for index in networks.indices { networks[index].deleteOwnScheduled() }
        default: break
        }
        return nil
    }

    /// The clock moves on to `moment` (never back): slow requests end, the servers publish.
    private mutating func jump(to moment: Int64) {
        guard moment > now else { return }
        now = moment
        // A request on its way across the jump (a sleep, a slow server) ends by its answer or its
        // deadline after it: an attempt made since.
        if inFlight != nil { lastRequestAt = now }
        for index in networks.indices { networks[index].advance(to: now) }
    }

    /// `--deliver` from the post's timer, as ScheduledDelivery runs: nothing unless the post is
    /// due (DraftCatalog.duePosts); a post a window (or another `--deliver`) holds is looked at
    /// again later; without a network, a minute on; else it is sent as Send sends it.
    mutating func deliverAtItsTime() -> String? {
        guard let plan = outbox, plan.outbox.isDueForDelivery(now: now) else { return nil }
        // The network first, as ScheduledDelivery.run: without one, every due post a minute on.
        guard online else {
            deliveryTimer = DeliveryFollowUp.withoutNetwork(now: now)
            return nil
        }
        if session != nil {
            deliveryTimer = DeliveryFollowUp.ifLeftUndone(plan, now: now)
            return nil
        }
        // Armed before the run: one killed meanwhile is looked at again.
        deliveryTimer = DeliveryFollowUp.ifThisRunDies(now: now)
        return deliver()
    }

    /// `--deliver`'s run ended short of every network (ScheduledDelivery.followUp).
    mutating func followUpDelivery(failed: Bool, retryAt: Int64?) {
        guard let plan = session?.plan else { return }
        switch DeliveryFollowUp.afterRun(plan, failed: failed, retryAt: retryAt, now: now, networkIsUp: online) {
        case .retry(let at): deliveryTimer = at
        case .askThePerson:
            asked += 1
            if asked > 1 { untimely = untimely ?? "the person was told twice that only they can settle the post" }
            var told = plan
            told.askedThePerson(now: now)
            session = PostingSession(plan: told)
            outbox = Self.readBack(told)
            deliveryTimer = nil
        }
    }

    /// A post due and waiting must have a timer to wake it, soon enough; none is asked of the
    /// person's decision a second time.
    func timeViolation() -> String? {
        guard walksTime, ended == nil, inFlight == nil, session?.isPosting != true, !delivering,
            let plan = session?.plan ?? outbox, let due = plan.heldUntil, plan.isScheduled, due <= now,
            !plan.isConfirmedEverywhere, !plan.isKeptByAServer, plan.outbox.askedThePersonAt == nil
        else { return nil }
        // The person is at the window: a failure they must settle is in its bar; an edit is theirs
        // to Send.
        if let session, session.plan != nil, plan.waitsForThePerson || !session.promisedRetryMayGo { return nil }
        guard let wake = [windowTimer, deliveryTimer].compactMap({ $0 }).min() else {
            return "the post was due at \(due - Self.start) s and nothing will wake it"
        }
        // A server that failed (it answered, or refused the connection) may ask for more time:
        // its back-off; only "a timer" is owed. The want of a network is not a server's.
        let serverFailed = plan.deliveryIndices.contains { index in
            switch plan.failure(index) {
            case nil, .notSent(.noNetwork)?, .notSent(.nameNotResolved)?: false
            default: true
            }
        }
        // A network that asked to wait (Retry-After, a post it may have to settle) is asked then.
        let networkWaits = plan.deliveryIndices.contains { index in
            if case .wait = plan.outbox.next(for: index, now: now) { true } else { false }
        }
        let since = max(due, onlineSince, closedAt ?? due)
        // Once a request has left since then, its failure decides the next try.
        let triedSince = lastRequestAt.map { $0 >= since } ?? false
        if online, !serverFailed, !networkWaits, !killedHoldingIt, !clockSetBack, !triedSince,
            wake > max(now, since + DeliveryFollowUp.withoutNetwork(now: 0))
        {
            return
                "the post was due at \(due - Self.start) s, awake and online since \(since - Self.start) s, and is looked at only at \(wake - Self.start) s"
        }
        return nil
    }
}

extension ModelNetwork {
    /// The person deletes the post's scheduled status on the web: it goes, unpublished.
    mutating func deleteOwnScheduled() {
        scheduled.removeAll { $0.post.account != Self.parentAccount }
    }
}
