@testable import ComposeWindowCore

/// Mastodon's scheduled statuses in the model, as docs/servers.md reads them from Mastodon's code
/// (PostStatusService#schedule_status!, ScheduledStatus, ScheduledStatusesController,
/// PublishScheduledStatusWorker): a post with `scheduled_at` more than 5 minutes ahead becomes a
/// scheduled status (its media attached to it), one at most 5 minutes ahead is refused (422), one
/// past is posted at once. A repeat of its key is 404 for the key's hour. Listed by id, newest
/// first; `GET` and `DELETE` of one gone are 404; `PUT` moves it, unless it was due within 5 minutes
/// (then queued: published at its old time). At its time it is published: removed first, then
/// a status made from it (created then), or dropped without a word if what it answers is gone.
extension ModelNetwork {
    struct Scheduled: Hashable {
        let id: Int
        let post: Post
        let time: Int64
        /// When the worker publishes it: its time, or an earlier one the scheduler had already
        /// queued when a PUT moved it (docs/servers.md, "Moving one that is nearly due").
        var queuedFor: Int64? = nil
    }

    /// Mastodon's minimum: `scheduled_at` must be more than this ahead.
    static let scheduleOffset: Int64 = 5 * 60

    /// The scheduled statuses of the person posting this run (not yet published or deleted).
    var ownScheduled: [Scheduled] { scheduled.filter { $0.post.account != Self.parentAccount } }

    /// Whether the server finds `post`'s key as one that made a scheduled status (404 from 4.2.9;
    /// never before).
    func scheduledKeyFound(_ post: Post, now: Int64) -> Bool {
        !scheduledKeyRepeats && scheduledKeys[post.key].map { now - $0 < Self.keyLifetime } == true
    }

    /// The time `request` asks Mastodon to keep its post until, if it does.
    static func scheduledTime(of request: APIRequest) -> Int64? {
        request.body?["scheduled_at"]?.string.flatMap(MastodonStatusMatch.seconds(rfc3339:))
    }

    /// POST /api/v1/statuses with `scheduled_at`, as the server does it (the answer, and the
    /// change to what it keeps).
    mutating func schedule(_ post: Post, at time: Int64, now: Int64) -> APIAnswer {
        func refusal(_ status: Int, _ words: String) -> APIAnswer {
            APIAnswer(status: status, json: .object([.init("error", .string(words))]))
        }
        if scheduledKeyFound(post, now: now)
            || posts.contains(where: { $0.key == post.key && now - $0.storedAt < Self.keyLifetime })
        {
            // A stored key: its id is looked up among statuses, a scheduled one's is not there.
            return scheduledKeyFound(post, now: now)
                ? refusal(404, "Record not found") : answer(for: posts.last { $0.key == post.key }!)
        }
        guard hasParent(of: post) else {
            return refusal(404, "The post you are trying to reply to does not appear to exist.")
        }
        guard hasMedia(of: post) else { return refusal(422, "Media with ID(s) could not be found") }
        if time <= now {
            // Not ahead: posted at once, as without the time.
            _ = store(post, now: now)
            return answer(for: posts.last { $0.key == post.key }!)
        }
        guard time > now + Self.scheduleOffset else {
            return refusal(422, "Validation failed: Scheduled at date must be in the future")
        }
        scheduledCount += 1
        scheduled.append(Scheduled(id: scheduledCount, post: post, time: time))
        scheduledKeys[post.key] = now
        attach(post)
        return APIAnswer(status: 200, json: json(of: scheduled.last!))
    }

    private func json(of kept: Scheduled) -> JSONValue {
        .object([
            .init("id", .string(String(kept.id))), .init("scheduled_at", .string(Self.rfc3339(kept.time))),
            .init("params", .object([.init("text", .string(kept.post.text))])),
            .init("media_attachments", .array(kept.post.images.map { .string($0) })),
        ])
    }

    /// The scheduled statuses' requests: the list, one, and DELETE (which `withdraw` performs).
    func scheduledStatuses(_ request: APIRequest, account: String) -> APIAnswer {
        let notFound = APIAnswer(status: 404, json: .object([.init("error", .string("Record not found"))]))
        let mine = scheduled.filter { $0.post.account == account }
        guard request.path != "/api/v1/scheduled_statuses" else {
            func value(_ name: String) -> String? { request.query.first { $0.name == name }?.value }
            let rule = Self.mastodonRules["GET /api/v1/scheduled_statuses"]?.limit ?? (20, 40)
            let limit = value("limit").flatMap(Int.init).map { min(abs($0), rule.max) } ?? rule.default
            let below = value("max_id").flatMap(Int.init) ?? Int.max
            return APIAnswer(
                status: 200, json: .array(mine.filter { $0.id < below }.reversed().prefix(limit).map(json(of:))))
        }
        let id = Int(request.path.split(separator: "/").last ?? "")
        guard let kept = mine.first(where: { $0.id == id }) else { return notFound }
        return APIAnswer(status: 200, json: request.method == .delete ? .object([]) : json(of: kept))
    }

    /// DELETE's work: the scheduled status goes, its media free again.
    mutating func withdraw(_ request: APIRequest, account: String) {
        guard request.method == .delete, let id = Int(request.path.split(separator: "/").last ?? ""),
            let index = scheduled.firstIndex(where: { $0.id == id && $0.post.account == account })
        else { return }
        release(scheduled.remove(at: index).post)
    }

    private mutating func release(_ post: Post) {
        for index in media.indices where post.images.contains(media[index].id) && media[index].account == post.account {
            media[index].attached = false
        }
    }

    /// The worker at each scheduled status's time.
    mutating func publishDue(now: Int64) {
        for kept in scheduled.sorted(by: { $0.time < $1.time }) where (kept.queuedFor ?? kept.time) <= now {
            scheduled.removeAll { $0.id == kept.id }
            release(kept.post)
            var post = kept.post
            post = Post(
                account: post.account, text: post.text, key: "published\(kept.id)", storedAt: kept.time,
                images: post.images, inReplyTo: post.inReplyTo, root: post.root)
            // Its reply's post gone or its media gone: dropped without a word.
            guard hasParent(of: post), hasMedia(of: post) else { continue }
            posts.append(post)
            attach(post)
        }
    }

    /// PUT: only `scheduled_at` changes, validated again (more than 5 minutes ahead: else 422).
    mutating func move(_ request: APIRequest, account: String, now: Int64) -> APIAnswer {
        guard let id = Int(request.path.split(separator: "/").last ?? ""),
            let index = scheduled.firstIndex(where: { $0.id == id && $0.post.account == account })
        else { return APIAnswer(status: 404, json: .object([.init("error", .string("Record not found"))])) }
        guard let time = Self.scheduledTime(of: request), time > now + Self.scheduleOffset else {
            return APIAnswer(
                status: 422,
                json: .object([.init("error", .string("Validation failed: Scheduled at date must be in the future"))]))
        }
        // Due within 5 minutes, its publication is queued already (the scheduler's cycle, taken
        // here at its earliest): the new time is kept, and ignored.
        let old = scheduled[index]
        let queued = old.queuedFor ?? (old.time <= now + Self.scheduleOffset ? old.time : nil)
        scheduled[index] = Scheduled(id: id, post: old.post, time: time, queuedFor: queued)
        return APIAnswer(status: 200, json: json(of: scheduled[index]))
    }
}
