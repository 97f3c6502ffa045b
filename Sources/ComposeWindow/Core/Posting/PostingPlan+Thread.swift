/// What a thread's part says of the post it answers: Mastodon's `in_reply_to_id`, Bluesky's
/// `reply` with the thread's first post as root and the part before as parent, both as the
/// network stored them (their cids from createRecord or getRecord).
extension PostingPlan {
    /// The status delivery `index` answers on Mastodon; nil for a first part.
    func mastodonParentID(_ index: Int) -> String? {
        if case .mastodon(let id)? = outbox.parentRef(of: index) { id } else { nil }
    }

    /// Delivery `index`'s place in its Bluesky thread; nil for a first part.
    func blueskyReply(_ index: Int) -> BlueskyPost.ReplyRef? {
        guard case .bluesky(let parent)? = outbox.parentRef(of: index),
            case .bluesky(let root)? = outbox.rootRef(of: index)
        else { return nil }
        return BlueskyPost.ReplyRef(root: root, parent: parent)
    }

    /// A lookup of delivery `index`'s status among the account's own since its first request
    /// left: its text, answering the part before it (a first part what the post answers), so
    /// that two parts with the same words are told apart, with its content warning and images.
    func newLookup(_ index: Int) -> MastodonLookup {
        let delivery = outbox.deliveries[index]
        return MastodonLookup(
            host: mastodonHost(index),
            expected: MastodonStatusMatch(
                text: postedText(index), inReplyTo: mastodonParentID(index),
                spoilerText: outbox.options.contentWarning, mediaCount: delivery.images.count),
            sentAt: delivery.firstSentAt)
    }

    /// Which post of its network's thread delivery `index` is, and of how many (1 of 1 for a
    /// single post).
    package func part(_ index: Int) -> (number: Int, of: Int) {
        (outbox.deliveries[index].part + 1, outbox.partCount(index))
    }

    /// Each network's thread, where the post is one (PostingSession.send's `parts`): Send again
    /// with the same text posts what this plan posts.
    package var parts: [PostingAccount.Network: [String]] {
        var parts: [PostingAccount.Network: [String]] = [:]
        for network in networks {
            let thread = outbox.thread(of: network)
            if thread.count > 1 || thread.contains(where: { outbox.deliveries[$0].partText != nil }) {
                parts[network] = thread.map { outbox.text(of: $0) }
            }
        }
        return parts
    }

    /// Whether Send with these would post what the plan posts: the same text, images and options,
    /// and on each network the same parts (absent: the text whole).
    func posts(
        text: String, images: [PostImage], options: PostOptions, parts: [PostingAccount.Network: [String]]
    ) -> Bool {
        guard outbox.text == text, outbox.images == images, outbox.options == options else { return false }
        return networks.allSatisfy { network in
            outbox.thread(of: network).map { outbox.text(of: $0) } == (parts[network] ?? [text])
        }
    }

    /// Whether a network holds some of its thread and not the rest (those go as they are).
    package var isHalfPosted: Bool { outbox.isHalfPosted }

    /// How far each network's thread got, for the window that resumes it: "@alice@mastodon.social
    /// has 2 of the thread's 3 posts"; empty for a post that is no thread.
    package var threadProgress: [String] {
        networks.compactMap { network in
            let thread = outbox.thread(of: network)
            guard thread.count > 1, let first = thread.first else { return nil }
            let posted = thread.filter { outbox.isConfirmed($0) }.count
            return localized(
                "{0} has {1} of the thread's {2} posts", outbox.deliveries[first].account, String(posted),
                String(thread.count))
        }
    }
}

extension PostingPlan {
    /// What a reply answers, as the window said it when the post was made: the author and the
    /// first line (nil for a post that answers nothing, or an outbox from before they were kept).
    package var replyHeader: (author: String, firstLine: String)? { outbox.replyTo?.header }
}
