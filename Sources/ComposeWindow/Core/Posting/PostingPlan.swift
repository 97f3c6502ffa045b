/// One Send to the signed-in networks, as the app drives it: the outbox (what the file keeps), the
/// request each network needs next, and what each answer means for the post. Every protocol
/// decision is here, in plain values; the app sends the requests and keeps the file.
package struct PostingPlan: Hashable, Sendable {
    var outbox: Outbox

    /// What one network's credentials give a request: Mastodon's token, or Bluesky's session.
    package enum Credentials: Sendable {
        case mastodon(token: String)
        case bluesky(BlueskySession)
    }

    /// A transport failure: whether the request had left, and why it got no answer.
    package struct NoAnswer: Error, Equatable, Sendable {
        package let requestWasSent: Bool
        package let reason: DeliveryFailure.Reason

        package init(requestWasSent: Bool, reason: DeliveryFailure.Reason) {
            self.requestWasSent = requestWasSent
            self.reason = reason
        }
    }

    /// A new post to `accounts`, each with the key that makes its retries safe, chosen now:
    /// Mastodon's Idempotency-Key (random), Bluesky's record key (a TID of `microseconds`). `parts`:
    /// a network's thread, the text of each post in order; a network without one posts the text whole.
    /// `replyTo`: the post it answers (its first post does).
    package init(
        text: String, images: [PostImage] = [], options: PostOptions = PostOptions(), accounts: [PostingAccount],
        parts: [PostingAccount.Network: [String]] = [:], replyTo: ReplyParent? = nil, microsecondsSinceEpoch: UInt64
    ) {
        let keys = KeyMaker(microsecondsSinceEpoch: microsecondsSinceEpoch)
        let deliveries = accounts.flatMap { account in
            let texts = parts[account.network] ?? [text]
            return texts.enumerated().map { part, partText in
                Outbox.Delivery(
                    network: account.network, account: account.name, key: keys.key(account.network, part),
                    state: .waiting, part: part, partText: texts.count == 1 && partText == text ? nil : partText)
            }
        }
        outbox = Outbox(
            text: text, images: images, options: options,
            replyTo: replyTo.map {
                Outbox.ReplyTo(
                    ref: $0.ref, root: $0.root, author: $0.author, firstLine: $0.firstLine, server: $0.server)
            }, deliveries: deliveries)
    }

    /// The keys of one Send: Bluesky's TIDs in the thread's order (a feed orders a thread's posts by
    /// them), a fresh Idempotency-Key for each Mastodon post.
    private struct KeyMaker {
        let microsecondsSinceEpoch: UInt64
        let clock = UInt16.random(in: 0..<1024)

        func key(_ network: PostingAccount.Network, _ part: Int) -> String {
            switch network {
            case .mastodon:
                var random = SystemRandomNumberGenerator()
                return PostingPlan.idempotencyKey(using: &random)
            case .bluesky:
                return RecordKey.tid(
                    microsecondsSinceEpoch: microsecondsSinceEpoch + UInt64(part), clockIdentifier: clock)
            }
        }
    }

    /// The plan an outbox file holds (after a crash, the state it was left in); nil for one this
    /// version cannot read.
    package init?(file: JSONValue) {
        guard let outbox = Outbox(json: file) else { return nil }
        self.outbox = outbox
    }

    package var file: JSONValue { outbox.json }

    /// Whether Undo Send's countdown still holds the post at `now`, nothing of it having left.
    package func isHeldForUndo(now: Int64) -> Bool {
        guard let hold = outbox.hold, hold.kind == .undoSend else { return false }
        return now < hold.until && outbox.nothingHasLeft
    }

    /// Post now or Retry from the Drafts list: the post is due at `now`, for `--deliver` to send
    /// with its keys and look-ups as they stand (whatever may have left is checked first, as Send
    /// checks it).
    package mutating func goesNow(now: Int64) -> Bool {
        guard outbox.canWithdraw(now: now) else { return false }
        outbox.hold = Outbox.Hold(until: now, kind: .scheduled)
        outbox.withdrawFromServers()
        outbox.postsFromHere()
        return true
    }

    /// Discard from the Drafts list of a post a server keeps: `--deliver` withdraws it there, and
    /// then the post is abandoned. False when it is too near its time to be withdrawn.
    package mutating func withdraw(now: Int64) -> Bool {
        guard outbox.canWithdraw(now: now) else { return false }
        outbox.hold = Outbox.Hold(until: now, kind: .withdrawn)
        outbox.withdrawFromServers()
        return true
    }

    /// When the post's hold ends (its time, or Undo's), if it has one.
    package var heldUntil: Int64? { outbox.hold?.until }
    /// Whether it waits for (or waited for) a time the person chose.
    package var isScheduled: Bool { outbox.hold?.kind == .scheduled }
    /// Whether the post has a time still ahead of `now`.
    package func isScheduledForLater(now: Int64) -> Bool {
        outbox.hold.map { $0.kind == .scheduled && $0.until > now } ?? false
    }
    /// Whether it waits for its time and nothing else (every network's post here or kept).
    package var waitsForItsTime: Bool { outbox.waitsForItsTime }
    /// The accounts whose server keeps the post on its schedule.
    package var keptBy: [String] { outbox.scheduledOnServers }
    /// Whether a server keeps the post on its schedule (Discard then withdraws it there first).
    package var isKeptByAServer: Bool { outbox.deliveries.indices.contains(where: outbox.isKeptByItsServer) }
    /// Whether a server kept the post (or keeps it): the person could edit it after it left.
    package var wasKeptByAServer: Bool { outbox.deliveries.contains { $0.scheduledID != nil || $0.leftSchedule } }
    /// Whether the post was discarded and withdrawn from every server that kept it.
    package var isWithdrawnEverywhere: Bool { outbox.isWithdrawnEverywhere }
    /// Whether the post is being withdrawn, being discarded.
    package var isBeingWithdrawn: Bool { outbox.hold?.kind == .withdrawn }

    /// The post waited for Undo and nothing of it has left: the window that sent it closed during
    /// the countdown, so it was never posted.
    package var wasTakenBackUnsent: Bool { outbox.hold?.kind == .undoSend && outbox.nothingHasLeft }
    package var text: String { outbox.text }
    package var images: [PostImage] { outbox.images }
    package var options: PostOptions { outbox.options }
    /// The accounts posted to, one per network, in the order given.
    package var accountNames: [String] { outbox.deliveries.filter { $0.part == 0 }.map(\.account) }
    /// The networks posted to, in the order given.
    package var networks: [PostingAccount.Network] { outbox.deliveries.filter { $0.part == 0 }.map(\.network) }
    /// Every delivery: one per network, or one per post of a network's thread.
    package var deliveryIndices: Range<Int> { outbox.deliveries.indices }
    package var isConfirmedEverywhere: Bool { outbox.isConfirmedEverywhere }
    /// The links of the networks that have the post, in the order given.
    package var links: [String] { outbox.links }
    /// Whether a network may have the post without having said so (after a lost answer, a crash).
    package var mayHaveBeenSentSomewhere: Bool { outbox.mayHaveBeenSentSomewhere }
    /// The accounts of the networks that may have the post without having said so.
    package var accountsThatMayHaveIt: [String] {
        var names: [String] = []
        for index in outbox.deliveries.indices where outbox.mayHaveBeenPosted(index) {
            if !names.contains(outbox.deliveries[index].account) { names.append(outbox.deliveries[index].account) }
        }
        return names
    }

    /// 128 random bits as 32 hex digits (Mastodon keeps any string up to its own limit).
    static func idempotencyKey(using random: inout some RandomNumberGenerator) -> String {
        (0..<2).map { _ in
            let hex = String(UInt64.random(in: .min ... .max, using: &random), radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The handles the text mentions that were not chosen from the mention list (those come with
    /// their DIDs), to resolve before the Bluesky record is made.
    package var handlesToResolve: [String] {
        BlueskyPost.mentionedHandles(in: outbox.text).filter { outbox.options.mentions[$0] == nil }
    }

    /// com.atproto.identity.resolveHandle on the account's server.
    package static func resolveHandle(_ handle: String, session: BlueskySession) -> APIRequest {
        var request = APIRequest.xrpc(.get, host: session.account.host, "com.atproto.identity.resolveHandle")
        request.query = [.init(name: "handle", value: handle)]
        return request
    }

    /// The DID a resolveHandle answer gives; nil: the handle stays plain text.
    package static func resolvedDID(_ answer: APIAnswer) -> String? {
        guard answer.succeeded, let did = answer.json?["did"]?.string, did.hasPrefix("did:") else { return nil }
        return did
    }

    /// The post with `text`, `images` and `options` (and each network's `parts`) for every network
    /// that does not have it; nil while one may have it unsaid (PostingSession keeps the text
    /// read-only then).
    package func replacingContent(
        text: String, images: [PostImage], options: PostOptions, parts: [PostingAccount.Network: [String]] = [:],
        microsecondsSinceEpoch: UInt64 = 0
    ) -> PostingPlan? {
        let keys = KeyMaker(microsecondsSinceEpoch: microsecondsSinceEpoch)
        guard
            let edited = outbox.replacingContent(
                text: text, images: images, options: options, parts: parts,
                now: Int64(microsecondsSinceEpoch / 1_000_000), newKey: keys.key)
        else { return nil }
        var plan = self
        plan.outbox = edited
        plan.lookups = [:]
        return plan
    }

    /// The person chose `account` for its network: the post goes there with that account unless
    /// the network has it (a part of its thread) or may have it; then it stays with its own account
    /// (a thread is one account's) until that is settled.
    package mutating func reassign(_ account: PostingAccount) {
        let thread = outbox.thread(of: account.network)
        guard !thread.contains(where: { outbox.isConfirmed($0) || outbox.mayHaveBeenPosted($0) }) else { return }
        for index in thread { outbox.reassign(index, to: account.name) }
    }

    /// The account the post goes on with on `network`: the one the person chose in this window
    /// (the menu, `--account`) when it is signed in, else the one the post was started with while
    /// it is signed in; never another account by default (nil: none, and Send says so).
    package func continuingAccount(
        on network: PostingAccount.Network, chosen: String?, among accounts: [PostingAccount]
    ) -> PostingAccount? {
        let signedIn = accounts.filter { $0.network == network }
        if let chosen, let account = signedIn.first(where: { $0.name == chosen }) { return account }
        return signedIn.first { $0.name == startedWith(on: network) }
    }

    /// The account the post was started with on `network`.
    package func startedWith(on network: PostingAccount.Network) -> String? {
        outbox.thread(of: network).first.map { outbox.deliveries[$0].account }
    }

    /// What a run (one Send or Retry) does next.
    package enum Step: Equatable, Sendable {
        /// A request for delivery `index` (`request(for:…)` makes it).
        case request(index: Int)
        /// Image `image` is to be made to fit delivery `index`'s network (`imageLimits…`, then
        /// `prepared` or `preparingFailed`).
        case prepare(index: Int, image: Int)
        /// Nothing more this run. `waitUntil`: the earliest time (seconds since the epoch) a network
        /// may be asked again, when one asked to wait or may still be working on the post.
        case finished(waitUntil: Int64?)
    }

    /// Starts a run: every network that does not have the post is tried once more.
    package mutating func startRun() {
        outbox.askedThePersonAt = nil  // the person's Send or Retry, or a run that may ask again
        runOver = []
        polls = [:]
        blobsSentAgain = []
        videosSentAgain = []
        serviceTokens = [:]
        videoLimitsChecked = []
        videoServiceMissing = []
        jobProgress = [:]
        scheduledLookedUp = []
        outbox.uploadsNeedChecking()
    }

    /// The networks this run is done with (answered with a failure, or waiting).
    var runOver: Set<Int> = []
    /// Mastodon lookups under way, by delivery.
    var lookups: [Int: MastodonLookup] = [:]
    /// How often this run has found an image still processing, by delivery and image.
    var polls: [ImageOfDelivery: Int] = [:]
    /// The deliveries whose blobs this run sent again after the PDS had dropped them.
    var blobsSentAgain: Set<Int> = []
    /// The deliveries whose videos this run sent again after the video service forgot their job.
    var videosSentAgain: Set<Int> = []
    /// Bluesky's service-auth tokens for the video service, each for one call: in memory only (a
    /// secret never touches a file), and gone with the run.
    var serviceTokens: [ServiceTokenKey: String] = [:]
    /// The videos whose daily limits the video service allowed in this run.
    var videoLimitsChecked: Set<ImageOfDelivery> = []
    /// The Bluesky deliveries whose PDS gives no service-auth token: their video goes by uploadBlob.
    var videoServiceMissing: Set<Int> = []
    /// How far the video service says it is with a video, in percent.
    var jobProgress: [ImageOfDelivery: Int] = [:]
    /// Look-ups among scheduled statuses under way: the page to read next, by delivery.
    var scheduledPages: [Int: ScheduledPage] = [:]
    /// The deliveries this run looked up among scheduled statuses and did not find.
    var scheduledLookedUp: Set<Int> = []

    /// The next request of this run, in the order the networks were given; a network that must
    /// wait is left for the next run, and the time it waits for is kept.
    package mutating func step(now: Int64) -> Step {
        for index in outbox.deliveries.indices where !runOver.contains(index) {
            switch outbox.next(for: index, now: now) {
            case .done, .awaitingEarlierPart: continue
            case .wait: runOver.insert(index)
            case .request: return .request(index: index)
            case .prepare(let image): return .prepare(index: index, image: image)
            }
        }
        // Every network that must wait, whether it waited from the start or failed on the way (a
        // 503, a 429): the window tries again at the earliest of their times.
        let waits = outbox.deliveries.indices.compactMap { index -> Int64? in
            if case .wait(let until) = outbox.next(for: index, now: now) { until } else { nil }
        }
        return .finished(waitUntil: waits.min())
    }

    package func account(_ index: Int) -> String { outbox.deliveries[index].account }
    package func network(_ index: Int) -> PostingAccount.Network { outbox.deliveries[index].network }

    /// The request delivery `index` needs now. `createdAt` (RFC 3339) goes into a Bluesky record;
    /// `didsByHandle` are the mentions that resolved (one chosen from the list keeps the list's
    /// DID). The options are the outbox's own.
    package func request(
        for index: Int, credentials: Credentials, now: Int64, createdAt: String, didsByHandle: [String: String]
    ) -> APIRequest? {
        guard case .request(let next) = nextStep(index, now: now) else { return nil }
        switch (next, credentials) {
        case (.uploadImage(let image), _), (.checkImage(let image), _):
            return imageRequest(next, index: index, image: image, credentials: credentials)
        case (.uploadCaption(let image, let caption), .bluesky(let session)):
            return captionRequest(index, image: image, caption: caption, session: session)
        case (.serviceAuth, .bluesky(let session)), (.videoUploadLimits, .bluesky(let session)),
            (.uploadVideo, .bluesky(let session)), (.checkVideoJob, .bluesky(let session)):
            return videoServiceRequest(next, index: index, session: session, now: now)
        case (.postStatus(let key), .mastodon(let token)):
            var request = APIRequest(.post, host: mastodonHost(index), path: "/api/v1/statuses")
            request.bearer = token
            request.headers = [.init(name: "Idempotency-Key", value: key)]
            // No visibility chosen: the server then uses the account's own default (source.privacy).
            request.body = MastodonRules.statusBody(
                text: postedText(index), options: outbox.options, mediaIDs: mastodonMediaIDs(index),
                inReplyTo: mastodonParentID(index), quoting: mastodonQuoteID(index),
                scheduledAt: serverTimeToGive(index))
            return request
        case (.lookUpStatus, .mastodon(let token)):
            return (lookups[index] ?? newLookup(index)).request(token: token)
        case (.lookUpScheduled, .mastodon(let token)), (.checkScheduled, .mastodon(let token)),
            (.withdrawScheduled, .mastodon(let token)), (.moveScheduled, .mastodon(let token)):
            return scheduleRequest(next, index: index, token: token)
        case (.createRecord(let key), .bluesky(let session)):
            let post = BlueskyPost(
                typed: postedText(index),
                didsByHandle: outbox.options.mentions.merging(didsByHandle) { chosen, _ in chosen })
            let record = post.record(
                createdAt: createdAt, langs: outbox.options.languages, images: blueskyImages(index),
                card: blueskyCard(index),
                labels: outbox.options.blueskyLabels(hasImages: !blueskyImages(index).isEmpty),
                reply: blueskyReply(index), quote: blueskyQuote(index))
            let repo = session.account.identity
            let gates = blueskyGates(index, repo: repo, createdAt: createdAt)
            // With gates, one applyWrites: the post is never there without them (all or nothing).
            var request = APIRequest.xrpc(
                .post, host: session.account.host,
                gates.isEmpty ? "com.atproto.repo.createRecord" : "com.atproto.repo.applyWrites")
            request.bearer = session.accessToken
            request.body =
                gates.isEmpty
                ? BlueskyPost.createRecordBody(repo: repo, recordKey: key, record: record)
                : BlueskyPost.applyWritesBody(
                    repo: repo, recordKey: key, writes: [("app.bsky.feed.post", record)] + gates)
            return request
        case (.findRecord(let key), .bluesky(let session)):
            var request = APIRequest.xrpc(.get, host: session.account.host, "com.atproto.repo.getRecord")
            request.bearer = session.accessToken
            request.query = [
                .init(name: "repo", value: session.account.identity),
                .init(name: "collection", value: "app.bsky.feed.post"), .init(name: "rkey", value: key),
            ]
            return request
        default: return nil
        }
    }

    func mastodonHost(_ index: Int) -> String {
        String(outbox.deliveries[index].account.split(separator: "@").last ?? "")
    }

    /// The keyring holds no usable sign-in for delivery `index`'s account.
    package mutating func notSignedIn(_ index: Int, now: Int64) {
        outbox.received(index, .failure(.signInAgain), now: now)
        runOver.insert(index)
    }

    /// Recorded (and written to the file) before the request leaves.
    package mutating func willSend(_ index: Int, now: Int64) {
        guard case .request(let next) = nextStep(index, now: now) else { return }
        inFlight[index] = next
        outbox.willSend(index, next, now: now)
        if case .uploadVideo(let image) = next { outbox.videoSent(index, image: image) }
    }

    /// What each network was asked and has not answered yet.
    var inFlight: [Int: Outbox.Request] = [:]

    /// What delivery `index`'s answer means: the post is there (its link), not there (a lookup
    /// that found nothing: post it now, under the same key), a lookup's next question, or a failure.
    package mutating func received(_ index: Int, _ result: Result<APIAnswer, NoAnswer>, now: Int64) {
        guard let asked = inFlight.removeValue(forKey: index) else { return }
        // A look-up after a crash finds the post "on its way" (sending): whatever the look-up meets,
        // that knowledge stays (a 401 to a look-up says nothing of the post).
        if !asked.mayPost, outbox.mayHaveBeenPosted(index) { outbox.change(index) { $0.mayHavePost = true } }
        let delivery = outbox.deliveries[index]
        let answer: APIAnswer
        switch result {
        case .failure(let noAnswer):
            // A lookup that got no answer settled nothing; a post request may have made the post.
            let failure: DeliveryFailure =
                noAnswer.requestWasSent && asked.mayPost ? .outcomeUnknown(noAnswer.reason) : .notSent(noAnswer.reason)
            // A look-up goes on where it stopped (the pages it read stay read): begun again, a
            // look-up through many statuses would meet the same limit at the same page for ever.
            if case .lookUpStatus = asked {} else { lookups[index] = nil }
            return fail(index, failure, now: now)
        case .success(let given): answer = given
        }
        switch asked {
        case .uploadImage(let image): uploadAnswered(index, image: image, answer, now: now)
        case .checkImage(let image): checkAnswered(index, image: image, answer, now: now)
        case .serviceAuth, .videoUploadLimits, .uploadVideo, .checkVideoJob:
            videoServiceAnswered(index, asked, answer, now: now)
        case .uploadCaption(let image, let caption):
            captionAnswered(index, image: image, caption: caption, answer, now: now)
        case .createRecord where Self.blobMissing(answer) && !blobsSentAgain.contains(index):
            // Nothing was made; the PDS dropped a blob nothing referenced yet: the same bytes again.
            blobsSentAgain.insert(index)
            outbox.lookedUp(index, foundAt: nil)  // the PDS answered: no record was made
            for image in delivery.images.indices { outbox.imageGone(index, image: image) }
            // A video the service stored, dropped since: the service would answer the same bytes
            // with the same blob (already_exists), so this run sends them to the PDS itself.
            if delivery.images.indices.contains(where: { isVideo(index, image: $0) }) {
                videoServiceMissing.insert(index)
            }
        case .findRecord:
            if answer.succeeded, let (link, record) = Self.blueskyRecord(delivery, answer) {
                outbox.lookedUp(index, foundAt: link, postedAs: record)
            } else if answer.status == 400, answer.json?["error"]?.string == "RecordNotFound" {
                outbox.lookedUp(index, foundAt: nil)
            } else {
                fail(index, Self.failure(answer), now: now)
            }
        case .lookUpScheduled, .checkScheduled, .withdrawScheduled, .moveScheduled:
            scheduleAnswered(index, asked, answer, now: now)
        case .postStatus where outbox.deliveries[index].serverTime != nil && !outbox.deliveries[index].leftSchedule:
            scheduledPostAnswered(index, answer, now: now)
        case .lookUpStatus:
            var lookup = lookups[index] ?? newLookup(index)
            switch lookup.received(answer) {
            case .ask: lookups[index] = lookup
            case .found(let link, let id):
                lookups[index] = nil
                outbox.lookedUp(index, foundAt: link, postedAs: .mastodon(id: id))
            case .notFound where delivery.leftSchedule && delivery.withdrawing && isBeingWithdrawn:
                // Discarded, and not published: withdrawn after all. (After Post now or an edit the
                // text looked for may not be what was kept: only the person can tell.)
                lookups[index] = nil
                withdrawn(index, now: now)
            case .notFound where delivery.leftSchedule && now < Outbox.publishedBy(delivery.serverTime):
                // Mastodon publishes due statuses every few minutes, and deletes the scheduled one
                // first: for a while neither exists (docs/servers.md). Looked for again after.
                lookups[index] = nil
                outbox.lookAgain(index, at: Outbox.publishedBy(delivery.serverTime))
            case .notFound where delivery.leftSchedule:
                // Neither scheduled nor published: cancelled on the server, or dropped by it.
                // Only the person knows whether it should still go.
                lookups[index] = nil
                fail(index, .cannotTell(link: nil, id: nil), now: now)
            case .notFound:
                lookups[index] = nil
                outbox.lookedUp(index, foundAt: nil)
            case .undecided(let link, let id):
                lookups[index] = nil
                fail(index, .cannotTell(link: link, id: id), now: now)
            case .failed(let failure):
                lookups[index] = lookup  // the same question again, after the wait the failure asks for
                fail(index, failure, now: now)
            }
        case .createRecord where Self.recordExists(answer):
            // Our key, taken: a request of ours made it (one that seemed lost, or is slower than
            // this one). It is read back now, in this run.
            outbox.recordMayExist(index)
        case .postStatus where answer.status == 404 && mastodonParentID(index) != nil && mastodonQuoteID(index) == nil:
            // The only 404 a status that answers another (and quotes none by id) gets: that post is
            // gone (deleted, or no longer visible). Sent again, it fails the same way; the person
            // decides. Told by what was sent, never by the server's words, which are translated
            // (docs/servers.md); a reply that also quotes by id gets the server's own words.
            fail(index, .parentGone, now: now)
        case .postStatus, .createRecord: postAnswered(index, answer, now: now)
        }
    }

    /// A post request's answer: the post is there (its link), or a failure.
    mutating func postAnswered(_ index: Int, _ answer: APIAnswer, now: Int64) {
        let delivery = outbox.deliveries[index]
        guard answer.succeeded else { return fail(index, Self.failure(answer), now: now) }
        let posted: (link: String, ref: Outbox.PostRef)? =
            switch delivery.network {
            case .mastodon:
                // A link goes to standard output and the outbox: one line, or no link at all.
                answer.json?["url"]?.string.flatMap { StateValues.isOneLine($0) ? $0 : nil }.flatMap { link in
                    answer.json?["id"]?.string.flatMap(MastodonLookup.safeID).map { (link, .mastodon(id: $0)) }
                }
            case .bluesky: Self.blueskyRecord(delivery, answer)
            }
        // A 2xx that names no post: the server took something; it is looked up before anything else.
        guard let posted else { return fail(index, .serverError(status: answer.status), now: now) }
        outbox.received(index, .success(posted.link), postedAs: posted.ref, now: now)
    }

    mutating func fail(_ index: Int, _ failure: DeliveryFailure, now: Int64) {
        outbox.received(index, .failure(failure), now: now)
        runOver.insert(index)
    }

    /// The post's link and strongRef from createRecord's or getRecord's answer (its `uri` and `cid`),
    /// or applyWrites' (its first result: the post is its first write).
    private static func blueskyRecord(_ delivery: Outbox.Delivery, _ answer: APIAnswer) -> (String, Outbox.PostRef)? {
        let made = answer.json?["results"]?.elements?.first ?? answer.json
        guard let uri = made?["uri"]?.string, let cid = made?["cid"]?.string, !cid.isEmpty,
            let link = BlueskyPost.link(handle: String(delivery.account.dropFirst()), recordURI: uri)
        else { return nil }
        return (link, .bluesky(BlueskyPost.StrongRef(uri: uri, cid: cid)))
    }

    /// createRecord's refusal of a record key that is taken (the PDS's words).
    static func recordExists(_ answer: APIAnswer) -> Bool {
        guard answer.status == 400, answer.json?["error"]?.string == "InvalidRequest",
            let words = answer.json?["message"]?.string?.lowercased()
        else { return false }
        return words.contains(bytes: "already exists")
    }

    static func failure(_ answer: APIAnswer) -> DeliveryFailure {
        if answer.status == 400,
            answer.json?["error"]?.string.map({ ["InvalidToken", "ExpiredToken"].contains($0) }) == true
        {
            return .signInAgain
        }
        return DeliveryFailure(
            status: answer.status, retryAfter: answer.retryAfter, serverMessage: answer.serverMessage)
            ?? .serverError(status: answer.status)
    }

    /// Delivery `index`'s failure, if its last request failed.
    package func failure(_ index: Int) -> DeliveryFailure? {
        if case .failed(let failure) = outbox.deliveries[index].state { failure } else { nil }
    }
}
