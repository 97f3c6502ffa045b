@testable import ComposeWindowCore

/// A network as the explorer's model of it: what it stores and how it answers, as strict as the
/// real one. Mastodon records an Idempotency-Key only once the status exists and forgets it after an
/// hour; a repeat that arrives while the first is still working gets 503 from current servers (their
/// lock) and makes a second status on servers from before it. Bluesky stores a record under the key
/// the client chose, refuses a second one there, and tells by getRecord whether it exists.
/// Images: Mastodon's media is the account's own until a status attaches it, and deleted a day
/// after upload if none does; a Bluesky blob is named by its bytes (the same bytes, the same blob)
/// and dropped an hour after upload while no record references it. A post naming media the server
/// does not have is refused. A reply: Mastodon refuses one to a status it does not have (404);
/// a Bluesky PDS stores whatever strongRefs it is given, so the explorer checks them.
struct ModelNetwork: Hashable {
    struct Post: Hashable {
        let account: String
        let text: String
        let key: String
        let storedAt: Int64
        /// The media ids (Mastodon) or blob CIDs (Bluesky) it names.
        var images: [String] = []
        /// What it answers: Mastodon's in_reply_to_id; Bluesky's parent strongRef ("uri cid").
        var inReplyTo: String?
        /// Bluesky: the thread's root strongRef ("uri cid").
        var root: String?
        /// Made by the person some other way (an older post, a boost, another app): not this
        /// run's, and never counted against it.
        var foreign = false
        /// A boost of someone else's status (Mastodon lists it unless asked not to).
        var reblog = false
        /// Deleted by its author: Mastodon refuses a reply to it (404); a PDS stores one anyway.
        var deleted = false
        /// Bluesky: the gate records written with it that name it under its key ("app.bsky.feed.
        /// threadgate"); a gate naming another post is kept as "wrong " and its collection.
        var gates: Set<String> = []
        /// Mastodon: its `quote_approval_policy`.
        var quotePolicy: String?
    }

    struct Media: Hashable {
        let id: String
        let account: String
        var uploadedAt: Int64
        var attached = false
        /// A video: Mastodon answers "still processing" this many more times (ModelNetwork+Video).
        var processingLeft = 0
        /// Its processing failed: it can never be attached.
        var failed = false
        var isVideo = false
        /// The app was answered with it (it knows its id).
        var told = false
    }

    /// A request the server is still working on after the client gave up: it stores then.
    struct Working: Hashable {
        let post: Post
        let finishesAt: Int64
    }

    let network: PostingAccount.Network
    /// Servers from before Mastodon's idempotency lock.
    let beforeTheLock: Bool
    /// Mastodon 4.6.0 to 4.7.x: a repeat of a stored key gets 500 (Repeat.serverError).
    let repeatFails: Bool
    /// Before Mastodon 4.2.9 a key that made a scheduled status was never found again: its repeat
    /// makes another (docs/servers.md, gaps 1).
    var scheduledKeyRepeats = false
    var posts: [Post] = []
    private(set) var working: Working?
    var media: [Media] = []
    /// Scheduled statuses the server keeps for their time (ModelNetwork+Schedule).
    var scheduled: [Scheduled] = []
    /// The Idempotency-Keys that made a scheduled status, and when: a repeat is 404 for an hour.
    var scheduledKeys: [String: Int64] = [:]
    /// The scheduled statuses' ids so far (a plain sequence, as Mastodon's table).
    var scheduledCount = 0
    /// Accounts whose token the server no longer accepts.
    var revoked: Set<String> = []
    /// The scopes the Mastodon token holds (a sign-in from an older version held fewer).
    var scopes: Set<String> = Set(MastodonSignIn.scopes.split(separator: " ").map(String.init))
    /// Videos (ModelNetwork+Video): how many times processing answers "not yet" before it is
    /// done; whether the first video's processing fails; until when the account may upload no
    /// video (Bluesky's daily limit).
    var processingPolls = 0
    var failsFirstProcessing = false
    var noVideosUntil: Int64?
    /// How many videos the account may upload (Bluesky's daily count; a repeat of the same bytes
    /// is the same job and does not count).
    var videosPerDay: Int?
    /// Bluesky's video service's jobs.
    var jobs: [VideoJob] = []
    /// What broke a video rule (a post naming an unprocessed video, a second upload of a video
    /// whose first upload the app knew of).
    var videoViolation: String?

    static let keyLifetime: Int64 = 3_600
    /// How long a slow request keeps working after the client's timeout.
    static let slowness: Int64 = 90

    init(network: PostingAccount.Network, beforeTheLock: Bool = false, repeatFails: Bool = false) {
        self.network = network
        self.beforeTheLock = beforeTheLock
        self.repeatFails = repeatFails
    }

    /// Someone else's post, there from the start: what a reply answers.
    static let parentAccount = "@bob"

    /// The network with Bob's post stored, and the post as `--reply-to` finds it.
    static func withParent(_ network: PostingAccount.Network) -> (ModelNetwork, ReplyParent) {
        var model = ModelNetwork(network: network)
        let parent = Post(account: parentAccount, text: "Bob's post", key: "3kbbbbbbbbbb2", storedAt: 0)
        model.posts.append(parent)
        let found: ReplyParent?
        switch network {
        case .mastodon: found = model.bobsPost(foundBy: PostingWorld.alice)
        case .bluesky:
            var request = APIRequest(.get, host: "bsky.social", path: "/xrpc/com.atproto.repo.getRecord")
            request.query = [.init(name: "rkey", value: parent.key)]
            guard case .object(var members)? = model.lookUp(request, account: parentAccount).json else {
                fatalError("the model holds Bob's post")
            }
            members.append(.init("value", .object([.init("text", .string(parent.text))])))
            found = ReplyParent(
                blueskyRecord: APIAnswer(status: 200, json: .object(members)), author: "bob.bsky.social")
        }
        return (model, found!)
    }

    /// The posts of the person posting this run (Bob's are not theirs, nor what they made elsewhere).
    var own: [Post] {
        (posts + [working?.post].compactMap(\.self)).filter { $0.account != Self.parentAccount && !$0.foreign }
    }

    /// The person's own post with the same text, made `age` seconds before this run.
    static func withOlderPost(_ text: String, account: String, now: Int64, age: Int64) -> ModelNetwork {
        var model = ModelNetwork(network: .mastodon)
        model.posts.append(Post(account: account, text: text, key: "older", storedAt: now - age, foreign: true))
        return model
    }

    /// The person posts and boosts elsewhere: more statuses than a page holds, all newer.
    mutating func postElsewhere(account: String, now: Int64) {
        for number in 0..<45 {
            posts.append(
                Post(
                    account: account, text: "elsewhere \(number)", key: "elsewhere\(number)", storedAt: now,
                    foreign: true, reblog: number % 2 == 0))
        }
    }

    /// Time passed: a slow request's work ends; media nothing attached goes.
    mutating func advance(to now: Int64) {
        publishDue(now: now)
        if let working, working.finishesAt <= now {
            // A record key is taken once: the slower of two creates fails.
            if !(network == .bluesky && posts.contains { $0.key == working.post.key }) {
                posts.append(working.post)
                attach(working.post)
            }
            self.working = nil
        }
        let lifetime: Int64 = network == .mastodon ? 86_400 : 3_600
        media.removeAll { !$0.attached && now - $0.uploadedAt >= lifetime }
    }

    /// The media an upload request makes: Mastodon a new attachment each time, Bluesky the blob
    /// its bytes name.
    func upload(of request: APIRequest, account: String, now: Int64) -> Media? {
        guard let file = request.file, request.host != ModelNetwork.videoService else { return nil }
        let id = network == .mastodon ? "m\(media.count + 1)" : "bafkrei" + file.path
        let video = file.mimeType.hasPrefix("video/")
        let fails = failsFirstProcessing && !media.contains(where: \.isVideo)
        return Media(
            id: id, account: account, uploadedAt: now,
            processingLeft: video && network == .mastodon ? processingPolls : 0, failed: video && fails,
            isVideo: video)
    }

    mutating func store(_ upload: Media) {
        if upload.isVideo, network == .mastodon,
            let known = media.first(where: {
                $0.isVideo && $0.told && !$0.failed && !$0.attached && $0.account == upload.account
            })
        {
            videoViolation =
                videoViolation ?? "the video was uploaded again while \(known.id), which the app knew of, was there"
        }
        if let known = media.firstIndex(where: { $0.id == upload.id && $0.account == upload.account }) {
            media[known].uploadedAt = upload.uploadedAt
        } else {
            media.append(upload)
        }
    }

    func answer(for upload: Media) -> APIAnswer {
        switch network {
        case .mastodon:
            return APIAnswer(
                status: 200,
                json: .object([.init("id", .string(upload.id)), .init("url", .string("https://m/" + upload.id))]))
        case .bluesky:
            let ref = JSONValue.object([.init("$link", .string(upload.id))])
            return APIAnswer(
                status: 200,
                json: .object([
                    .init(
                        "blob",
                        .object([.init("$type", .string("blob")), .init("ref", ref), .init("size", .integer(9))]))
                ]))
        }
    }

    /// Whether every image `post` names is there for it (Mastodon's: unattached).
    func hasMedia(of post: Post) -> Bool {
        post.images.allSatisfy { id in
            media.contains { $0.id == id && $0.account == post.account && (network == .bluesky || !$0.attached) }
        }
    }

    mutating func attach(_ post: Post) {
        for index in media.indices where post.images.contains(media[index].id) && media[index].account == post.account {
            media[index].attached = true
        }
    }

    /// How many times the network holds the post, or will once its work ends.
    var held: Int {
        guard let working else { return posts.count }
        return network == .bluesky && posts.contains { $0.key == working.post.key } ? posts.count : posts.count + 1
    }

    /// The post this request would make, when it is one that makes a post.
    func post(of request: APIRequest, account: String, text: String, now: Int64) -> Post? {
        guard request.method == .post, request.file == nil else { return nil }
        // applyWrites: the post is the first write; the rest are its gates, in the same commit.
        let writes = request.body?["writes"]?.elements ?? []
        let record = request.body?["record"] ?? writes.first?["value"]
        let key =
            request.headers.first { $0.name == "Idempotency-Key" }?.value ?? request.body?["rkey"]?.string
            ?? writes.first?["rkey"]?.string ?? ""
        let named: [JSONValue] =
            request.body?["media_ids"]?.elements
            ?? (record?["embed"]?["images"]?.elements ?? []).compactMap { $0["image"]?["ref"]?["$link"] }
            + [record?["embed"]?["video"]?["ref"]?["$link"]].compactMap(\.self)
        func strongRef(_ name: String) -> String? {
            guard let ref = record?["reply"]?[name] else { return nil }
            return (ref["uri"]?.string ?? "?") + " " + (ref["cid"]?.string ?? "?")
        }
        var post = Post(
            account: account, text: text, key: key, storedAt: now, images: named.compactMap(\.string),
            inReplyTo: request.body?["in_reply_to_id"]?.string ?? strongRef("parent"), root: strongRef("root"),
            quotePolicy: request.body?["quote_approval_policy"]?.string)
        for gate in writes.dropFirst() {
            let collection = gate["collection"]?.string ?? "?"
            let namesThePost = gate["rkey"]?.string == key && gate["value"]?["post"]?.string == uri(post)
            post.gates.insert(namesThePost ? collection : "wrong " + collection)
        }
        return post
    }

    /// The strongRef ("uri cid") of a stored Bluesky post, or the id of a Mastodon one: what a
    /// reply to it names.
    func reference(_ post: Post) -> String {
        network == .mastodon ? String(index(of: post) + 1) : uri(post) + " " + cid(post)
    }

    private func cid(_ post: Post) -> String { "bafy" + post.key }

    /// What an earlier post under this key means for a new request: Mastodon answers with it while it
    /// remembers the key; Bluesky's key is the record's and never expires.
    private func earlier(_ post: Post, now: Int64) -> Post? {
        posts.last {
            $0.key == post.key && $0.account == post.account
                && (network == .bluesky || now - $0.storedAt < Self.keyLifetime)
        }
    }

    /// The server stores the post (or finds it under its key): nil when it answers from an earlier
    /// one, or it is busy with the same key (503 from current Mastodon).
    enum Store: Equatable {
        case stored
        case earlier(Post)
        case busy, exists
        /// It names media the server does not have (for it).
        case missingMedia
        /// Mastodon: it answers a status the server does not have.
        case missingParent
        /// Mastodon: its key made a scheduled status (looked up as a status: 404).
        case scheduledKey
        /// Mastodon: it names media still processing, or whose processing failed (422).
        case unprocessedMedia
    }

    func hasParent(of post: Post) -> Bool {
        guard network == .mastodon, let parent = post.inReplyTo else { return true }
        return posts.contains { reference($0, seenBy: post.account) == parent && !$0.deleted }
    }

    /// Bob deletes the post the person replies to.
    mutating func deleteParent() {
        for index in posts.indices where posts[index].account == Self.parentAccount { posts[index].deleted = true }
    }

    var parentDeleted: Bool { posts.contains { $0.account == Self.parentAccount && $0.deleted } }

    mutating func store(_ post: Post, now: Int64) -> Store {
        if scheduledKeyFound(post, now: now) { return .scheduledKey }
        if let earlier = earlier(post, now: now) { return network == .bluesky ? .exists : .earlier(earlier) }
        if network == .mastodon, let working, working.post.key == post.key, !beforeTheLock { return .busy }
        guard hasMedia(of: post) else { return .missingMedia }
        if unprocessedMedia(of: post) { return .unprocessedMedia }
        guard hasParent(of: post) else { return .missingParent }
        posts.append(post)
        attach(post)
        if network == .bluesky, working?.post.key == post.key { working = nil }  // it will find the key taken
        return .stored
    }

    /// A request that keeps the server working past the client's timeout.
    mutating func startSlowly(_ post: Post, now: Int64) -> Store {
        if scheduledKeyFound(post, now: now) { return .scheduledKey }
        if let earlier = earlier(post, now: now) { return network == .bluesky ? .exists : .earlier(earlier) }
        if network == .mastodon, let working, working.post.key == post.key, !beforeTheLock { return .busy }
        guard hasMedia(of: post) else { return .missingMedia }
        if unprocessedMedia(of: post) { return .unprocessedMedia }
        guard hasParent(of: post) else { return .missingParent }
        working = Working(post: post, finishesAt: now + Self.slowness)
        return .stored
    }

    /// Link and answer of a stored post.
    func answer(for post: Post) -> APIAnswer {
        switch network {
        case .mastodon:
            let id = String(index(of: post) + 1)
            return APIAnswer(status: 200, json: .object([.init("id", .string(id)), .init("url", .string(link(post)))]))
        case .bluesky where post.gates.isEmpty:
            return APIAnswer(
                status: 200,
                json: .object([.init("uri", .string(uri(post))), .init("cid", .string(cid(post)))]))
        case .bluesky:
            // applyWrites: one result per write, in order; the post's first.
            let gates = post.gates.sorted().map { collection in
                JSONValue.object([
                    .init("uri", .string("at://did:plc:alice/" + collection + "/" + post.key)),
                    .init("cid", .string("bafygate" + post.key)),
                ])
            }
            let made = JSONValue.object([.init("uri", .string(uri(post))), .init("cid", .string(cid(post)))])
            return APIAnswer(
                status: 200,
                json: .object([
                    .init("commit", .object([.init("cid", .string("bafycommit")), .init("rev", .string("3k"))])),
                    .init("results", .array([made] + gates)),
                ]))
        }
    }

    private func index(of post: Post) -> Int { posts.firstIndex(of: post) ?? posts.count }

    func link(_ post: Post) -> String {
        switch network {
        case .mastodon:
            "https://mastodon.example/@" + post.account.split(separator: "@")[1] + "/" + String(index(of: post) + 1)
        case .bluesky: "https://bsky.app/profile/alice.bsky.social/post/" + post.key
        }
    }

    func uri(_ post: Post) -> String { "at://did:plc:alice/app.bsky.feed.post/" + post.key }

    /// How many posts of this text the network holds for the person, this run.
    func count(_ text: String) -> Int { posts.filter { $0.text == text && !$0.foreign }.count }
}
