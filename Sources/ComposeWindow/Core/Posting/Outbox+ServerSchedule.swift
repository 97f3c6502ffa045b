/// A post Mastodon keeps until its time (`scheduled_at`), as docs/servers.md reads
/// PostStatusService and ScheduledStatus: the status is scheduled at Send, with its key and its
/// images, and published by the server with the window closed and the machine off. Mastodon
/// tells no client what the scheduled status became, so after the time it is found again among
/// the account's statuses.
extension Outbox {
    /// Mastodon refuses a time less than 5 minutes ahead by its own clock; a minute more allows for
    /// the clocks and for the images' uploads. A nearer time waits here.
    static let serverScheduleLead: Int64 = 6 * 60
    /// How long after its time the server is asked whether it published the post.
    static let publishGrace: Int64 = 60

    /// Send with a time: every Mastodon post that is not a thread (a thread's later parts answer
    /// statuses that do not exist yet) is given to the server to keep, when the time is far enough.
    mutating func scheduleOnServer(at time: Int64, now: Int64) {
        guard time - now >= Self.serverScheduleLead, thread(of: .mastodon).count == 1 else { return }
        for index in thread(of: .mastodon) where deliveries[index].firstSentAt == nil {
            change(index) { $0.serverTime = time }
        }
    }

    /// What a Mastodon delivery the server keeps (or kept) does next; nil: not on its schedule.
    func serverScheduleStep(_ index: Int, now: Int64) -> Next? {
        let delivery = deliveries[index]
        guard let id = delivery.scheduledID, let time = delivery.serverTime else { return nil }
        if now < time + Self.publishGrace { return .wait(until: time + Self.publishGrace) }
        return .request(.checkScheduled(id: id))
    }

    /// The server answered with scheduled status `id`, to be published at `time` (nil: as asked).
    mutating func scheduledOnServer(_ index: Int, id: String, at time: Int64?) {
        let wanted = hold?.kind == .scheduled ? hold?.until : nil
        change(index) {
            // Found again after the person chose another time: moved there too.
            if let wanted, let time, wanted != time { $0.movingTo = wanted }
            $0.state = .waiting
            $0.mayHavePost = false
            $0.scheduledID = id
            if let time { $0.serverTime = time }
        }
    }

    /// The server refused the time (too near by its clock, or its limits on scheduled posts):
    /// nothing was made, and the post waits here for its time instead.
    mutating func scheduleHere(_ index: Int) {
        change(index) {
            $0.serverTime = nil
            if $0.state == .sending { $0.state = .waiting }
        }
    }

    /// The server says this key made something already: a scheduled status of an earlier request,
    /// finished (Mastodon keeps a key only once its status exists), so it is looked up at once.
    mutating func scheduledMayExist(_ index: Int) {
        change(index) {
            $0.state = .waiting
            $0.mayHavePost = true
            $0.settleFrom = nil
        }
    }

    /// The scheduled status is still on the server's schedule, now for `time`: asked again then,
    /// or in a minute when its time has passed (the server's worker is late).
    mutating func stillScheduled(_ index: Int, at time: Int64?, now: Int64) {
        change(index) {
            if let time { $0.serverTime = time }
            let asked = ($0.serverTime ?? now) + Self.publishGrace
            $0.notBefore = asked > now ? nil : now + Self.publishGrace
            if case .failed = $0.state { $0.state = .waiting }
        }
    }

    /// The scheduled status left the schedule: published (a status made at its time), or cancelled
    /// on the server, or dropped by it. The account's statuses tell which.
    mutating func leftServerSchedule(_ index: Int) {
        change(index) {
            $0.scheduledID = nil
            $0.movingTo = nil  // nothing left there to move
            $0.leftSchedule = true
            $0.state = .waiting
            $0.mayHavePost = true
            $0.settleFrom = nil
            // The look-up reads back to when it was first sent (a moved post may have been
            // published at its first time).
        }
    }

    /// Not among the scheduled statuses once its time has come: published, perhaps, by a request
    /// whose answer was lost; looked up among the account's statuses from when that one left.
    mutating func mayHaveBeenPublished(_ index: Int) {
        change(index) {
            $0.leftSchedule = true
            $0.settleFrom = nil
        }
    }

    /// The person chose to post what left the server's schedule unpublished: from this machine,
    /// now, under `key` (the server keeps the first key for the scheduled status it made).
    mutating func postUnscheduled(_ index: Int, key: String) {
        guard deliveries[index].leftSchedule else { return }
        change(index) { $0.leavesServerSchedule(newKey: key) }
    }

    /// Mastodon's scheduler publishes what is due every 5 minutes (config/sidekiq.yml), through a
    /// queue: a status not there 10 minutes after its time is not coming.
    static let publicationDelay: Int64 = 10 * 60

    /// When a status scheduled for `time` has surely been published, if it was.
    static func publishedBy(_ time: Int64?) -> Int64 { (time ?? 0) &+ publicationDelay }

    /// Delivery `index` was not found published yet, within the publication delay: the same
    /// look-up again at `time`.
    mutating func lookAgain(_ index: Int, at time: Int64) {
        change(index) { $0.notBefore = time }
    }

    /// How long before its time a scheduled status is no longer withdrawn: the server's worker may
    /// be publishing it, and a DELETE then could let it go out and say it was withdrawn.
    static let withdrawMargin: Int64 = 60

    /// What a post being withdrawn (or discarded) does first: the server's DELETE; a discarded
    /// post's other networks send nothing. Nil: nothing to withdraw.
    func withdrawalStep(_ index: Int) -> Next? {
        let delivery = deliveries[index]
        let discarded = hold?.kind == .withdrawn
        if delivery.withdrawing || discarded, let id = delivery.scheduledID {
            return .request(.withdrawScheduled(id: id))
        }
        // Discarded: what may be kept is looked up first (the look-ups below); the rest is done.
        if discarded, !delivery.leftSchedule, !mayHaveBeenPosted(index) { return .done }
        if let time = delivery.movingTo, let id = delivery.scheduledID {
            return .request(.moveScheduled(id: id, to: time))
        }
        return nil
    }

    /// Send later… again on a scheduled post: it goes at `time` instead. A server that keeps it is
    /// asked to move it (PUT), or, for a time it would refuse, it is withdrawn there and waits here.
    /// Mastodon does not move a status due within 5 minutes (its worker is queued then): it is
    /// moved only while both times are far enough, else withdrawn and given the new time afresh.
    mutating func reschedule(to time: Int64, now: Int64) {
        hold = Hold(until: time, kind: .scheduled)
        for index in deliveries.indices where deliveries[index].scheduledID != nil {
            let current = deliveries[index].serverTime ?? now
            change(index) {
                if min(time, current) - now >= Self.serverScheduleLead {
                    $0.movingTo = time
                } else {
                    $0.withdrawing = true
                }
            }
        }
    }

    /// The server moved it (its answer's time, or the one asked for).
    mutating func moved(_ index: Int, to time: Int64) {
        change(index) {
            $0.serverTime = time
            $0.movingTo = nil
            if case .failed = $0.state { $0.state = .waiting }
        }
    }

    /// The server refused the new time: withdrawn there, the post waits here for it.
    mutating func cannotMove(_ index: Int) {
        change(index) {
            $0.movingTo = nil
            $0.withdrawing = true
        }
    }

    /// Whether every scheduled status of the post can still be withdrawn at `now`.
    func canWithdraw(now: Int64) -> Bool {
        deliveries.indices.allSatisfy { index in
            let delivery = deliveries[index]
            guard isKeptByItsServer(index) || delivery.leftSchedule else { return true }
            guard !delivery.leftSchedule, let time = delivery.serverTime else { return false }
            return now < time - Self.withdrawMargin
        }
    }

    /// Whether delivery `index`'s server keeps it, or may (its answer lost).
    func isKeptByItsServer(_ index: Int) -> Bool {
        deliveries[index].scheduledID != nil || (deliveries[index].serverTime != nil && mayHaveBeenPosted(index))
    }

    /// Post now: what no server keeps yet goes from here, without a time to keep.
    mutating func postsFromHere() {
        for index in deliveries.indices where deliveries[index].scheduledID == nil && !mayHaveBeenPosted(index) {
            change(index) { $0.serverTime = nil }
        }
    }

    /// Post now, an edit or Discard: each scheduled status is withdrawn before anything else.
    mutating func withdrawFromServers() {
        for index in deliveries.indices where deliveries[index].scheduledID != nil {
            change(index) { $0.withdrawing = true }
        }
    }

    /// The server withdrew it (or no longer has it, well before its time): the post goes as the
    /// hold now says, under `key` (the first one names the scheduled status for an hour).
    mutating func withdrawn(_ index: Int, key: String, now: Int64) {
        change(index) {
            $0.leavesServerSchedule(newKey: key)
            $0.state = .waiting
            $0.mayHavePost = false
        }
        if let hold, hold.kind == .scheduled { scheduleOnServer(at: hold.until, now: now) }
    }

    /// Whether the post was discarded and no server keeps it any more: it can go.
    var isWithdrawnEverywhere: Bool {
        hold?.kind == .withdrawn
            && !deliveries.indices.contains { index in
                // One published before it could be withdrawn is out; its link is told.
                !isConfirmed(index) && (isKeptByItsServer(index) || deliveries[index].leftSchedule)
            }
    }

    /// Whether a server holds the post on its schedule, or held it and has not been asked since.
    var isOnServerSchedule: Bool { deliveries.contains { $0.scheduledID != nil || $0.leftSchedule } }
    /// Whether a scheduled status left its server's schedule and is not found yet: what was sent
    /// is what is looked up, so the text waits.
    var hasLeftASchedule: Bool { deliveries.contains(where: \.leftSchedule) }

    /// Whether the post waits for its time and nothing else: each network's post waits, certainly
    /// not posted, here or on the server's schedule (not while the server is still to be asked).
    var waitsForItsTime: Bool {
        guard hold?.kind == .scheduled else { return false }
        return deliveries.allSatisfy { delivery in
            delivery.state == .waiting && !delivery.mayHavePost
                && (delivery.scheduledID != nil || delivery.serverTime == nil)
        }
    }

    /// The accounts whose server keeps the post on its schedule, or may.
    var scheduledOnServers: [String] { deliveries.indices.filter(isKeptByItsServer).map { deliveries[$0].account } }
}

extension Outbox.Delivery {
    /// No server keeps it any more: it goes from this machine under `newKey` (the old one names
    /// the scheduled status for an hour), a new post for the look-ups.
    fileprivate mutating func leavesServerSchedule(newKey: String) {
        scheduledID = nil
        leftSchedule = false
        withdrawing = false
        movingTo = nil
        serverTime = nil
        key = newKey
        firstSentAt = nil
    }

    /// What the outbox file keeps of the server's schedule.
    var serverScheduleMembers: [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if let serverTime { members.append(.init("serverTime", .integer(Int(serverTime)))) }
        if let scheduledID { members.append(.init("scheduledID", .string(scheduledID))) }
        if leftSchedule { members.append(.init("leftSchedule", .bool(true))) }
        if withdrawing { members.append(.init("withdrawing", .bool(true))) }
        if let movingTo { members.append(.init("movingTo", .integer(Int(movingTo)))) }
        return members
    }

    /// Reads it back; false for a value this version does not take (the id goes into a path).
    mutating func readServerSchedule(_ json: JSONValue) -> Bool {
        guard let time = StateValues.time(json["serverTime"]), time == nil || network == .mastodon else { return false }
        serverTime = time
        if let given = json["scheduledID"] {
            guard case .string(let id) = given, MastodonLookup.safeID(id) != nil, network == .mastodon,
                serverTime != nil
            else { return false }
            scheduledID = id
        }
        if let given = json["leftSchedule"] {
            guard case .bool(let value) = given, serverTime != nil else { return false }
            leftSchedule = value
        }
        if let given = json["withdrawing"] {
            guard case .bool(let value) = given, scheduledID != nil || leftSchedule else { return false }
            withdrawing = value
        }
        guard let moving = StateValues.time(json["movingTo"]), moving == nil || scheduledID != nil else { return false }
        movingTo = moving
        return true
    }
}
