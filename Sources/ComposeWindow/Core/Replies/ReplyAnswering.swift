/// Which signed-in accounts can answer a post, and how. A reply lives on its post's network: a
/// Bluesky post is one record for every Bluesky account, but a Mastodon status id is only its
/// server's (the same post has another id, or none, on every other server), so an account on
/// another server must find the post through its own server before it can answer it. Never a
/// standalone post in place of a reply.
package enum ReplyAnswering: Equatable, Sendable {
    /// It answers the post as it was found.
    case asFound
    /// A Mastodon account on another server: it finds the post again through `server` first.
    case findAgain(through: String)
    /// An account of another network cannot answer it.
    case cannot

    /// How `account` answers a post of `network`, found through Mastodon server `server` (nil:
    /// Bluesky, or an outbox from before the server was kept, when only `startedWith` may).
    package static func how(
        _ account: PostingAccount, answers network: PostingAccount.Network, foundThrough server: String?,
        startedWith: String? = nil
    ) -> ReplyAnswering {
        guard account.network == network else { return .cannot }
        guard network == .mastodon else { return .asFound }
        if let server { return server == account.host ? .asFound : .findAgain(through: account.host) }
        return account.name == startedWith ? .asFound : .findAgain(through: account.host)
    }

    /// The accounts a menu offers for answering a post on `network`: that network's, in their
    /// order (one on another Mastodon server finds the post again when chosen).
    package static func offered(_ accounts: [PostingAccount], answering network: PostingAccount.Network)
        -> [PostingAccount]
    {
        accounts.filter { how($0, answers: network, foundThrough: nil) != .cannot }
    }
}

extension ReplyParent {
    /// The network the post is on (and a reply to it goes to).
    package var network: PostingAccount.Network {
        if case .bluesky = ref { .bluesky } else { .mastodon }
    }

    /// How `account` answers this post.
    package func answered(by account: PostingAccount) -> ReplyAnswering {
        ReplyAnswering.how(account, answers: network, foundThrough: server)
    }
}
