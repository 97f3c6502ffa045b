/// Who may reply to the post and quote it: one choice for every network, made into what each one
/// has (docs/servers.md, "Who may reply and quote"):
/// - Bluesky: a threadgate (`allow`: following, mentioned, or none) on the thread's first post, and
///   a postgate on each post. A postgate can only forbid every quote (`disableRule`), so any choice
///   narrower than Everyone forbids quotes there: the nearest that never lets in more people.
/// - Mastodon cannot limit replies. From 4.5 (API version 7) it takes `quote_approval_policy`:
///   `followers` is the nearest to "people you follow" (it is the other way round), `nobody` for
///   the rest; a followers-only or direct post is never quotable, as Mastodon's own composer says.
/// What differs is said before Send (`differences`).
package enum ReplyGate: String, CaseIterable, Hashable, Sendable {
    case everyone, following, mentioned, nobody

    /// The threadgate's `allow` rules; nil: no threadgate (everyone may reply).
    var blueskyAllow: [JSONValue]? {
        func rule(_ name: String) -> JSONValue {
            .object([.init("$type", .string("app.bsky.feed.threadgate#" + name))])
        }
        switch self {
        case .everyone: return nil
        case .following: return [rule("followingRule")]
        case .mentioned: return [rule("mentionRule")]
        case .nobody: return []
        }
    }

    /// The choice nearest an account's default `quote_policy` (verify_credentials' `source`, from
    /// 4.5); nil for anything else.
    package init?(mastodonQuotePolicy policy: String) {
        switch policy {
        case "public": self = .everyone
        case "followers": self = .following
        case "nobody": self = .nobody
        default: return nil
        }
    }

    /// Whether each Bluesky post gets a postgate that forbids quoting it.
    var blueskyForbidsQuotes: Bool { self != .everyone }

    /// Mastodon's `quote_approval_policy` for a post of `visibility` on a server that takes it.
    /// Everyone is said as `public`, never left to the account's default, which is not always
    /// public (4.5.0's migration set nobody or followers by the default visibility: docs/servers.md,
    /// gaps 7); the window starts from that default instead (`init(mastodonQuotePolicy:)`).
    func mastodonQuotePolicy(visibility: PostOptions.Visibility?) -> String? {
        if visibility == .private || visibility == .direct { return "nobody" }
        switch self {
        case .everyone: return "public"
        case .following: return "followers"
        case .mentioned, .nobody: return "nobody"
        }
    }

    /// Where the networks the post goes to do not do what was chosen: one line per network that
    /// differs, saying what it does instead (empty: they all do). `mastodonTakesQuotes`: the
    /// Mastodon server's API version is 7 or later; `isReply`: the post answers another.
    package func differences(
        networks: Set<PostingAccount.Network>, mastodonTakesQuotes: Bool?, isReply: Bool = false
    ) -> [String] {
        guard self != .everyone else { return [] }
        var lines: [String] = []
        if networks.contains(.mastodon) {
            lines.append(
                mastodonTakesQuotes == nil
                    ? localized("On Mastodon: anyone who sees it may reply (whether it limits quotes: not known yet)")
                    : mastodonTakesQuotes == false
                        ? localized("On Mastodon: anyone who sees it may reply or quote (the server is older than 4.5)")
                        : self == .following
                            ? localized("On Mastodon: anyone who sees it may reply; your followers may quote")
                            : localized("On Mastodon: anyone who sees it may reply; nobody may quote"))
        }
        if networks.contains(.bluesky) {
            if isReply {
                lines.append(localized("On Bluesky: a reply keeps its thread's rules; nobody may quote it"))
            } else if self != .nobody {
                lines.append(localized("On Bluesky: nobody may quote it (quotes are for everyone or no one)"))
            }
        }
        return lines
    }
}

extension PostingPlan {
    /// The gate records that go with delivery `index`'s post, in the same applyWrites: the
    /// threadgate on a thread's first post, a postgate on every post; each under the post's own
    /// record key and naming it. Empty: the post goes alone, through createRecord.
    func blueskyGates(_ index: Int, repo: String, createdAt: String) -> [(collection: String, record: JSONValue)] {
        let gate = outbox.options.replyGate
        let delivery = outbox.deliveries[index]
        let post = JSONValue.string("at://" + repo + "/app.bsky.feed.post/" + delivery.key)
        var gates: [(collection: String, record: JSONValue)] = []
        // A threadgate is read on a thread's root only: a reply's would be ignored.
        if delivery.part == 0, outbox.replyTo == nil, let allow = gate.blueskyAllow {
            gates.append(
                (
                    "app.bsky.feed.threadgate",
                    .object([
                        .init("$type", .string("app.bsky.feed.threadgate")), .init("post", post),
                        .init("allow", .array(allow)), .init("createdAt", .string(createdAt)),
                    ])
                ))
        }
        if gate.blueskyForbidsQuotes {
            gates.append(
                (
                    "app.bsky.feed.postgate",
                    .object([
                        .init("$type", .string("app.bsky.feed.postgate")), .init("post", post),
                        .init(
                            "embeddingRules",
                            .array([.object([.init("$type", .string("app.bsky.feed.postgate#disableRule"))])])),
                        .init("createdAt", .string(createdAt)),
                    ])
                ))
        }
        return gates
    }
}
