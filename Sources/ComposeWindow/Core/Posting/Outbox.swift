/// One post on its way to the networks the person chose, as the outbox keeps it: the text, and for
/// each network its account, the key that makes a retry safe (chosen before the first request), how
/// far it got and what is known of whether the network holds it. The rules that keep a post from
/// being lost or posted twice live here:
/// - a network that confirmed is never sent the post again;
/// - every request for a network carries the same key, the first and every retry;
/// - knowledge only grows: once a request that may have made the post has left, the network "may
///   have it" until a lookup or its own answer settles that; no later failure, no restart forgets it;
/// - while a network may have the post, it is looked up before it is posted again: Bluesky's record
///   by its key; Mastodon's status among the account's own, by its source text, and not before the
///   settle time, because Mastodon records an Idempotency-Key only once the status exists, forgets it
///   after an hour, and servers from before its lock make a second status for a repeat that arrives
///   while the first is still working.
struct Outbox: Hashable, Sendable {
    typealias Network = PostingAccount.Network

    /// Seconds after a request that may have made the post left before Mastodon is asked again:
    /// nginx, which Mastodon's documentation puts in front of it, gives up on a request after 60 s
    /// (proxy_read_timeout), and a request queued behind others may still be worked on after that;
    /// twice that covers both. A repeat that meets the first still working gets 503 on current
    /// servers, which waits again (a server error keeps "may have it").
    static let mastodonSettleSeconds: Int64 = 120
    /// What a 429 without a usable Retry-After waits.
    static let defaultRetryAfterSeconds: Int64 = 60

    struct Delivery: Hashable, Sendable {
        /// The account as `--accounts` prints it: "@alice@mastodon.social", "@alice.bsky.social".
        let network: Network
        fileprivate(set) var account: String
        /// Mastodon's Idempotency-Key, or the Bluesky record key (a TID). A Mastodon post whose
        /// scheduled status left the server unpublished goes again under a new one (the server
        /// keeps the first for the scheduled status it made).
        var key: String
        var state: State
        /// A request that may have made the post left and nothing settled it since.
        var mayHavePost = false
        /// Since when Mastodon may be working on the post (seconds since the epoch): when the latest
        /// request that may make it left, then when it ended without an answer that settles it (the
        /// server may go on after the client gave up).
        var settleFrom: Int64?
        /// When the first one did: a lookup reads the account's statuses from then on.
        var firstSentAt: Int64?
        /// Not before this time (a 429's Retry-After), seconds since the epoch.
        var notBefore: Int64?
        /// Each image of the post as this network has it: the bytes prepared for it, what it holds.
        var images: [DeliveryImage] = []
        /// Which post of this network's thread it is: 0 for the first, or the only one.
        let part: Int
        /// What this post says when it is one part of a thread; nil: the outbox's whole text.
        let partText: String?
        /// What the network calls the post once it holds it: the next part answers it.
        var postedAs: PostRef?
        /// The post it answered was deleted, and the person chose to post it without: it answers
        /// nothing, and the parts after it answer it.
        var detached = false
        /// Mastodon publishes it at this time (seconds since the epoch), given as `scheduled_at`;
        /// nil: it goes from this machine.
        var serverTime: Int64?
        /// The server's scheduled status once it answered with one.
        var scheduledID: String?
        /// The scheduled status is no longer on the server's schedule (published, or cancelled or
        /// dropped): it is looked up among the account's statuses.
        var leftSchedule = false
        /// The scheduled status is to be withdrawn from the server (Post now, an edit, Discard)
        /// before anything else of this post goes there.
        var withdrawing = false
        /// The scheduled status is to be moved to this time (PUT), the person having chosen another.
        var movingTo: Int64?
        /// The link card's picture could not be made a thumb: the card goes without one.
        var cardPictureUnusable = false

        init(network: Network, account: String, key: String, state: State, part: Int = 0, partText: String? = nil) {
            self.network = network
            self.account = account
            self.key = key
            self.state = state
            self.part = part
            self.partText = partText
        }
    }

    enum State: Hashable, Sendable {
        /// Recorded, no request made yet (or a lookup found the post is not there).
        case waiting
        /// A request that may make the post was on its way (recorded before it left; found after a
        /// crash, its outcome is unknown).
        case sending
        case failed(DeliveryFailure)
        /// The network has it, at this link.
        case confirmed(link: String)
    }

    /// A request for one network.
    enum Request: Hashable, Sendable {
        /// POST /api/v1/statuses with this Idempotency-Key.
        case postStatus(idempotencyKey: String)
        /// The account's own newest statuses, their source compared with the text (MastodonLookup).
        case lookUpStatus
        /// The account's scheduled statuses, for one with the text and time (ScheduledLookup).
        case lookUpScheduled
        /// GET /api/v1/scheduled_statuses/:id: still waiting on the server, or gone from it.
        case checkScheduled(id: String)
        /// DELETE /api/v1/scheduled_statuses/:id: withdrawn, never to be published.
        case withdrawScheduled(id: String)
        /// PUT /api/v1/scheduled_statuses/:id with a new `scheduled_at`.
        case moveScheduled(id: String, to: Int64)
        /// com.atproto.repo.createRecord under this record key.
        case createRecord(recordKey: String)
        /// com.atproto.repo.getRecord by this key first: the post may be there already.
        case findRecord(recordKey: String)
        /// Image `index`'s prepared bytes: Mastodon's POST /api/v2/media, Bluesky's uploadBlob.
        case uploadImage(Int)
        /// GET /api/v1/media/:id of image `index`: processed yet, and still there.
        case checkImage(Int)
        /// com.atproto.server.getServiceAuth: a token for one call of Bluesky's video service about
        /// video `index` (kept in memory only, never in the outbox).
        case serviceAuth(Int, VideoServiceCall)
        /// app.bsky.video.getUploadLimits: whether the account may upload video `index` today.
        case videoUploadLimits(Int)
        /// app.bsky.video.uploadVideo: video `index`'s bytes to the video service.
        case uploadVideo(Int)
        /// app.bsky.video.getJobStatus of video `index`'s job: processed yet, and its blob.
        case checkVideoJob(Int)
        /// com.atproto.repo.uploadBlob of caption `caption` of video `image` (text/vtt), once the
        /// video's blob is known.
        case uploadCaption(image: Int, caption: Int)

        /// Whether it may make the post (a lookup never does, nor an upload: media nothing
        /// references is no post).
        var mayPost: Bool {
            switch self {
            case .postStatus, .createRecord: true
            case .lookUpStatus, .lookUpScheduled, .checkScheduled, .withdrawScheduled, .moveScheduled, .findRecord,
                .uploadImage, .checkImage, .serviceAuth, .videoUploadLimits, .uploadVideo, .checkVideoJob,
                .uploadCaption:
                false
            }
        }
    }

    /// What Send or Retry does for one network now.
    enum Next: Equatable, Sendable {
        case request(Request)
        /// Nothing may leave before this time (seconds since the epoch): a server asked to wait,
        /// or Mastodon may still be working on the last request.
        case wait(until: Int64)
        /// Image `index` is to be made to fit this network, on this machine, before it is uploaded.
        case prepare(image: Int)
        /// The network has the post.
        case done
        /// The part before it in the thread is not on the network yet: this one answers it.
        case awaitingEarlierPart
    }

    /// Nothing of a post leaves before `until` (seconds since the epoch): Undo Send's countdown,
    /// or the time the person scheduled it for.
    struct Hold: Hashable, Sendable {
        enum Kind: String, Hashable, Sendable {
            /// The seconds after Send in which Undo takes the post back.
            case undoSend
            /// A time the person chose (Send later, `--at`).
            case scheduled
            /// Discarded while a server keeps it: nothing goes, and once every server has
            /// withdrawn it the post is abandoned.
            case withdrawn
        }

        let until: Int64
        let kind: Kind
    }

    let text: String
    let images: [PostImage]
    /// The content warning, visibility, sensitivity and languages, as they were when Send recorded
    /// the post (the language too: a retry after a restart says what the first request said).
    let options: PostOptions
    /// The post it answers (`--reply-to`), on the one network a reply can go to.
    let replyTo: ReplyTo?
    private(set) var deliveries: [Delivery]
    /// Set when the post is recorded, before anything leaves; nil: it goes at once.
    var hold: Hold?
    /// When `--deliver` told the person it cannot settle this post without them (DeliveryFollowUp):
    /// no later run of it asks the server again until the person's own Send or Retry.
    var askedThePersonAt: Int64?

    init(
        text: String, images: [PostImage] = [], options: PostOptions = PostOptions(), replyTo: ReplyTo? = nil,
        deliveries: [Delivery]
    ) {
        self.text = text
        self.images = images
        self.options = options
        self.replyTo = replyTo
        self.deliveries = deliveries.map { delivery in
            var delivery = delivery
            // A thread's images go with its first post; a card's picture with the post it is on.
            let count = Self.uploads(of: delivery, text: text, images: images, options: options).count
            let known = delivery.images.prefix(count)
            delivery.images = Array(known) + Array(repeating: DeliveryImage(), count: count - known.count)
            return delivery
        }
    }

    /// What Send or Retry does for delivery `index` at `now` (seconds since the epoch). Every
    /// failure is tried again: a refusal with its key (the server's words show again if it refuses
    /// again), an expired sign-in once the account is signed in again.
    func next(for index: Int, now: Int64) -> Next {
        let delivery = deliveries[index]
        if case .confirmed = delivery.state { return .done }
        // Not even an image's upload: Undo and the scheduled time promise that nothing has left,
        // except to a server that keeps the time itself (Mastodon's `scheduled_at`).
        if let hold, now < hold.until, !(hold.kind == .scheduled && delivery.serverTime != nil) {
            return .wait(until: hold.until)
        }
        if delivery.part > 0, !delivery.detached, parentRef(of: index) == nil { return .awaitingEarlierPart }
        // A clock set back must not make the wait longer than the longest a server may ask for.
        if let notBefore = delivery.notBefore, notBefore > now {
            return .wait(until: min(notBefore, now + DeliveryFailure.longestRetryAfterSeconds))
        }
        if let withdrawal = withdrawalStep(index) { return withdrawal }
        switch delivery.network {
        case .bluesky:
            if mayHaveBeenPosted(index) { return .request(.findRecord(recordKey: delivery.key)) }
            return imageStep(index) ?? .request(.createRecord(recordKey: delivery.key))
        case .mastodon:
            if let onSchedule = serverScheduleStep(index, now: now) { return onSchedule }
            guard mayHaveBeenPosted(index) else {
                return imageStep(index) ?? .request(.postStatus(idempotencyKey: delivery.key))
            }
            if let since = delivery.settleFrom, since + Self.mastodonSettleSeconds > now {
                return .wait(until: min(since, now) + Self.mastodonSettleSeconds)
            }
            return .request(delivery.serverTime != nil && !delivery.leftSchedule ? .lookUpScheduled : .lookUpStatus)
        }
    }

    /// What the images need before the post can name them, in order: prepared, uploaded, and on
    /// Mastodon processed (and still there); a Bluesky video's captions uploaded after its blob is
    /// known; nil when every one is ready.
    private func imageStep(_ index: Int) -> Next? {
        for (image, state) in deliveries[index].images.enumerated() {
            guard let prepared = state.prepared else { return .prepare(image: image) }
            switch state.upload {
            case nil: return .request(.uploadImage(image))
            case .mastodon(_, ready: false)?: return .request(.checkImage(image))
            case .blueskyJob?: return .request(.checkVideoJob(image))
            case .blueskyVideoSent?: return .request(.uploadImage(image))
            case .bluesky?:
                if let caption = prepared.captions.indices.first(where: { state.captionBlob($0) == nil }) {
                    return .request(.uploadCaption(image: image, caption: caption))
                }
            case .mastodon(_, ready: true)?: continue
            }
        }
        return nil
    }

    /// Image `image`'s bytes for delivery `index` are ready to upload (any earlier upload of other
    /// bytes is forgotten: the post will name these).
    mutating func prepared(_ index: Int, image: Int, _ prepared: PreparedImage) {
        guard !isConfirmed(index) else { return }
        deliveries[index].images[image].prepared = prepared
        deliveries[index].images[image].upload = nil
        deliveries[index].images[image].captionBlobs = []
    }

    /// The network holds image `image`'s bytes (or, for Mastodon, has processed them).
    mutating func uploaded(_ index: Int, image: Int, _ upload: MediaUpload) {
        guard !isConfirmed(index), deliveries[index].images[image].prepared != nil else { return }
        deliveries[index].images[image].upload = upload
    }

    /// Video `image` of delivery `index` is on its way to Bluesky's video service (recorded before
    /// it leaves).
    mutating func videoSent(_ index: Int, image: Int) {
        guard !isConfirmed(index), deliveries[index].images[image].upload == nil else { return }
        deliveries[index].images[image].upload = .blueskyVideoSent
    }

    /// The network no longer has image `image` (Mastodon deleted unattached media, a PDS dropped a
    /// blob nothing referenced, with the captions' beside it): the same bytes go again.
    mutating func imageGone(_ index: Int, image: Int) {
        guard !isConfirmed(index) else { return }
        deliveries[index].images[image].upload = nil
        deliveries[index].images[image].captionBlobs = []
    }

    /// Image `image`'s prepared bytes for delivery `index` are not to be used: prepared again.
    mutating func forgetPrepared(_ index: Int, image: Int) {
        deliveries[index].images[image].prepared = nil
        deliveries[index].images[image].upload = nil
        deliveries[index].images[image].captionBlobs = []
    }

    /// Bluesky holds caption `caption` of video `image` as `blob` (kept: never uploaded again).
    mutating func captionUploaded(_ index: Int, image: Int, caption: Int, _ blob: JSONValue) {
        guard !isConfirmed(index), case .bluesky? = deliveries[index].images[image].upload,
            let prepared = deliveries[index].images[image].prepared, prepared.captions.indices.contains(caption)
        else { return }
        var blobs = deliveries[index].images[image].captionBlobs
        blobs += Array(repeating: nil, count: max(0, prepared.captions.count - blobs.count))
        blobs[caption] = blob
        deliveries[index].images[image].captionBlobs = blobs
    }

    /// The server refused image `image`'s bytes as too large: prepared again, smaller.
    mutating func imageTooLarge(_ index: Int, image: Int) {
        guard !isConfirmed(index), let sent = deliveries[index].images[image].prepared else { return }
        deliveries[index].images[image] = DeliveryImage(byteLimit: sent.byteCount * 3 / 4)
    }

    /// Mastodon's uploads from an earlier run are asked after again before the status names them.
    mutating func uploadsNeedChecking() {
        for index in deliveries.indices where !isConfirmed(index) {
            for image in deliveries[index].images.indices {
                if case .mastodon(let id, true)? = deliveries[index].images[image].upload {
                    deliveries[index].images[image].upload = .mastodon(id: id, ready: false)
                }
            }
        }
    }

    /// Whether network `index` may hold the post without having said so.
    func mayHaveBeenPosted(_ index: Int) -> Bool {
        switch deliveries[index].state {
        case .sending: return true
        case .confirmed: return false
        case .waiting, .failed: return deliveries[index].mayHavePost
        }
    }

    /// Recorded before a request leaves (the outbox is written then, so that a crash during a
    /// request that may make the post is known afterwards as an unknown outcome).
    mutating func willSend(_ index: Int, _ request: Request, now: Int64) {
        if case .confirmed = deliveries[index].state { return }  // never sent again
        guard request.mayPost else { return }
        deliveries[index].mayHavePost = mayHaveBeenPosted(index)
        deliveries[index].state = .sending
        deliveries[index].settleFrom = now
        if deliveries[index].firstSentAt == nil { deliveries[index].firstSentAt = now }
    }

    /// The network answered: the post is there (a link, and what the network calls it), or a
    /// failure. A failure that leaves no doubt about this request keeps what was known before it.
    mutating func received(
        _ index: Int, _ result: Result<String, DeliveryFailure>, postedAs: PostRef? = nil, now: Int64
    ) {
        if case .confirmed = deliveries[index].state { return }
        switch result {
        case .success(let link):
            deliveries[index].state = .confirmed(link: link)
            deliveries[index].postedAs = postedAs
            deliveries[index].mayHavePost = false
        case .failure(let failure):
            let wasSending = deliveries[index].state == .sending
            deliveries[index].mayHavePost =
                deliveries[index].mayHavePost || (wasSending && failure.mayHaveBeenPosted)
            deliveries[index].state = .failed(failure)
            if wasSending && failure.mayHaveBeenPosted { deliveries[index].settleFrom = now }
            if case .rateLimited(let seconds) = failure {
                // A second more: times are whole seconds, and "no sooner than" must hold.
                deliveries[index].notBefore = now + (seconds.map(Int64.init) ?? Self.defaultRetryAfterSeconds) + 1
            }
        }
    }

    /// The network says a record under this post's key exists: it is looked up before anything else.
    mutating func recordMayExist(_ index: Int) {
        if case .confirmed = deliveries[index].state { return }
        deliveries[index].state = .waiting
        deliveries[index].mayHavePost = true
    }

    /// A lookup's answer: there (confirmed), or certainly not (to be posted, safely: no request
    /// that may make it is on its way any more).
    mutating func lookedUp(_ index: Int, foundAt link: String?, postedAs: PostRef? = nil) {
        if case .confirmed = deliveries[index].state { return }
        deliveries[index].state = link.map { .confirmed(link: $0) } ?? .waiting
        deliveries[index].postedAs = link == nil ? nil : postedAs
        deliveries[index].mayHavePost = false
        if link != nil {  // out: nothing left to withdraw, move or find
            deliveries[index].leftSchedule = false
            deliveries[index].withdrawing = false
            deliveries[index].movingTo = nil
        }
    }

    /// The person chose to post delivery `index` though what it answers was deleted (`parentGone`):
    /// it goes answering nothing, a thread of its own with the parts after it.
    mutating func detach(_ index: Int) {
        guard case .failed(.parentGone) = deliveries[index].state else { return }
        deliveries[index].detached = true
        deliveries[index].state = .waiting
    }

    /// The person's answer to a look-up that could not tell (`cannotTell`): the status it showed
    /// is this post, or the network does not have it (posted then, under the same key).
    mutating func personSays(_ index: Int, isThere: Bool) {
        guard case .failed(.cannotTell(let link, let id)) = deliveries[index].state else { return }
        if isThere {
            guard let link, let id else { return }
            lookedUp(index, foundAt: link, postedAs: .mastodon(id: id))
        } else {
            lookedUp(index, foundAt: nil)
        }
    }

    /// Delivery `index` goes with another account of its network, unless that network has the
    /// post or may have it. The key stays: keys are per account on both networks.
    mutating func reassign(_ index: Int, to account: String) {
        guard !isConfirmed(index), !mayHaveBeenPosted(index), deliveries[index].account != account,
            deliveries[index].scheduledID == nil, !deliveries[index].leftSchedule  // its server keeps it
        else { return }
        deliveries[index].account = account
        deliveries[index].state = .waiting
    }

    var isConfirmedEverywhere: Bool {
        deliveries.allSatisfy { if case .confirmed = $0.state { true } else { false } }
    }

    func isConfirmed(_ index: Int) -> Bool {
        if case .confirmed = deliveries[index].state { true } else { false }
    }

    /// The links of the networks that confirmed, in the order the networks were given: of a
    /// thread, its first post's.
    var links: [String] {
        deliveries.compactMap { if $0.part == 0, case .confirmed(let link) = $0.state { link } else { nil } }
    }

    /// Whether no request of any kind has left for the post: no network holds or may hold it, nor
    /// any of its images. Only then can Undo take it back as if Send had never been pressed.
    var nothingHasLeft: Bool {
        deliveries.allSatisfy { delivery in
            delivery.state == .waiting && !delivery.mayHavePost && delivery.firstSentAt == nil
                && delivery.images.allSatisfy { $0.upload == nil && $0.captionBlobs.allSatisfy { $0 == nil } }
        }
    }

    /// Changes delivery `index` in one of the outbox's own extensions (the rules above stay the
    /// only way in from outside).
    mutating func change(_ index: Int, _ body: (inout Delivery) -> Void) { body(&deliveries[index]) }

    /// Whether the post may have reached a network that did not confirm it.
    var mayHaveBeenSentSomewhere: Bool { deliveries.indices.contains(where: mayHaveBeenPosted) }
}
