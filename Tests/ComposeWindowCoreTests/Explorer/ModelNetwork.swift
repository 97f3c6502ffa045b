@testable import ComposeWindowCore

/// A network as the explorer's model of it: what it stores and how it answers, as strict as the
/// real one. Mastodon records an Idempotency-Key only once the status exists and forgets it after an
/// hour; a repeat that arrives while the first is still working gets 503 from current servers (their
/// lock) and makes a second status on servers from before it. Bluesky stores a record under the key
/// the client chose, refuses a second one there, and tells by getRecord whether it exists.
struct ModelNetwork: Hashable {
    struct Post: Hashable {
        let account: String
        let text: String
        let key: String
        let storedAt: Int64
    }

    /// A request the server is still working on after the client gave up: it stores then.
    struct Working: Hashable {
        let post: Post
        let finishesAt: Int64
    }

    let network: PostingAccount.Network
    /// Servers from before Mastodon's idempotency lock.
    let beforeTheLock: Bool
    private(set) var posts: [Post] = []
    private(set) var working: Working?
    /// Accounts whose token the server no longer accepts.
    var revoked: Set<String> = []

    static let keyLifetime: Int64 = 3_600
    /// How long a slow request keeps working after the client's timeout.
    static let slowness: Int64 = 90

    init(network: PostingAccount.Network, beforeTheLock: Bool = false) {
        self.network = network
        self.beforeTheLock = beforeTheLock
    }

    /// Time passed: a slow request's work ends.
    mutating func advance(to now: Int64) {
        if let working, working.finishesAt <= now {
            // A record key is taken once: the slower of two creates fails.
            if !(network == .bluesky && posts.contains { $0.key == working.post.key }) { posts.append(working.post) }
            self.working = nil
        }
    }

    /// How many times the network holds the post, or will once its work ends.
    var held: Int {
        guard let working else { return posts.count }
        return network == .bluesky && posts.contains { $0.key == working.post.key } ? posts.count : posts.count + 1
    }

    /// The post this request would make, when it is one that makes a post.
    func post(of request: APIRequest, account: String, text: String, now: Int64) -> Post? {
        guard request.method == .post else { return nil }
        let key =
            request.headers.first { $0.name == "Idempotency-Key" }?.value ?? request.body?["rkey"]?.string ?? ""
        return Post(account: account, text: text, key: key, storedAt: now)
    }

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
    }

    mutating func store(_ post: Post, now: Int64) -> Store {
        if let earlier = earlier(post, now: now) { return network == .bluesky ? .exists : .earlier(earlier) }
        if network == .mastodon, let working, working.post.key == post.key, !beforeTheLock { return .busy }
        posts.append(post)
        if network == .bluesky, working?.post.key == post.key { working = nil }  // it will find the key taken
        return .stored
    }

    /// A request that keeps the server working past the client's timeout.
    mutating func startSlowly(_ post: Post, now: Int64) -> Store {
        if let earlier = earlier(post, now: now) { return network == .bluesky ? .exists : .earlier(earlier) }
        if network == .mastodon, let working, working.post.key == post.key, !beforeTheLock { return .busy }
        working = Working(post: post, finishesAt: now + Self.slowness)
        return .stored
    }

    /// Link and answer of a stored post.
    func answer(for post: Post) -> APIAnswer {
        switch network {
        case .mastodon:
            let id = String(index(of: post) + 1)
            return APIAnswer(status: 200, json: .object([.init("id", .string(id)), .init("url", .string(link(post)))]))
        case .bluesky:
            return APIAnswer(
                status: 200,
                json: .object([.init("uri", .string(uri(post))), .init("cid", .string("bafy" + post.key))]))
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

    private func uri(_ post: Post) -> String { "at://did:plc:alice/app.bsky.feed.post/" + post.key }

    /// A lookup, answered truthfully from what is stored.
    func lookUp(_ request: APIRequest, account: String) -> APIAnswer {
        if request.path.hasSuffix("/verify_credentials") {
            return APIAnswer(status: 200, json: .object([.init("id", .string("7"))]))
        }
        if request.path.hasSuffix("/statuses") {
            let own = posts.indices.reversed().filter { posts[$0].account == account }
            return APIAnswer(
                status: 200,
                json: .array(
                    own.map { .object([.init("id", .string(String($0 + 1))), .init("url", .string(link(posts[$0])))]) })
            )
        }
        if request.path.hasSuffix("/source") {
            let id = request.path.split(separator: "/").dropLast().last.flatMap { Int($0) } ?? 0
            guard posts.indices.contains(id - 1) else { return APIAnswer(status: 404, json: nil) }
            return APIAnswer(status: 200, json: .object([.init("text", .string(posts[id - 1].text))]))
        }
        if request.path.hasSuffix("getRecord") {
            let key = request.query.first { $0.name == "rkey" }?.value
            guard let found = posts.last(where: { $0.key == key }) else {
                return APIAnswer(status: 400, json: .object([.init("error", .string("RecordNotFound"))]))
            }
            return APIAnswer(status: 200, json: .object([.init("uri", .string(uri(found)))]))
        }
        return APIAnswer(status: 404, json: nil)
    }

    /// How many posts of this text the network holds for the person.
    func count(_ text: String) -> Int { posts.filter { $0.text == text }.count }
}
