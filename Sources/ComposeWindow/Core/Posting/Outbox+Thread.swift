/// A thread in the outbox: on each network, its parts are deliveries of their own (each with its
/// own key, state and knowledge), posted in order, each answering the one before. A part goes only
/// once the network holds the one before it and has said what it calls it; the first part carries
/// the images. Networks split separately (their limits differ), so they may have different counts.
extension Outbox {
    /// A post as its network names it for a reply: Mastodon's status id, Bluesky's record (its
    /// `at://` URI and cid, a strongRef).
    enum PostRef: Hashable, Sendable {
        case mastodon(id: String)
        case bluesky(BlueskyPost.StrongRef)
    }

    /// The post a reply answers: what it is called, and on Bluesky its conversation's first post.
    struct ReplyTo: Hashable, Sendable {
        let ref: PostRef
        let root: PostRef?
        /// What the window said it answers ("@bob@example.social", its first line), to say again
        /// when the post is resumed; nil in an outbox from before it was kept.
        var header: (author: String, firstLine: String)? {
            guard let author, let firstLine else { return nil }
            return (author, firstLine)
        }
        var author: String? = nil
        var firstLine: String? = nil
        /// Mastodon: the server it was found through, whose id `ref` is; nil on Bluesky, and in
        /// an outbox from before it was kept.
        var server: String? = nil
    }

    /// What delivery `index` posts: its part of the thread, or the whole text.
    func text(of index: Int) -> String { deliveries[index].partText ?? text }

    /// The deliveries of `network`'s thread, in order (one for a single post).
    func thread(of network: Network) -> [Int] {
        deliveries.indices.filter { deliveries[$0].network == network }.sorted {
            deliveries[$0].part < deliveries[$1].part
        }
    }

    /// How many posts `network`'s thread has.
    func partCount(_ index: Int) -> Int { thread(of: deliveries[index].network).count }

    /// The post delivery `index` answers: the part before it, once the network holds it; for a
    /// first part, the post replied to (nil: none), and nil while the one before is not there.
    func parentRef(of index: Int) -> PostRef? {
        let delivery = deliveries[index]
        if delivery.detached { return nil }  // what it answered is gone: it starts a thread of its own
        if delivery.part == 0 { return replyTo?.ref }
        guard
            let before = deliveries.first(where: { $0.network == delivery.network && $0.part == delivery.part - 1 }),
            case .confirmed = before.state
        else { return nil }
        return before.postedAs
    }

    /// The conversation's first post for delivery `index`: the root of the post replied to, else
    /// the thread's first post once the network holds it.
    func rootRef(of index: Int) -> PostRef? {
        if let replyTo { return replyTo.root ?? replyTo.ref }
        let network = deliveries[index].network
        guard let first = deliveries.first(where: { $0.network == network && $0.part == 0 }),
            case .confirmed = first.state
        else { return nil }
        return first.postedAs
    }

    /// Whether a network holds some of its thread's parts and not all: the rest must go as they
    /// are, so the text stays as it was until they do.
    var isHalfPosted: Bool {
        Set(deliveries.map(\.network)).contains { network in
            let states = thread(of: network).map { isConfirmed($0) }
            return states.contains(true) && states.contains(false)
        }
    }

    /// The post with `text`, `images` and `options` for every network that has none of it (an
    /// edit after a refusal, or after one network took it and another refused), split as `parts`
    /// gives for each network (absent: one post of the whole text); nil while any network may have
    /// a part without saying so. Keys stay by position (nothing was stored under them); a part more
    /// than before takes `newKey(network, part)`. An image kept as it was (the same file, the same
    /// alt text) keeps what was prepared and uploaded for it. A network that holds some of its
    /// thread keeps its parts as they are.
    func replacingContent(
        text: String, images: [PostImage], options: PostOptions, parts: [Network: [String]],
        now: Int64, newKey: (Network, Int) -> String
    ) -> Outbox? {
        // A status a server keeps is withdrawn before the edit goes in its place; one that may be
        // being published is not changed.
        guard !mayHaveBeenSentSomewhere, !hasLeftASchedule, canWithdraw(now: now) else { return nil }
        var replaced: [Delivery] = []
        var networks: [Network] = []
        for delivery in deliveries where !networks.contains(delivery.network) { networks.append(delivery.network) }
        for network in networks {
            let old = thread(of: network)
            if old.contains(where: isConfirmed) {
                replaced += old.map { index in
                    var kept = deliveries[index]
                    // Another card: the old one's picture is not this one's thumb.
                    if options.linkCard != self.options.linkCard, !isConfirmed(index), images.isEmpty || kept.part > 0 {
                        kept.images = []
                        kept.cardPictureUnusable = false
                    }
                    return kept
                }
                continue
            }
            let texts = parts[network] ?? [text]
            let first = deliveries[old[0]]
            for (part, partText) in texts.enumerated() {
                let kept = part < old.count ? deliveries[old[part]] : nil
                var delivery = Delivery(
                    network: network, account: first.account,
                    key: kept.map { $0.scheduledID == nil ? $0.key : newKey(network, part) } ?? newKey(network, part),
                    state: .waiting, part: part, partText: texts.count == 1 && partText == text ? nil : partText)
                if let id = kept?.scheduledID {
                    // The old version leaves the server's schedule first (its key is spent).
                    delivery.scheduledID = id
                    delivery.serverTime = kept?.serverTime
                    delivery.withdrawing = true
                }
                if part < old.count {
                    delivery.notBefore = deliveries[old[part]].notBefore
                    // What it answered is gone, and the person chose to post without it: an edit keeps that.
                    delivery.detached = deliveries[old[part]].detached
                    // Still one post: Mastodon is still given the time (a thread waits here).
                    if texts.count == 1 { delivery.serverTime = deliveries[old[part]].serverTime }
                }
                if part == 0 {
                    delivery.images = images.map { image in
                        // Captions go to Bluesky only: Mastodon keeps its copy when only they changed.
                        self.images.firstIndex {
                            network == .bluesky ? $0 == image : ($0.path, $0.alt) == (image.path, image.alt)
                        }.map { first.images[$0] } ?? DeliveryImage()
                    }
                }
                replaced.append(delivery)
            }
        }
        var edited = Outbox(text: text, images: images, options: options, replyTo: replyTo, deliveries: replaced)
        edited.hold = hold  // a scheduled post, edited, still goes at its time
        return edited
    }
}
