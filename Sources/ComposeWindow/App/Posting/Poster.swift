import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue
import Synchronization

/// Drives the window's posting session (ComposeWindowCore's PostingSession decides): the requests
/// of each run over HTTPS, one network after another, the outbox file written before each request
/// leaves and after each answer, so that a crash at any point leaves it saying how far the post got.
@MainActor
final class Poster {
    enum Outcome {
        /// Every network has the post: the links, in the order given.
        case posted([String])
        /// Not every network: one line per network that failed, and when the window tries again by
        /// itself (a network asked to wait, or may still be working on the post).
        case failed([String], retryAt: Int64?)
        /// Undo Send's countdown: the post is in the outbox and nothing of it leaves before this
        /// time (seconds since the epoch), when the window sends it on.
        case countingDown(until: Int64)
        /// Send later: the post waits whole in the outbox for this time (seconds since the epoch),
        /// when the timer's `--deliver` or a window holding it sends it on.
        case scheduled(at: Int64)
        /// Discarded, and withdrawn from every server that kept it; the links of any network
        /// that had published it before it could be.
        case withdrawn([String])
    }

    private(set) var session: PostingSession
    private let entry: OutboxStore
    /// The outbox entry, and once there is a post, its images' folder with it.
    var store: OutboxStore { plan.map(entry.forPost) ?? entry }
    private var accounts: [PostingAccount] = []
    /// Made anew for each run: a session keeps a host's resolved addresses for minutes, and a retry
    /// after a failed connection must look the name up again.
    private var client = HTTPSClient(userAgent: AccountCommands.userAgent)
    /// By account: every post of a thread goes with its network's one sign-in.
    private var credentials: [String: PostingPlan.Credentials] = [:]
    private var didsByHandle: [String: String]?
    private var completion: (@MainActor (Outcome) -> Void)?
    /// What the Mastodon account's server takes (its own limits once known, Mastodon's defaults till then).
    var mastodonImageLimits = ImageLimits.mastodonDefault
    var mastodonVideoLimits = VideoLimits.mastodon(sizeLimit: nil, matrixLimit: nil, frameRateLimit: nil)
    /// While a video is made to fit: set by Stop, read on the media thread.
    private var videoCancel: VideoCancel?
    /// Stop was pressed in this run: nothing more is prepared until Send runs again.
    private var stopped = false
    /// A video is being made to fit: how far (0…1), and the words for the bar.
    var onVideoProgress: (@MainActor (Double, String) -> Void)?
    /// The wait before asking again whether Mastodon has processed an image.
    private var pause: MainLoopSource?
    /// What the run is doing with the post's images now, for the bar (nil: posting the post itself).
    var onProgress: (@MainActor (String?) -> Void)?

    init(session: PostingSession, store: OutboxStore) {
        self.session = session
        self.entry = store
    }

    var plan: PostingPlan? { session.plan }
    var isRunning: Bool { session.isPosting }

    /// Send or Retry with the window's `text`, `images` and `options` (each network's thread in
    /// `parts`) to `chosen` (one account per network); `known` are the signed-in accounts, whose keyring entries hold the credentials.
    func send(
        _ text: String, images: [PostImage], options: PostOptions, parts: [PostingAccount.Network: [String]],
        replyTo: ReplyParent?, to chosen: [PostingAccount], known: [PostingAccount], undoSeconds: Int = 0,
        scheduledAt: Int64? = nil, serverKeepsTime: Bool = false, completion: @escaping @MainActor (Outcome) -> Void
    ) -> PostingSession.SendResult {
        let result = session.send(
            text: text, images: images, options: options, accounts: chosen, parts: parts, replyTo: replyTo,
            undoSeconds: undoSeconds, scheduledAt: scheduledAt, serverKeepsTime: serverKeepsTime,
            microsecondsSinceEpoch: UInt64(max(0, g_get_real_time())))
        guard result == .run else { return result }
        accounts = known
        self.completion = completion
        client = HTTPSClient(userAgent: AccountCommands.userAgent)
        credentials = [:]  // the person may have signed in again
        stopped = false
        // The post is in the outbox before anything leaves.
        save { [weak self] in self?.next() }
        return result
    }

    private func next() {
        let move = session.nextMove(now: Self.now)
        switch move {
        case .prepare(let index, _), .send(let index, _): onProgress?(plan?.imageProgress(index, now: Self.now))
        case .finished: break
        }
        switch move {
        case .finished(let outcome): finish(outcome)
        case .prepare(let index, let image) where stopped:
            // Stop ends this run's preparing, every network's: none goes on without the others.
            session.preparingFailed(index, image: image, reason: localized("stopped"), now: Self.now)
            save { [weak self] in self?.next() }
        case .prepare(let index, let image): prepare(index, image: image)
        case .send(let index, let delay) where delay > 0:
            pause = MainLoopSource.timeout(milliseconds: UInt32(delay)) { [weak self] in
                self?.pause = nil
                self?.request(index)
                return false
            }
        case .send(let index, _): request(index)
        }
    }

    /// Image `image` made to fit delivery `index`'s network, on the media thread (its file is on
    /// disk, fsynced, before the outbox that names it is written), then the run goes on. A video
    /// says how far it is, and Stop (`stopPreparing`) ends it.
    private func prepare(_ index: Int, image: Int) {
        guard let plan else { return }
        let (source, limits, fromPage) = plan.imageToPrepare(
            index, image: image, mastodonLimits: mastodonImageLimits)
        let videoLimits = plan.videoLimits(index, image: image, mastodon: mastodonVideoLimits)
        let (captions, keepsCopies) = plan.captionsToPrepare(index, image: image)
        let folder = store.mediaFolder ?? ""
        let captionFiles = captions.indices.map {
            plan.preparedCaptionFile(index, image: image, caption: $0, folder: folder)
        }
        let cancelled = VideoCancel()
        videoCancel = cancelled
        StateWriter.mediaWork.write { [weak self] in
            let destination = { plan.preparedFile(index, image: image, folder: folder, mimeType: $0) }
            if fromPage {
                return ImagePreparation.preparePagePicture(source.path, limits: limits, destination: destination)
            }
            guard AttachedMedia.isVideo(source.path) else {
                // Never posted without a caption the person attached (a draft edited by hand).
                guard captions.isEmpty else {
                    return .failure(.init(reason: localized("captions go with a video only; remove them")))
                }
                return ImagePreparation.prepare(source.path, limits: limits, destination: destination)
            }
            // The captions first: one Bluesky would refuse stops the post before minutes of encoding.
            let copies: [PreparedCaption]
            switch Self.prepareCaptions(captions, to: keepsCopies ? captionFiles : nil) {
            case .success(let made): copies = made
            case .failure(let failure): return .failure(failure)
            }
            var shown = -1
            return AttachedMedia.prepareVideo(
                source.path, limits: videoLimits, to: destination("video/mp4"),
                progress: { done in
                    // The bar changes once a percent, not five times a second.
                    guard Int(done * 100) != shown else { return }
                    shown = Int(done * 100)
                    onMainLoop { [weak self] in self?.videoPrepared(index, done: done) }
                }, isCancelled: { cancelled.isSet }
            ).map { video in
                var video = video
                video.captions = copies
                return video
            }
        } then: { [weak self] result in
            guard let self else { return }
            self.videoCancel = nil
            switch result {
            case .success(let prepared): self.session.prepared(index, image: image, prepared)
            case .failure(let failure):
                self.session.preparingFailed(index, image: image, reason: failure.reason, now: Self.now)
            }
            self.save { [weak self] in self?.next() }
        }
    }

    /// Each caption checked, and copied to `files` (Bluesky's delivery, in the post's media folder
    /// beside the video; nil: checked only). The copies are what Bluesky's uploads send, the first
    /// and every resume: the bytes checked are the bytes sent, and a resume after the person
    /// changed or removed their file sends what Send was given. On the media thread.
    nonisolated private static func prepareCaptions(
        _ captions: [VideoCaption], to files: [String]?
    ) -> Result<[PreparedCaption], ImagePreparation.Failure> {
        var copies: [PreparedCaption] = []
        for (number, caption) in captions.enumerated() {
            let name = AttachmentStrip.fileName(caption.path)
            if let files {
                switch VideoCaption.copy(caption, to: files[number]) {
                case .success(let copy): copies.append(copy)
                case .failure(let problem):
                    return .failure(.init(reason: localized("caption {0}: {1}", name, problem.description)))
                }
            } else if let problem = VideoCaption.problem(ofFile: caption.path) {
                return .failure(.init(reason: localized("caption {0}: {1}", name, problem)))
            }
        }
        return .success(copies)
    }

    private func videoPrepared(_ index: Int, done: Double) {
        guard videoCancel != nil, let plan else { return }
        onVideoProgress?(done, plan.videoProgress(index, done: done))
    }

    /// Stop while a video is made to fit: it stops, leaving no file, and the run ends as failed
    /// (the draft keeps the text and the video; Send begins again).
    func stopPreparing() {
        stopped = true
        videoCancel?.set()
    }

    private func request(_ index: Int) {
        withCredentials(for: index) { [weak self] credentials in
            guard let self else { return }
            guard let credentials else {
                self.session.notSignedIn(index, now: Self.now)
                return self.save { [weak self] in self?.next() }
            }
            if case .bluesky(let session) = credentials, self.didsByHandle == nil, let plan = self.plan {
                return self.resolveMentions(plan.handlesToResolve, session: session, resolved: [:]) {
                    [weak self] in
                    self?.didsByHandle = $0
                    self?.deliver(index)
                }
            }
            self.deliver(index)
        }
    }

    /// One request for delivery `index`, then whatever its answer calls for.
    private func deliver(_ index: Int, refreshed: Bool = false) {
        let now = Self.now
        guard let plan, let credentials = credentials[plan.account(index)],
            let request = plan.request(
                for: index, credentials: credentials, now: now, createdAt: Self.rfc3339(now: now),
                didsByHandle: didsByHandle ?? [:])
        else {
            session.notSignedIn(index, now: now)
            return save { [weak self] in self?.next() }
        }
        session.willSend(index, now: now)
        save { [weak self] in self?.send(request, for: index, credentials: credentials, refreshed: refreshed) }
    }

    /// The request, once the outbox says it is on its way.
    private func send(
        _ request: APIRequest, for index: Int, credentials: PostingPlan.Credentials, refreshed: Bool
    ) {
        client.call(request) { [weak self] result in
            guard let self else { return }
            // Only the PDS's answer speaks of the session (the video service's is about its own token).
            if case .success(let answer) = result, !refreshed, case .bluesky(let expired) = credentials,
                request.host == expired.account.host, BlueskySession.accessTokenExpired(answer)
            {
                return self.refresh(expired, index: index)
            }
            self.session.received(
                index, result.mapError { PostingPlan.NoAnswer(requestWasSent: $0.requestWasSent, reason: $0.reason) },
                now: Self.now)
            self.save { [weak self] in self?.next() }
        }
    }

    /// Bluesky's access token expired (the request was answered, so it made nothing):
    /// refreshSession, the new tokens to the keyring, the request again; PostingSession decides
    /// what any other outcome means. New tokens the keyring will not keep are ended at the PDS.
    private func refresh(_ expired: BlueskySession, index: Int) {
        client.call(expired.refresh) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure): self.refreshed(index, .noAnswer(failure.reason))
            case .success(let answer):
                let judged = PostingSession.refresh(answer: answer, service: expired.account.host)
                guard let renewed = judged.session else { return self.refreshed(index, judged.refresh) }
                self.keep(renewed, of: expired.account, index: index)
            }
        }
    }

    private func refreshed(_ index: Int, _ refresh: PostingSession.Refresh) {
        guard session.refreshed(index, refresh, now: Self.now) else { return save { [weak self] in self?.next() } }
        deliver(index, refreshed: true)
    }

    /// The refreshed session to the keyring (asynchronously: a D-Bus service), then the request
    /// again; tokens the keyring will not keep are ended at the PDS and the person asked to sign in.
    private func keep(_ renewed: BlueskySession, of account: PostingAccount, index: Int) {
        guard let text = try? JSONText.text(of: renewed.secret) else { return refusedToKeep(renewed, index: index) }
        AccountSecrets.store(
            text, network: "bluesky", account: account.name, label: "Compose Window: " + account.listing
        ) { [weak self] result in
            guard let self else { return }
            guard case .success = result else { return self.refusedToKeep(renewed, index: index) }
            self.credentials[account.name] = .bluesky(renewed)
            self.refreshed(index, .renewed)
        }
    }

    private func refusedToKeep(_ renewed: BlueskySession, index: Int) {
        client.call(renewed.signOut) { _ in }
        refreshed(index, .notKept)
    }

    private func resolveMentions(
        _ handles: [String], session: BlueskySession, resolved: [String: String],
        then: @escaping @MainActor ([String: String]) -> Void
    ) {
        guard let handle = handles.first else { return then(resolved) }
        client.call(PostingPlan.resolveHandle(handle, session: session)) { [weak self] result in
            var resolved = resolved
            if case .success(let answer) = result, let did = PostingPlan.resolvedDID(answer) { resolved[handle] = did }
            self?.resolveMentions(Array(handles.dropFirst()), session: session, resolved: resolved, then: then)
        }
    }

    /// The keyring's sign-in for delivery `index`'s account, or nil when it holds none, to `then`.
    /// Asked asynchronously: the keyring is a D-Bus service that may be slow, or locked and asking.
    private func withCredentials(
        for index: Int, then: @escaping @MainActor (PostingPlan.Credentials?) -> Void
    ) {
        if let plan, let known = credentials[plan.account(index)] { return then(known) }
        guard let plan, let account = accounts.first(where: { $0.name == plan.account(index) }) else {
            return then(nil)
        }
        PostingCredentials.lookUp(account) { [weak self] found in
            self?.credentials[account.name] = found
            then(found)
        }
    }

    /// The person chose to post it without answering the deleted post (PostingSession).
    func postWithoutParent() { session.postWithoutParent() }

    /// The person changed the post (PostingSession: a promised retry no longer goes by itself).
    func edited() { session.edited() }

    /// Post now on a scheduled post (PostingSession.postNow).
    func postNow() -> Bool { session.postNow(now: Self.now) }

    /// Another time for a scheduled post (PostingSession.reschedule); the next Send moves it.
    func reschedule(to time: Int64) -> Bool { session.reschedule(to: time, now: Self.now) }

    /// Discard of a post a server keeps: the next Send withdraws it there (PostingSession.withdraw).
    func withdraw() -> Bool { session.withdraw(now: Self.now) }

    /// The person's answer to each look-up that could not tell (PostingSession), written to the
    /// outbox by the next run before anything leaves.
    func personSays(isThere: Bool) { session.personSays(isThere: isThere) }

    /// Undo during the countdown: the post is taken back and its outbox entry goes; false when it
    /// is too late (PostingSession.undoSend).
    func undoSend() -> Bool {
        let store = self.store
        guard session.undoSend() else { return false }
        StateWriter.shared.write {
            try? store.remove()
        } then: { _ in
        }
        return true
    }

    /// The person took the post elsewhere (Open in browser) or discarded it: the outbox lets it go
    /// (after any write of it asked for before).
    func forget() {
        let store = self.store  // with the post's images, before the session lets the post go
        guard session.discard() else { return }
        pause?.cancel()
        StateWriter.shared.write {
            try? store.remove()
        } then: { _ in
        }
    }

    /// Writes the outbox on the state writer's thread (after the draft written before it), then
    /// `next`; when it cannot be written the run ends there and nothing more is sent.
    private func save(then next: @escaping @MainActor () -> Void) {
        guard let plan else { return next() }
        let text: String
        do { text = try JSONText.text(of: plan.file) } catch { return saveFailed(String(describing: error)) }
        let store = self.store
        StateWriter.shared.write { () -> String? in
            do throws(StateFile.Failure) { try store.save(text) } catch { return error.description }
            return nil
        } then: { [weak self] failure in
            guard let failure else { return next() }
            self?.saveFailed(failure)
        }
    }

    private func saveFailed(_ failure: String) {
        session.runInterrupted()
        let completion = self.completion
        self.completion = nil
        completion?(
            .failed([localized("The outbox could not be written, so nothing was sent: {0}", failure)], retryAt: nil))
    }

    private func finish(_ outcome: PostingSession.Outcome) {
        let completion = self.completion
        self.completion = nil
        switch outcome {
        // The outbox stays until the draft is gone (ComposeApplication): a crash in between must
        // not leave the text without the record that it was posted.
        case .posted(let links): completion?(.posted(links))
        case .notYet where session.plan?.isWithdrawnEverywhere == true:
            completion?(.withdrawn(session.plan?.links ?? []))
        case .notYet where session.scheduledFor(now: Self.now) != nil:
            completion?(.scheduled(at: session.scheduledFor(now: Self.now) ?? 0))
        case .notYet(let failures, let waitUntil?) where failures.isEmpty && session.plan?.isKeptByAServer == true:
            completion?(.scheduled(at: waitUntil))  // its server is asked then whether it published it
        case .notYet(_, let waitUntil?) where session.countingDown: completion?(.countingDown(until: waitUntil))
        case .notYet(let failures, let waitUntil):
            completion?(
                .failed(
                    failures.map {
                        let network = $0.network.displayName
                        return $0.failure.message(
                            network: $0.parts == 1
                                ? network
                                : localized("{0} (post {1} of {2})", network, String($0.part), String($0.parts)),
                            timeoutSeconds: Int(HTTPSClient.timeoutSeconds))
                    }, retryAt: waitUntil))
        }
    }

    /// Seconds since the epoch, as the outbox keeps times.
    static var now: Int64 { Int64(g_get_real_time() / 1_000_000) }

    /// RFC 3339 in UTC, as GLib writes it.
    static func rfc3339(now: Int64) -> String {
        let time = g_date_time_new_from_unix_utc(gint64(now))!
        defer { g_date_time_unref(time) }
        let text = g_date_time_format_iso8601(time)!
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// Stop's mark for a video being made to fit, set on the main thread and read on the media one.
final class VideoCancel: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}
