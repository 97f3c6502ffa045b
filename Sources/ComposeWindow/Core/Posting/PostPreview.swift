/// What Send would send to each network (`--preview`), made by the plan Send runs (PostingPlan):
/// each request body as Send builds it, never a second rendering. Nothing leaves: where Send would
/// wait for an answer, the preview answers as the network would, with a stand-in value in
/// parentheses: an image's upload ("(image 1)"), a thread's earlier post ("(post 1)"), so that
/// the next request is the one Send would make next.
package enum PostPreview {
    /// One JSON object: `posts`, each network's requests in the order Send makes them, and
    /// `notCarried`, what a network leaves out of the options.
    package static func json(
        text: String, images: [PostImage], options: PostOptions, accounts: [PostingAccount],
        parts: [PostingAccount.Network: [String]], replyTo: ReplyParent? = nil, createdAt: String,
        microsecondsSinceEpoch: UInt64
    ) -> JSONValue {
        var plan = PostingPlan(
            text: text, images: images, options: options, accounts: accounts, parts: parts, replyTo: replyTo,
            microsecondsSinceEpoch: microsecondsSinceEpoch)
        let now = Int64(microsecondsSinceEpoch / 1_000_000)
        var posts: [JSONValue] = []
        for index in plan.deliveryIndices {
            let network = plan.network(index)
            guard let account = accounts.first(where: { $0.network == network }) else { continue }
            let credentials: PostingPlan.Credentials =
                network == .mastodon
                ? .mastodon(token: "") : .bluesky(BlueskySession(account: account, accessToken: "", refreshToken: ""))
            var uploads: [JSONValue] = []
            for (image, source) in plan.outbox.uploads(index).enumerated() {
                let isCardPicture = plan.outbox.isCardPicture(index, image: image)
                let name = isCardPicture ? "(link card picture)" : "(image \(image + 1))"
                plan.prepared(
                    index, image: image,
                    PreparedImage(file: source.path, mimeType: "image/jpeg", width: 0, height: 0, byteCount: 0))
                plan.outbox.uploaded(
                    index, image: image,
                    network == .mastodon
                        ? .mastodon(id: name, ready: true)
                        : .bluesky(
                            blob: .object([
                                .init("$type", .string("blob")), .init("ref", .object([.init("$link", .string(name))])),
                                .init("mimeType", .string("image/jpeg")), .init("size", .integer(0)),
                            ])))
                var upload: [JSONValue.Member] = [.init("file", .string(source.path)), .init("as", .string(name))]
                if !source.alt.isEmpty { upload.append(.init("alt", .string(source.alt))) }
                if isCardPicture { upload.append(.init("linkCard", .bool(true))) }
                uploads.append(.object(upload))
            }
            guard
                let request = plan.request(
                    for: index, credentials: credentials, now: now, createdAt: createdAt,
                    didsByHandle: options.mentions)
            else {
                // Never silently fewer posts than Send makes: this one is named, without a body.
                posts.append(
                    .object([
                        .init("network", .string(network.rawValue)), .init("account", .string(account.name)),
                        .init("part", .integer(plan.outbox.deliveries[index].part + 1)),
                        .init("request", .string("(made at Send)")),
                    ]))
                continue
            }
            var post: [JSONValue.Member] = [
                .init("network", .string(network.rawValue)), .init("account", .string(account.name)),
                .init("part", .integer(plan.outbox.deliveries[index].part + 1)),
                .init("request", .string(request.method.rawValue + " https://" + request.host + request.path)),
            ]
            if !uploads.isEmpty { post.append(.init("uploads", .array(uploads))) }
            if let body = request.body { post.append(.init("body", body)) }
            posts.append(.object(post))
            let name = "(post \(plan.outbox.deliveries[index].part + 1))"
            plan.outbox.received(
                index, .success(name),
                postedAs: network == .mastodon
                    ? .mastodon(id: name)
                    : .bluesky(.init(uri: "at://" + account.identity + "/app.bsky.feed.post/" + name, cid: name)),
                now: now)
        }
        var members: [JSONValue.Member] = [.init("posts", .array(posts))]
        let hasImages = !images.isEmpty
        let dropped = Set(accounts.map(\.network)).sorted { $0.rawValue < $1.rawValue }.compactMap {
            network -> JSONValue.Member? in
            let notCarried = options.notCarried(by: network, hasImages: hasImages)
            guard !notCarried.isEmpty else { return nil }
            return .init(network.rawValue, .array(notCarried.map { .string($0.name) }))
        }
        if !dropped.isEmpty { members.append(.init("notCarried", .object(dropped))) }
        let unresolved = BlueskyPost.mentionedHandles(in: text).filter { options.mentions[$0] == nil }
        if accounts.contains(where: { $0.network == .bluesky }), !unresolved.isEmpty {
            // Send resolves them to DIDs first (a handle that does not resolve stays plain text).
            members.append(.init("mentionsResolvedAtSend", .array(unresolved.map(JSONValue.string))))
        }
        return .object(members)
    }
}

extension PostOptions.NotCarried {
    /// Its name in `--preview`'s JSON.
    var name: String {
        switch self {
        case .contentWarning: "contentWarning"
        case .visibility(let visibility): "visibility:" + visibility.rawValue
        case .sensitiveWithoutLabel: "sensitiveWithoutLabel"
        }
    }
}
