/// A reply's post, as the accounts Send posts with can answer it (ReplyAnswering): the plan never
/// sends a Mastodon status id to a server it is not from, and never a reply as a post of its own.
extension PostingPlan {
    /// The network of the post the plan replies to (nil: it answers none).
    package var replyNetwork: PostingAccount.Network? {
        guard let replyTo = outbox.replyTo else { return nil }
        if case .bluesky = replyTo.ref { return .bluesky }
        return .mastodon
    }

    /// The accounts among `accounts` the plan posts with that cannot answer the post it replies
    /// to as it was found: another server's Mastodon account (it must find the post again first),
    /// or another network's. None when the plan answers nothing, or where its first post no longer
    /// does. `before`: the plan as it was before these accounts were given it (who started it).
    package func accountsThatCannotAnswer(_ accounts: [PostingAccount], before: PostingPlan? = nil)
        -> [PostingAccount]
    {
        guard let replyTo = outbox.replyTo, let network = replyNetwork else { return [] }
        let started = (before ?? self).startedWith(on: network)
        return accounts.filter { account in
            // An account the plan does not post with (it went on with its own) answers nothing.
            guard let first = outbox.thread(of: account.network).first,
                outbox.deliveries[first].account == account.name, !outbox.deliveries[first].detached
            else { return false }
            return ReplyAnswering.how(account, answers: network, foundThrough: replyTo.server, startedWith: started)
                != .asFound
        }
    }

    /// The same post found again (through another server's account): the plan answers it as that
    /// server calls it, while nothing of the plan may be on a network yet; nil otherwise (what went
    /// answers the post as first found, and so must the rest).
    func answering(_ parent: ReplyParent) -> PostingPlan? {
        guard let replyTo = outbox.replyTo, replyTo.ref != parent.ref || replyTo.server != parent.server,
            !outbox.deliveries.indices.contains(where: { outbox.isConfirmed($0) || outbox.mayHaveBeenPosted($0) })
        else { return nil }
        var plan = self
        plan.outbox = Outbox(
            text: outbox.text, images: outbox.images, options: outbox.options,
            replyTo: Outbox.ReplyTo(
                ref: parent.ref, root: parent.root, author: parent.author, firstLine: parent.firstLine,
                server: parent.server),
            deliveries: outbox.deliveries)
        return plan
    }
}

/// A quote (QuotedPost): on the thread's first post, embedded where the network can, else its link
/// at the end of that post's text.
extension PostingPlan {
    /// Mastodon's `quoted_status_id` for delivery `index`: a first post, on a server that takes it.
    func mastodonQuoteID(_ index: Int) -> String? {
        guard outbox.deliveries[index].part == 0 else { return nil }
        return outbox.options.quote?.mastodonID(
            host: mastodonHost(index), serverTakesQuotes: outbox.options.mastodonTakesQuotes)
    }

    /// Bluesky's quoted record for delivery `index`: a first post's.
    func blueskyQuote(_ index: Int) -> BlueskyPost.StrongRef? {
        outbox.deliveries[index].part == 0 ? outbox.options.quote?.blueskyRecord : nil
    }

    /// What delivery `index` posts as its text: its own, with the quoted post's link at the end
    /// where its network cannot quote it.
    func postedText(_ index: Int) -> String {
        let text = outbox.text(of: index)
        guard let quote = outbox.options.quote, outbox.deliveries[index].part == 0 else { return text }
        let quoted =
            switch outbox.deliveries[index].network {
            case .mastodon: mastodonQuoteID(index) != nil
            case .bluesky: blueskyQuote(index) != nil
            }
        return quoted ? text : quote.withLink(text)
    }
}
