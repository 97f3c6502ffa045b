/// The requests and answers of a post Mastodon keeps until its time (Outbox+ServerSchedule), as
/// docs/servers.md reads Mastodon's code: `POST /api/v1/statuses` with `scheduled_at` answers a
/// ScheduledStatus (`id`, `scheduled_at`, `params`); a repeat of its Idempotency-Key is 404 (the
/// key names a scheduled status, looked up as a status); `GET /api/v1/scheduled_statuses` lists
/// them by id, newest first, 40 at most a page; `GET …/:id` is 404 once published or deleted.
extension PostingPlan {
    /// A look-up among scheduled statuses: the page to read next (nil: the newest) and how many
    /// were read.
    struct ScheduledPage: Hashable, Sendable {
        var maxID: String?
        var read = 0
    }

    /// Mastodon keeps at most 300 scheduled statuses an account: 8 pages of 40.
    static let mostScheduledPages = 8

    /// The time `scheduled_at` gives for delivery `index`; nil: it goes now.
    func serverTimeToGive(_ index: Int) -> Int64? {
        let delivery = outbox.deliveries[index]
        return delivery.leftSchedule || delivery.scheduledID != nil ? nil : delivery.serverTime
    }

    func scheduleRequest(_ next: Outbox.Request, index: Int, token: String) -> APIRequest? {
        var request: APIRequest
        switch next {
        case .lookUpScheduled:
            request = APIRequest(.get, host: mastodonHost(index), path: "/api/v1/scheduled_statuses")
            request.query = [.init(name: "limit", value: String(MastodonLookup.pageSize))]
            if let maxID = scheduledPages[index]?.maxID { request.query.append(.init(name: "max_id", value: maxID)) }
        case .checkScheduled(let id):
            request = APIRequest(.get, host: mastodonHost(index), path: "/api/v1/scheduled_statuses/" + id)
        case .withdrawScheduled(let id):
            request = APIRequest(.delete, host: mastodonHost(index), path: "/api/v1/scheduled_statuses/" + id)
        case .moveScheduled(let id, let time):
            request = APIRequest(.put, host: mastodonHost(index), path: "/api/v1/scheduled_statuses/" + id)
            request.body = .object([.init("scheduled_at", .string(UTCTime.rfc3339(time)))])
        default: return nil
        }
        request.bearer = token
        return request
    }

    /// The answer to a post given a time: scheduled (its id), posted at once (the server found the
    /// time past), the time refused (it waits here instead), or made by an earlier request.
    mutating func scheduledPostAnswered(_ index: Int, _ answer: APIAnswer, now: Int64) {
        let json = answer.json
        if answer.succeeded, json?["url"] == nil || json?["url"] == .null,
            let id = json?["id"]?.string.flatMap(MastodonLookup.safeID)
        {
            let time = json?["scheduled_at"]?.string.flatMap(MastodonStatusMatch.seconds(rfc3339:))
            return outbox.scheduledOnServer(index, id: id, at: time)
        }
        if answer.status == 422 {
            // A time too near by the server's clock, or its limits of scheduled posts ("Scheduled
            // at date must be in the future", "…limit of 300 scheduled posts"): nothing made, and it
            // waits here. Told by the status alone: the words are translated, and the "too soon"
            // ones changed in 4.4 (docs/servers.md). A text the server would refuse anyway (the
            // counter counts as it does) is refused at its time, and the person told then.
            outbox.scheduleHere(index)
            return
        }
        if answer.status == 404, !scheduledLookedUp.contains(index) {
            // The key made a scheduled status already (or what it answers is gone): looked up.
            outbox.scheduledMayExist(index)
            return
        }
        if answer.status == 404 {
            // Not among the scheduled statuses, yet the key is spent or the post it answers gone.
            return fail(index, mastodonParentID(index) != nil ? .parentGone : .cannotTell(link: nil, id: nil), now: now)
        }
        postAnswered(index, answer, now: now)
    }

    mutating func scheduleAnswered(_ index: Int, _ asked: Outbox.Request, _ answer: APIAnswer, now: Int64) {
        if case .moveScheduled(_, let time) = asked {
            if answer.succeeded {
                let given = answer.json?["scheduled_at"]?.string.flatMap(MastodonStatusMatch.seconds(rfc3339:))
                outbox.moved(index, to: given ?? time)
            } else if answer.status == 422 {
                outbox.cannotMove(index)  // "Scheduled at date must be in the future", or its limits
            } else if answer.status == 404 {
                outbox.leftServerSchedule(index)  // gone from the schedule: the statuses tell
            } else {
                fail(index, Self.failure(answer), now: now)
            }
            return
        }
        if case .withdrawScheduled = asked {
            let time = outbox.deliveries[index].serverTime ?? now
            if answer.succeeded || (answer.status == 404 && now < time - Outbox.serverScheduleLead) {
                // Deleted, or gone well before its time, beyond any clock's error (an earlier
                // DELETE of ours): never published.
                withdrawn(index, now: now)
            } else if answer.status == 404 {
                outbox.leftServerSchedule(index)  // published, perhaps: the account's statuses tell
            } else {
                fail(index, Self.failure(answer), now: now)
            }
            return
        }
        if case .checkScheduled = asked {
            if answer.succeeded {
                let time = answer.json?["scheduled_at"]?.string.flatMap(MastodonStatusMatch.seconds(rfc3339:))
                outbox.stillScheduled(index, at: time, now: now)
                runOver.insert(index)
            } else if answer.status == 404 {
                outbox.leftServerSchedule(index)
            } else {
                fail(index, Self.failure(answer), now: now)
            }
            return
        }
        guard answer.succeeded, let statuses = answer.json?.elements else {
            return fail(index, answer.succeeded ? .serverError(status: answer.status) : Self.failure(answer), now: now)
        }
        let delivery = outbox.deliveries[index]
        let text = postedText(index)
        let found = statuses.first { scheduled in
            guard let sent = scheduled["params"]?["text"]?.string, MastodonLookup.sameText(sent, text) else {
                return false
            }
            return scheduled["scheduled_at"]?.string.flatMap(MastodonStatusMatch.seconds(rfc3339:))
                == delivery.serverTime
        }
        if let id = found?["id"]?.string.flatMap(MastodonLookup.safeID) {
            scheduledPages[index] = nil
            return outbox.scheduledOnServer(index, id: id, at: nil)
        }
        var page = scheduledPages[index] ?? ScheduledPage()
        if statuses.count >= MastodonLookup.pageSize,
            let last = statuses.last?["id"]?.string.flatMap(MastodonLookup.safeID),
            page.read + 1 < Self.mostScheduledPages
        {
            page.maxID = last
            page.read += 1
            scheduledPages[index] = page
            return
        }
        scheduledPages[index] = nil
        if let time = delivery.serverTime, now >= time - Outbox.withdrawMargin {
            // Its time has come: made and published already, perhaps; the statuses tell.
            return outbox.mayHaveBeenPublished(index)
        }
        scheduledLookedUp.insert(index)
        outbox.lookedUp(index, foundAt: nil)  // not made: scheduled again, under the same key
    }

    /// Whether a network has the post well before the time it was scheduled for: a server that
    /// ignored `scheduled_at` (an older or another kind of server) published it at Send. Said
    /// plainly, never as a post that went as planned (#61). Derived from the outbox, so a run after
    /// a crash says it too; Post now clears the time, so it never counts.
    package func publishedBeforeItsTime(now: Int64) -> Bool {
        guard let hold = outbox.hold, hold.kind == .scheduled, now < hold.until - Outbox.withdrawMargin else {
            return false
        }
        return outbox.deliveries.indices.contains { outbox.isConfirmed($0) }
    }

    /// The server no longer keeps delivery `index`: it goes as the hold says, under a new key.
    mutating func withdrawn(_ index: Int, now: Int64) {
        var random = SystemRandomNumberGenerator()
        outbox.withdrawn(index, key: Self.idempotencyKey(using: &random), now: now)
    }

    /// The person's answer to an undecided look-up of delivery `index`. A post that left Mastodon's
    /// schedule unpublished goes from here under a new key (the server keeps the first one).
    mutating func personSays(_ index: Int, isThere: Bool) {
        if !isThere, outbox.deliveries[index].leftSchedule {
            var random = SystemRandomNumberGenerator()
            outbox.postUnscheduled(index, key: Self.idempotencyKey(using: &random))
        }
        outbox.personSays(index, isThere: isThere)
    }
}
