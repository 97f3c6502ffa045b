/// The post a post quotes (`--quote`, Quote in the window), found as a reply's post is found
/// (ReplyParent): what each network makes of it.
/// - Mastodon 4.5 and later (API version 7) takes `quoted_status_id`: the id on the account's own
///   server, so only a post found through that server.
/// - Bluesky embeds a Bluesky post's strongRef: `app.bsky.embed.record`, or with images or a card
///   `app.bsky.embed.recordWithMedia`.
/// - Everywhere else (an older Mastodon server, a post of the other network, a post not found) the
///   post's link goes at the end of the text, and the window says so before Send.
package struct QuotedPost: Hashable, Sendable {
    /// The post's page, as given (what the link at the end of the text is).
    package let url: String
    /// What the network that found it calls it; nil when no network found it (the link alone).
    let ref: Outbox.PostRef?
    /// Mastodon: the server whose id `ref` is.
    let server: String?
    /// What the window shows: the author and the first line (plain text, one line each).
    package let author: String
    package let firstLine: String

    /// Found through a network (ReplyResolver).
    package init(url: String, found: ReplyParent) {
        self.url = Self.page(of: url) ?? url
        ref = found.ref
        server = found.server
        author = found.author
        firstLine = found.firstLine
    }

    /// Not found through any network: its link alone goes.
    package init?(linkOnly url: String) {
        guard (try? ReplyTarget(parsing: url)) != nil, let page = Self.page(of: url) else { return nil }
        self.url = page
        ref = nil
        server = nil
        author = ""
        firstLine = ""
    }

    /// The page a person opens for the post: a bsky.app page for an at:// URI.
    static func page(of url: String) -> String? {
        switch try? ReplyTarget(parsing: url) {
        case .bluesky(let author, let recordKey)?: "https://bsky.app/profile/\(author)/post/\(recordKey)"
        case .mastodon(let page)?: page
        case nil: nil
        }
    }

    /// Mastodon's `quoted_status_id` for a post to `host`'s server, if that server takes quotes
    /// and knows the post by that id.
    func mastodonID(host: String, serverTakesQuotes: Bool) -> String? {
        guard serverTakesQuotes, case .mastodon(let id)? = ref, server == host else { return nil }
        return id
    }

    /// Bluesky's strongRef of the post, if it is a Bluesky post.
    var blueskyRecord: BlueskyPost.StrongRef? {
        if case .bluesky(let record)? = ref { record } else { nil }
    }

    /// `text` with the post's link at its end, on a line of its own (once).
    func withLink(_ text: String) -> String {
        let trimmed = Self.trimmingEnd(text)
        if trimmed.hasSuffix(url) { return text }
        return trimmed.isEmpty ? url : trimmed + "\n\n" + url
    }

    /// Whether `ending` (the end of a text) ends with the post's link already.
    package func endsWithLink(_ ending: String) -> Bool { Self.trimmingEnd(ending).hasSuffix(url) }

    private static func trimmingEnd(_ text: String) -> String {
        String(text.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed())
    }

    /// What the window says where a network gets the link instead of the quote; nil where every
    /// network quotes it.
    package func linkNote(networks: Set<PostingAccount.Network>, mastodonHost: String?, serverTakesQuotes: Bool)
        -> String?
    {
        var linked: [String] = []
        if networks.contains(.mastodon),
            mastodonID(host: mastodonHost ?? "", serverTakesQuotes: serverTakesQuotes) == nil
        {
            linked.append("Mastodon")
        }
        if networks.contains(.bluesky), blueskyRecord == nil { linked.append("Bluesky") }
        guard !linked.isEmpty else { return nil }
        return localized("On {0}: the quoted post's link goes at the end of the text", linked.joined(separator: ", "))
    }

    /// What the link ending the text adds to a network's count where the network gets it (0 where
    /// it quotes the post, or `ending`, the text's end, has it already): two line breaks and the
    /// link, as Mastodon weighs a URL (`urlWeight`) or as Bluesky shortens it.
    package func linkUnits(
        on network: PostingAccount.Network, mastodonHost: String?, serverTakesQuotes: Bool, urlWeight: Int,
        ending: String = ""
    ) -> Int {
        if endsWithLink(ending) { return 0 }
        return switch network {
        case .mastodon:
            mastodonID(host: mastodonHost ?? "", serverTakesQuotes: serverTakesQuotes) == nil ? 2 + urlWeight : 0
        case .bluesky: blueskyRecord == nil ? 2 + BlueskyLinks.shortened(url).count : 0
        }
    }

    /// As the outbox and the draft keep it.
    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("url", .string(url)), .init("author", .string(author)), .init("firstLine", .string(firstLine)),
        ]
        if let ref { members.append(.init("ref", ref.json)) }
        if let server { members.append(.init("server", .string(server))) }
        return .object(members)
    }

    /// nil for anything this version would not send as it was chosen (a file is never trusted).
    init?(json: JSONValue) {
        guard let given = json["url"]?.string, let page = Self.page(of: given), page == given else { return nil }
        url = page
        if let kept = json["ref"] {
            guard let read = Outbox.PostRef(json: kept) else { return nil }
            ref = read
        } else {
            ref = nil
        }
        if let kept = json["server"] {
            guard case .string(let host) = kept, case .mastodon? = ref, (try? ServerName.validate(host)) == host
            else { return nil }
            server = host
        } else {
            server = nil
        }
        author = String((json["author"]?.string ?? "").prefix(300)).onOneLine
        firstLine = String((json["firstLine"]?.string ?? "").prefix(ReplyParent.firstLineLength)).onOneLine
    }
}
