@testable import ComposeWindowCore

/// One state of the world the explorer walks: the compose-window process (its posting session and
/// text, or none while it is not running), what it keeps on disk (draft, outbox file), the request
/// on its way, and the networks. Each step is a person's action or a network's answer to the request
/// on its way; the app's part (driving a run, writing the outbox before a request leaves and after
/// each answer, resuming at start) is done here as compose-window does it.
struct PostingWorld: Hashable {
    enum Action: Hashable, CaseIterable {
        case send, edit, discard, close, crash, crashAfterStore, restart, signIn, switchAccount, wait, waitLong
        /// A day and an hour: Mastodon has deleted media nothing attached (walked with images only).
        case waitDay
        /// The person answers a look-up that could not tell (It is this post / Post it), truthfully:
        /// they see the status it shows.
        case answerLookUp
        /// The person posts and boosts 45 times from another app (walked where the world allows it).
        case postElsewhere
        /// The post replied to is deleted by its author (walked in reply worlds).
        case deleteParent
        /// The person posts the reply without answering the deleted post.
        case postWithoutParent
        /// A systemd timer starts `--deliver` (walked in scheduled worlds): the post's own timer at
        /// any time, early or late, or a second one for the same post.
        case timerFires
        /// The window on a scheduled post: Post now.
        case postNow
        /// Undo during Undo Send's countdown (walked where Send waits for Undo).
        case undo
        /// Send later… again on a post Mastodon keeps: ten minutes later (walked where it keeps it).
        case reschedule
        /// Walked where time is (PostingWorld+Time): the machine sleeps 8 hours and wakes with its
        /// network, or without; the network goes and comes back; the wall clock is set an hour
        /// either way; the window's timer and the systemd timer fire at their moments; the
        /// scheduled status is deleted on the web.
        case sleep, sleepWakeOffline, networkDown, networkBack, clockForward, clockBack
        case windowTimerFires, deliveryTimerFires, deleteOnWeb
    }

    /// What the network does with the request on its way.
    enum Event: Hashable, CaseIterable {
        case answer, unauthorized, forbidden, refused, rateLimited, serverErrorBefore, serverErrorAfter,
            notSent, cutBeforeStore, cutAfterStore, slow
        /// A look-up's 404: `/source` of a status the token cannot see (docs/servers.md), or an
        /// account the server no longer has.
        case notFound
        /// Bluesky: ExpiredToken (nothing made), then refreshSession unanswered, or refused.
        case expiredRefreshLost, expiredRefreshRefused

        /// What a request can meet on every network.
        static let everywhere: [Event] = [
            .answer, .unauthorized, .forbidden, .refused, .rateLimited, .serverErrorBefore, .serverErrorAfter,
            .notSent, .cutBeforeStore, .cutAfterStore, .slow,
        ]
        /// What a lookup (a GET) can meet: 403 (a sign-in without read:statuses), 404 and 429 too.
        static let forLookups: [Event] = [
            .answer, .unauthorized, .forbidden, .notFound, .rateLimited, .serverErrorBefore, .cutBeforeStore,
        ]
        /// What only Bluesky's requests meet: its access token expires within minutes.
        static let onBluesky: [Event] = [.expiredRefreshLost, .expiredRefreshRefused]
    }

    enum Step: Hashable {
        case person(Action)
        case network(Event)

        var name: String {
            switch self {
            case .person(let action): "\(action)"
            case .network(let event): "network: \(event)"
            }
        }
    }

    enum Ending: Hashable { case posted, discarded }

    struct InFlight: Hashable {
        let index: Int
        let request: APIRequest
        let account: String
        /// What the post it may make says (a thread's part, or the whole text).
        let text: String
    }

    static let alice = "@alice@mastodon.example"
    static let bob = "@bob@mastodon.example"
    /// Alice's account on another Mastodon server, where Bob's post has another id.
    static let carol = "@carol@" + ModelNetwork.otherServer
    static let bluesky = PostingAccount(
        network: .bluesky, name: "@alice.bsky.social", host: "bsky.social", identity: "did:plc:alice")

    static let start: Int64 = 1_800_000_000
    var now: Int64 = start
    var networks: [ModelNetwork]
    var session: PostingSession?
    /// The window's text while the process runs.
    var text = "text 0"
    /// The person's latest text.
    private(set) var latest = "text 0"
    private(set) var edits = 0
    var draft: String? = "text 0"
    /// The outbox file, as it reads back.
    var outbox: PostingPlan?
    var inFlight: InFlight?
    var mastodonAccount = alice
    private(set) var ended: Ending?
    private(set) var standardOutput: [String] = []
    /// When the window retries by itself (a network asked to wait, or may still be working).
    var retryAt: Int64?
    /// A run ended with a network that must wait and no time to try again at.
    private(set) var waitsForever = false

    /// The post's images (the same in every window: the draft and the outbox keep them).
    let images: [PostImage]
    /// How many posts each network's thread has (absent: one post).
    let threadLengths: [PostingAccount.Network: Int]

    /// The post the person replies to (on the one network a reply goes to), or nil.
    let replyTo: ReplyParent?
    /// The post's options: who may reply and quote (every post must carry its gates).
    let options: PostOptions
    /// Whether the person may switch to an account on another Mastodon server (carol's).
    let otherServer: Bool
    /// The post as the window answers it: found through the server of the account it posts with.
    var windowParent: ReplyParent?
    /// A reply that named Bob's post as another server calls it, in words.
    var crossedServers: String?
    /// Whether the person also posts from another app in this world, and has.
    let postsElsewhere: Bool
    private(set) var postedElsewhere = false
    /// The time a new post's Send schedules it for (Send later, `--at`), or nil: Send posts now.
    let scheduleFor: Int64?
    /// Undo Send's seconds for a new post (0: none).
    let undoSeconds: Int
    /// Whether Mastodon is given the scheduled time to keep the post itself.
    let serverKeeps: Bool
    /// Nothing of the post may leave before this (its scheduled time, until Post now).
    var notBefore: Int64?
    /// A request left before `notBefore`, in words.
    var early: String?
    /// `--deliver` holds the draft (its lock): the person cannot act on the post meanwhile.
    var delivering = false
    /// What the networks held at Undo: nothing more may be posted until Send is pressed again.
    var heldAtUndo: Int?

    // Time, walked where `walksTime` (PostingWorld+Time).
    let walksTime: Bool
    /// Whether the machine has a network: without, a request meets only "not sent".
    var online = true
    /// Since when the machine has been awake with its network.
    var onlineSince: Int64 = start
    /// The post's systemd timer, as the app armed it: it fires at this moment, or at the first
    /// moment after it that the machine is awake.
    var deliveryTimer: Int64?
    /// Notifications "only you can settle this" since the person last sent the post.
    var asked = 0
    /// A time rule broken, in words.
    var untimely: String?
    /// A process was killed holding the post, since its last run: the timer it left wakes it.
    var killedHoldingIt = false
    /// The clock was set back since the post's last run: a retry armed "a minute on" before it
    /// waits for that moment on the clock (systemd's calendar timers and the window's alike).
    var clockSetBack = false
    /// When a request of the post last left.
    var lastRequestAt: Int64?
    /// When the person last closed a window on it: its timer takes it a minute on.
    var closedAt: Int64?
    /// An edit a window found in the draft as it resumed a different post, saved as its own draft.
    var editKeptAside: String?
    /// A video rule a request broke as it left: a status naming a video its server had not
    /// finished processing, or a second upload of a video whose first the app was told of.
    var unprocessed: String?

    init(
        networks: [ModelNetwork], images: [PostImage] = [], threadLengths: [PostingAccount.Network: Int] = [:],
        replyTo: ReplyParent? = nil, postsElsewhere: Bool = false, otherServer: Bool = false,
        scheduleFor: Int64? = nil, undoSeconds: Int = 0, serverKeeps: Bool = false,
        options: PostOptions = PostOptions(),
        walksTime: Bool = false
    ) {
        self.walksTime = walksTime
        self.options = options
        self.scheduleFor = scheduleFor
        self.serverKeeps = serverKeeps
        self.undoSeconds = undoSeconds
        self.networks = networks
        self.images = images
        self.threadLengths = threadLengths
        self.replyTo = replyTo
        self.otherServer = otherServer
        windowParent = replyTo
        self.postsElsewhere = postsElsewhere
        session = PostingSession()
    }

    /// The posts `text` is on `network`, as the window splits it.
    func parts(of text: String, on network: PostingAccount.Network) -> [String] {
        let count = threadLengths[network] ?? 1
        return count == 1 ? [text] : (1...count).map { "\(text) \($0)/\(count)" }
    }

    var accounts: [PostingAccount] {
        networks.map { network in
            switch network.network {
            case .mastodon:
                PostingAccount(
                    network: .mastodon, name: mastodonAccount,
                    host: String(mastodonAccount.split(separator: "@").last ?? ""))
            case .bluesky: Self.bluesky
            }
        }
    }

    /// The steps that can happen now.
    var possibleSteps: [Step] {
        guard ended == nil else { return [] }
        if walksTime { return timeSteps }
        var steps = Action.allCases.filter { action in
            switch action {
            case .sleep, .sleepWakeOffline, .networkDown, .networkBack, .clockForward, .clockBack, .windowTimerFires,
                .deliveryTimerFires, .deleteOnWeb:
                false
            case .restart: session == nil
            case .crash: session != nil
            case .send, .edit, .discard, .close: session != nil && !delivering
            case .timerFires: scheduleFor != nil && session == nil
            case .postNow: session?.scheduledFor(now: now) != nil && !delivering
            case .undo: session?.countingDown == true
            case .reschedule: serverKeeps && session?.scheduledFor(now: now) != nil && !delivering
            case .crashAfterStore: session != nil && inFlight.map { $0.request.method != .get } == true
            case .switchAccount: networks.contains { $0.network == .mastodon }
            case .signIn, .wait, .waitLong: true
            case .waitDay: !images.isEmpty
            case .answerLookUp: !(session?.undecided.isEmpty ?? true) && inFlight == nil
            case .postElsewhere: postsElsewhere && !postedElsewhere
            case .deleteParent: replyTo != nil && !networks.contains(where: \.parentDeleted)
            case .postWithoutParent: session?.parentIsGone == true && inFlight == nil
            }
        }.map(Step.person)
        if let inFlight {
            steps += (inFlight.request.method == .get ? Event.forLookups : Event.everywhere).map(Step.network)
            if let index = networkIndex(inFlight), networks[index].network == .bluesky {
                steps += Event.onBluesky.map(Step.network)
            }
        }
        return steps
    }

    /// A rule the app broke on that step, in words; nil when every invariant holds.
    mutating func take(_ step: Step) -> String? {
        switch step {
        case .person(let action):
            let broken = act(action)
            deliveryEnds()
            return broken ?? invariantViolation()
        case .network(let event):
            answer(event)
            deliveryEnds()
            return invariantViolation()
        }
    }

    // MARK: The person

    mutating func act(_ action: Action) -> String? {
        switch action {
        case .send:
            asked = 0  // the person's own Send: what they were told is theirs now
            return send()
        case .edit:
            guard session?.textIsEditable == true else { return nil }  // read-only: the keys do nothing
            edits += 1
            text = "text \(edits)"
            latest = text
            draft = text  // the autosave
        case .discard where session?.plan?.isKeptByAServer == true:
            // Withdrawn there first (a run); the post is abandoned once no server keeps it.
            guard var session, session.withdraw(now: now) else { return nil }
            self.session = session
            outbox = Self.readBack(session.plan)
            return send()
        case .discard:
            guard session?.discard() == true else { return nil }
            outbox = nil
            draft = nil
            end(.discarded)
        case .close:
            // Cancel: the draft is saved, the outbox stays; a request on its way still arrives. A
            // post due goes back to its timer.
            if walksTime, let plan = session?.plan, let time = DeliveryFollowUp.whenAWindowCloses(plan, now: now) {
                deliveryTimer = time
                closedAt = now
            }
            draft = text
            abandonRequest(stored: true)
            session = nil
        case .crash, .crashAfterStore:
            if walksTime { killedHoldingIt = true }
            abandonRequest(stored: action == .crashAfterStore)
            session = nil
            delivering = false
        case .timerFires: return deliver()
        case .postNow: return postNow()
        case .undo: undo()
        case .reschedule: return reschedule()
        case .sleep, .sleepWakeOffline, .networkDown, .networkBack, .clockForward, .clockBack, .windowTimerFires,
            .deliveryTimerFires, .deleteOnWeb:
            return actInTime(action)
        case .wait where walksTime: return actInTime(action)
        case .restart: start()
        case .signIn:
            // A new sign-in asks for every scope the app needs now.
            for index in networks.indices {
                networks[index].revoked = []
                networks[index].scopes = Set(MastodonSignIn.scopes.split(separator: " ").map(String.init))
            }
        case .switchAccount: switchAccount()
        case .wait: return pass(150)
        case .waitLong: return pass(2 * 3_600)
        case .waitDay: return pass(25 * 3_600)
        case .answerLookUp: return answerLookUp()
        case .deleteParent:
            for index in networks.indices { networks[index].deleteParent() }
        case .postWithoutParent:
            guard var session else { return nil }
            session.postWithoutParent()
            self.session = session
            outbox = Self.readBack(session.plan)
            return send()
        case .postElsewhere:
            postedElsewhere = true
            for index in networks.indices where networks[index].network == .mastodon {
                networks[index].postElsewhere(account: mastodonAccount, now: now)
            }
        }
        return nil
    }

    /// The status the look-up shows is this post or it is not, as the person sees; then posting
    /// goes on (the window's buttons Send after recording the answer).
    mutating func answerLookUp() -> String? {
        guard var session, let plan = session.plan else { return nil }
        let isThere = session.undecided.contains { undecided in
            guard let link = undecided.link, let network = networks.first(where: { $0.network == .mastodon })
            else { return false }
            return network.own.contains { $0.text == plan.outbox.text(of: undecided.index) && network.link($0) == link }
        }
        session.personSays(isThere: isThere)
        self.session = session
        outbox = Self.readBack(session.plan)
        return send()
    }

    /// Send (or Retry: the same button in the error bar): it must do something the person sees.
    mutating func send() -> String? {
        guard var session else { return nil }
        let parts = threadLengths.keys.reduce(into: [PostingAccount.Network: [String]]()) {
            $0[$1] = self.parts(of: text, on: $1)
        }
        let isNew = session.plan == nil
        let result = session.send(
            text: text, images: images, options: options, accounts: accounts, parts: parts, replyTo: windowParent,
            undoSeconds: undoSeconds, scheduledAt: isNew ? scheduleFor : nil, serverKeepsTime: serverKeeps,
            microsecondsSinceEpoch: UInt64(now) * 1_000_000)
        self.session = session
        if result == .run {
            killedHoldingIt = false
            clockSetBack = false
            // A window's run of a post due: its timer first, should the window be killed.
            if walksTime, !delivering, let plan = session.plan,
                let time = DeliveryFollowUp.beforeAWindowsRun(plan, now: now)
            {
                deliveryTimer = time
            }
            // Poster writes the entry before the run (a post held for its time sends nothing yet).
            outbox = Self.readBack(session.plan)
            heldAtUndo = nil
            if isNew, let scheduleFor { notBefore = scheduleFor }
        }
        switch result {
        case .stillPosting: return nil
        case .alreadyPosted(let links):
            finishPosted(links)
            return nil
        case .cannotAnswer: return nil  // the bar says so, and nothing left
        case .run:
            retryAt = nil
            guard case .notYet(let failures, let waitUntil)? = drive() else { return nil }  // posted, or a request left
            if failures.isEmpty && waitUntil == nil { return "Send did nothing the person can see" }
            scheduledWindowCloses()
            return nil
        }
    }

    /// Time passes: slow requests end, and the window retries when it said it would.
    mutating func pass(_ seconds: Int64) -> String? {
        now += seconds
        for index in networks.indices { networks[index].advance(to: now) }
        // The window's own retry, or a scheduled post's time, unless the person is editing it.
        if let retryAt, retryAt <= now, let session, inFlight == nil, session.promisedRetryMayGo || delivering {
            return send()
        }
        return nil
    }

    // MARK: The app

    /// A window opens: the outbox resumed (or, if every network had it, told and let go).
    private mutating func start() {
        retryAt = nil
        var session = PostingSession(plan: outbox)
        if let plan = outbox, plan.isConfirmedEverywhere {
            outbox = nil
            if draft == plan.text { draft = nil }
            session = PostingSession()
        }
        text = session.resumedText(draft: draft) ?? ""
        // An edit the draft holds that the post as resumed is not: kept as a draft of its own.
        if let draft, !draft.isEmpty, !text.isEmpty, draft != text { editKeptAside = draft }
        draft = text.isEmpty ? draft : text
        self.session = session
        // A scheduled post's window posts it at its time, or at once when that has passed.
        retryAt =
            session.scheduledFor(now: now)
            ?? (walksTime && session.plan.map { DeliveryFollowUp.isDueWhenAWindowOpens($0, now: now) } == true
                ? now : nil)
    }

    /// The process is gone with a request on its way: the server got it (stored, or working on it)
    /// or it never arrived.
    private mutating func abandonRequest(stored: Bool) {
        guard let inFlight else { return }
        self.inFlight = nil
        retryAt = nil
        guard stored, let index = networkIndex(inFlight) else { return }
        serverDoes(inFlight, network: index)
    }

    /// Runs until a request is on its way or the run ends.
    mutating func drive() -> PostingSession.Outcome? {
        guard var session else { return nil }
        // A drive that goes on in a drive of its own leaves the session as that one made it.
        var handedOver = false
        defer { if !handedOver { self.session = session } }
        switch session.nextMove(now: now) {
        case .prepare(let index, let image):
            // Preparing is local and has no faults worth walking here: the bytes are ready.
            let video = images[image].path.hasSuffix(".mp4")
            session.prepared(
                index, image: image,
                PreparedImage(
                    file: "/state/compose-window/outbox/media/post/\(index)-\(image)." + (video ? "mp4" : "jpg"),
                    mimeType: video ? "video/mp4" : "image/jpeg", width: 4, height: 3, byteCount: 9))
            outbox = Self.readBack(session.plan)
            self.session = session
            handedOver = true
            return drive()
        case .send(let index, _):
            guard let plan = session.plan,
                let request = plan.request(
                    for: index, credentials: credentials(plan.network(index)), now: now,
                    createdAt: "2027-01-15T08:00:00Z", didsByHandle: [:])
            else { return .notYet(failures: [], waitUntil: nil) }
            crossedServers = crossedServers ?? crossing(request, account: plan.account(index))
            if let answer = answeredAtOnce(request, account: plan.account(index), network: plan.network(index)) {
                session.willSend(index, now: now)
                session.received(index, .success(answer), now: now)
                outbox = Self.readBack(session.plan)
                self.session = session
                handedOver = true
                return drive()
            }
            unprocessed =
                unprocessed ?? namesUnprocessedMedia(request, account: plan.account(index), index: index)
                ?? uploadsAVideoAgain(request, account: plan.account(index), network: plan.network(index))
            if let notBefore, now < notBefore, plan.outbox.deliveries[index].serverTime == nil {
                early =
                    early
                    ?? "a request left at \(now - Self.start) s, before the post's time \(notBefore - Self.start) s"
            }
            if heldAtUndo != nil { early = early ?? "a request left after Undo" }
            session.willSend(index, now: now)
            // Only where time is walked: elsewhere it would split states that are the same.
            if walksTime { lastRequestAt = now }
            outbox = Self.readBack(session.plan)
            inFlight = InFlight(
                index: index, request: request, account: plan.account(index), text: plan.outbox.text(of: index))
            return nil
        case .finished(let outcome):
            switch outcome {
            case .posted(let links):
                self.session = session
                finishPosted(links)
            case .notYet where session.plan?.isWithdrawnEverywhere == true:
                // Discarded, and no server keeps it: the entry and the draft go.
                self.session = session
                outbox = nil
                draft = nil
                end(.discarded)
            case .notYet(let failures, let waitUntil):
                // The window tries a due scheduled post again by itself, as the app does.
                retryAt =
                    waitUntil
                    ?? (walksTime && !delivering
                        ? session.plan.flatMap { DeliveryFollowUp.windowRetry($0, now: now) } : nil)
                // Not settled by a window's run: its timer is armed all the same (armTimerWhileScheduled).
                if walksTime, !delivering, let plan = session.plan, plan.isScheduledForLater(now: now) {
                    deliveryTimer = plan.heldUntil
                }
                if delivering, walksTime {
                    self.session = session
                    followUpDelivery(failed: !failures.isEmpty, retryAt: waitUntil)
                    session = self.session ?? session
                }
                if waitUntil == nil, let plan = session.plan,
                    plan.outbox.deliveries.indices.contains(where: {
                        if case .wait = plan.outbox.next(for: $0, now: now) { true } else { false }
                    })
                {
                    waitsForever = true
                }
            }
            return outcome
        }
    }

    private func credentials(_ network: PostingAccount.Network) -> PostingPlan.Credentials {
        switch network {
        case .mastodon: .mastodon(token: "token")
        case .bluesky: .bluesky(BlueskySession(account: Self.bluesky, accessToken: "access", refreshToken: "refresh"))
        }
    }

    /// Every network has it: the draft goes (`--deliver` keeps one edited since the post was
    /// scheduled), then the outbox, and a script gets the links.
    private mutating func finishPosted(_ links: [String]) {
        // The draft goes unless it says something else: `--deliver`'s, edited since the post was
        // scheduled; a window's, edited too late for the server that kept the post.
        let posted = session?.plan?.text ?? outbox?.text
        if (delivering ? draft : text) == posted || (delivering && draft == nil) {
            draft = nil
        } else if !delivering {
            draft = text
        }
        outbox = nil
        standardOutput = links
        end(.posted)
    }

    private mutating func end(_ ending: Ending) {
        ended = ending
        deliveryTimer = nil
        session = nil
        inFlight = nil
        delivering = false
    }

    /// The outbox as its file gives it back.
    static func readBack(_ plan: PostingPlan?) -> PostingPlan? { plan.flatMap { PostingPlan(file: $0.file) } }

    func networkIndex(_ inFlight: InFlight) -> Int? {
        guard let plan = session?.plan ?? outbox else { return nil }
        return networks.firstIndex { $0.network == plan.network(inFlight.index) }
    }

    // MARK: What must always hold

    private func invariantViolation() -> String? {
        if waitsForever { return "a network waits and the window never tries again" }
        if let untimely = untimely ?? timeViolation() { return untimely }
        if let early { return early }
        if let heldAtUndo, networks.map(\.held).reduce(0, +) != heldAtUndo { return "posted after Undo" }
        if let crossedServers { return crossedServers }
        if let broken = unprocessed ?? networks.lazy.compactMap(\.videoViolation).first { return broken }
        // What the app writes, it reads back: an outbox its own reader refuses is a post lost.
        if let plan = session?.plan, Self.readBack(plan) == nil { return "the outbox as written does not read back" }
        for network in networks {
            if let notBefore, let first = network.own.first(where: { $0.storedAt < notBefore }) {
                return "\(network.network) published \"\(first.text)\" before its time"
            }
            let copies =
                network.held + network.ownScheduled.count
                - network.posts.filter { $0.account == ModelNetwork.parentAccount || $0.foreign }.count
            if copies > threadLengths[network.network, default: 1] {
                return "\(network.network) holds or keeps \(copies) copies of the post"
            }
            if ended != nil, let kept = network.ownScheduled.first {
                return "\(ended!) with \"\(kept.post.text)\" still kept by \(network.network) for its time"
            }
            let held = network.own
            if let twice = held.first(where: { post in held.filter { $0.text == post.text }.count > 1 }) {
                return "\(network.network) holds \"\(twice.text)\" twice"
            }
            let ownHeld =
                network.held
                - network.posts.filter { $0.account == ModelNetwork.parentAccount || $0.foreign }.count
            if ownHeld > threadLengths[network.network, default: 1] {
                return "\(network.network) holds \(ownHeld) posts"
            }
            for post in held {
                // A thread's images go with its first post.
                let expected = isFirstPost(post.text, on: network.network) ? images.count : 0
                if post.images.count != expected || Set(post.images).count != post.images.count {
                    return
                        "\(network.network) holds a post with \(post.images.count) images, not \(expected), each once"
                }
            }
            if let broken = brokenChain(on: network) { return broken }
            if let open = ungated(on: network) { return open }
        }
        if ended != .discarded {
            let onANetwork = networks.contains { network in
                parts(of: latest, on: network.network).allSatisfy { part in
                    network.count(part) > 0 || network.working?.post.text == part
                }
            }
            let kept = draft == latest || outbox?.text == latest || editKeptAside == latest
            if !onANetwork && !kept { return "the person's latest text \"\(latest)\" is nowhere" }
        }
        let firstPosts = networks.flatMap { network in
            network.posts.filter {
                $0.account != ModelNetwork.parentAccount && !$0.foreign && isFirstPost($0.text, on: network.network)
            }
            .map(network.link)
        }
        if let stray = standardOutput.first(where: { !firstPosts.contains($0) }) {
            return "standard output holds \(stray), which is no first post of this run"
        }
        return nil
    }

    /// A post the network holds without what limits who may reply and quote, as the person chose:
    /// on Bluesky its gates, written with it (a thread's first post the threadgate, every post a
    /// postgate), each naming it; on Mastodon its quote policy.
    private func ungated(on network: ModelNetwork) -> String? {
        let gate = options.replyGate
        for post in network.own {
            switch network.network {
            case .bluesky:
                var expected: Set<String> = []
                if isFirstPost(post.text, on: .bluesky), replyTo == nil, gate.blueskyAllow != nil {
                    expected.insert("app.bsky.feed.threadgate")
                }
                if gate.blueskyForbidsQuotes { expected.insert("app.bsky.feed.postgate") }
                if post.gates != expected {
                    return "bluesky holds \"\(post.text)\" with gates \(post.gates.sorted()), not \(expected.sorted())"
                }
            case .mastodon:
                let expected =
                    options.mastodonTakesQuotes ? gate.mastodonQuotePolicy(visibility: options.visibility) : nil
                if post.quotePolicy != expected {
                    return
                        "mastodon holds \"\(post.text)\" quotable by \(post.quotePolicy ?? "default"), not \(expected ?? "default")"
                }
            }
        }
        return nil
    }

    private func isFirstPost(_ text: String, on network: PostingAccount.Network) -> Bool {
        let count = threadLengths[network] ?? 1
        return count == 1 || text.hasSuffix(" 1/\(count)")
    }

    /// A thread's posts on `network` that do not answer the one before them (and, on Bluesky, the
    /// first as root) as the network stored it; a first post that answers anything.
    private func brokenChain(on network: ModelNetwork) -> String? {
        let count = threadLengths[network.network] ?? 1
        let bobsPost = network.posts.first { $0.account == ModelNetwork.parentAccount }
        for post in network.posts where post.account != ModelNetwork.parentAccount && !post.foreign {
            // What the first post answers: the post replied to, as its own server calls it, or nothing.
            let answered = bobsPost.map { network.reference($0, seenBy: post.account) }
            guard count > 1, let slash = post.text.lastIndex(of: " "),
                let number = Int(post.text[post.text.index(after: slash)...].split(separator: "/")[0])
            else {
                if post.inReplyTo != answered && !(post.inReplyTo == nil && network.parentDeleted) {
                    return "\(network.network): \"\(post.text)\" answers \(post.inReplyTo ?? "nothing")"
                }
                if network.network == .bluesky, answered != nil, post.root != answered {
                    return "\(network.network): \"\(post.text)\" has root \(post.root ?? "none"), not the post answered"
                }
                continue
            }
            let base = String(post.text[..<slash])
            func stored(_ part: Int) -> ModelNetwork.Post? {
                network.posts.first { $0.text == parts(of: base, on: network.network)[part - 1] }
            }
            if number == 1 {
                // Posted without answering, once the post it answered was deleted, is the person's choice.
                if post.inReplyTo != answered && !(post.inReplyTo == nil && network.parentDeleted) {
                    return "\(network.network): the first post answers \(post.inReplyTo ?? "nothing")"
                }
                continue
            }
            guard let parent = stored(number - 1), post.inReplyTo == network.reference(parent) else {
                return
                    "\(network.network): \"\(post.text)\" answers \(post.inReplyTo ?? "nothing"), not the post before it"
            }
            if network.network == .bluesky {
                guard let root = answered ?? stored(1).map(network.reference), post.root == root else {
                    return "\(network.network): \"\(post.text)\" has root \(post.root ?? "none"), not the first post"
                }
            }
        }
        return nil
    }
}
