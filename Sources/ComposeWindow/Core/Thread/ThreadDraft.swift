/// What the window makes of a text too long for one post: the thread it would be on each network
/// Send posts to (each split by its own rule and limit), whether Send may post it, what the
/// counter says, and the posts' texts for the outbox. A thread is offered when the text is over a
/// limit, or when the person marked a cut; a marked cut is the person's choice of a thread.
package struct ThreadDraft: Sendable, Equatable {
    package struct Network: Sendable, Equatable {
        package let network: PostingAccount.Network
        package let limit: Int
        package let parts: [ThreadSplitter.Part]
    }

    /// Each network's thread, in the order Send posts to them.
    package let networks: [Network]
    /// The text holds a line of `---` alone: the person chose where a post ends.
    package let hasMarker: Bool

    /// `networks`: each network's rule and limit (Mastodon's less its content warning's units).
    package init(
        text: String, networks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)], numbered: Bool
    ) {
        self.networks = networks.map { network, rule, limit in
            Network(
                network: network, limit: limit,
                parts: ThreadSplitter.split(text, rule: rule, limit: limit, numbered: numbered))
        }
        hasMarker = Self.hasMarker(text)
    }

    /// A thread is offered for a text up to this many posts long on each network: a longer one is
    /// no thread anyone reads (and Mastodon's servers take 300 posts in three hours).
    package static let longestThread = 50

    /// Whether a text of `characters` may be offered as a thread at `limit` a post.
    package static func mayBeOffered(characters: Int, limit: Int) -> Bool {
        characters <= longestThread * limit
    }

    /// Whether the text holds a line of `---` alone: the person chose where a post ends.
    package static func hasMarker(_ text: String) -> Bool {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).contains {
            $0 == ThreadSplitter.marker
        }
    }

    /// Whether Send may post the threads: every post of each fits its network, and there is one.
    package var canSend: Bool {
        networks.allSatisfy { !$0.parts.isEmpty && $0.parts.allSatisfy(\.fits) }
    }

    /// Whether any network's thread has more than one post.
    package var isThread: Bool { networks.contains { $0.parts.count > 1 } }

    /// The post of network `index` that holds the character at `caret` (scalar offset): the one
    /// it is in, else the last one before it (the caret in white space between two posts).
    package func part(at caret: Int, network index: Int) -> Int {
        let parts = networks[index].parts
        return parts.lastIndex { $0.range.lowerBound <= caret } ?? 0
    }

    /// The counter: "Post 2 of 3 · 212/500", for each network when there are several
    /// ("Mastodon: post 2 of 3 · 212/500 · Bluesky: post 3 of 5 · 280/300").
    package func counterLabel(caret: Int) -> String {
        let labels = networks.indices.map { index -> String in
            let network = networks[index]
            guard !network.parts.isEmpty else { return "0/\(network.limit)" }
            let part = part(at: caret, network: index)
            return localized(
                "Post {0} of {1} · {2}", String(part + 1), String(network.parts.count),
                "\(network.parts[part].units)/\(network.limit)")
        }
        guard networks.count > 1 else { return labels.first ?? "" }
        return zip(networks, labels).map { localized("{0}: {1}", $0.network.displayName, $1) }.joined(separator: " · ")
    }

    /// The offer beside the counter: "Post as a thread of 3", or for several networks
    /// "Post as threads: Mastodon 3 · Bluesky 5" (the underline marks its Alt key).
    package var offer: String {
        guard networks.count > 1 else {
            return localized("Post as a t_hread of {0}", String(networks.first?.parts.count ?? 0))
        }
        return localized(
            "Post as t_hreads: {0}",
            networks.map { $0.network.displayName + " " + String($0.parts.count) }.joined(separator: " · "))
    }

    /// The posts of each network whose text is a thread, for PostingSession.send (a network whose
    /// text is one post whole is left out: it posts the text as typed).
    package func parts(of text: String) -> [PostingAccount.Network: [String]] {
        var parts: [PostingAccount.Network: [String]] = [:]
        for network in networks where network.parts.count > 1 || network.parts.first?.text != text {
            parts[network.network] = network.parts.map(\.text)
        }
        return parts
    }
}
