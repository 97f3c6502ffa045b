/// What a post carries besides its text and images, once for every network it goes to, and what
/// each network makes of it (Mastodon's status fields, Bluesky's record fields):
/// - a content warning: Mastodon's `spoiler_text`; Bluesky has none;
/// - who may see it: Mastodon's four visibilities; Bluesky posts are public;
/// - whether its images are sensitive: Mastodon's `sensitive`; Bluesky's self-label, which also
///   makes the images sensitive on Mastodon;
/// - its languages: Mastodon's `language` takes the first, Bluesky's `langs` up to three;
/// - the Bluesky accounts the person chose from the mention list: their DIDs, by handle, which the
///   record's mention facets take without a look-up at Send (PostOptions+Mentions).
package struct PostOptions: Hashable, Sendable {
    /// Mastodon's own words, as its API takes them.
    package enum Visibility: String, CaseIterable, Sendable {
        case `public`, unlisted, `private`, direct
    }

    /// The four adult-content self-labels Bluesky's app offers for images (com.atproto.label.defs).
    package enum SelfLabel: String, CaseIterable, Sendable {
        case sexual, nudity, porn
        case graphicMedia = "graphic-media"
    }

    /// Shown before the text on Mastodon; empty: none.
    package var contentWarning = ""
    /// nil: the account's own default (the server applies `source.privacy`).
    package var visibility: Visibility?
    package var sensitive = false
    package var selfLabel: SelfLabel?
    /// ISO 639-1 codes, at most `mostLanguages`; empty: none said (the window fills in the spell
    /// checker's at Send, so the outbox keeps what was sent).
    package var languages: [String] = []
    /// Bluesky handles (without '@') the person chose from the list, each with its DID.
    package var mentions: [String: String] = [:]
    /// The link card the window showed at Send (Bluesky's embed.external; Mastodon makes its own).
    package var linkCard: LinkCard?
    /// Who may reply and quote (ReplyGate: Bluesky's gates, Mastodon's quote policy).
    package var replyGate = ReplyGate.everyone
    /// Whether `replyGate` was chosen (by the person, `--who-may-reply`, or Send: `resolvingGate`).
    /// Until then it is everyone, and a Mastodon-only post starts from its account's default.
    package var replyGateChosen = false
    /// The post it quotes (a thread's first post does).
    package var quote: QuotedPost?
    /// Whether the Mastodon account's server takes quotes and their policy (its API version is 7 or
    /// later), as the window knew it at Send: an older server ignores them without a word.
    package var mastodonTakesQuotes = false

    /// Bluesky's `langs` holds at most three.
    package static let mostLanguages = 3
    /// Mentions a kept post may name: far past any post's length in handles.
    static let mostMentions = 1_000

    package init(
        contentWarning: String = "", visibility: Visibility? = nil, sensitive: Bool = false,
        selfLabel: SelfLabel? = nil, languages: [String] = []
    ) {
        self.contentWarning = contentWarning
        self.visibility = visibility
        self.sensitive = sensitive
        self.selfLabel = selfLabel
        self.languages = Array(languages.prefix(Self.mostLanguages))
    }

    /// The ISO 639-1 code of a dictionary's or a locale's name ("zh_CN", "en-US", "pt_BR.UTF-8"
    /// → "zh", "en", "pt"); nil when it does not start with two letters.
    package static func languageCode(of name: String) -> String? {
        let code = name.prefix { $0 != "_" && $0 != "-" && $0 != "." && $0 != "@" }.lowercased()
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
        return code
    }

    /// These options, with `spellLanguage` (the spell checker's dictionary) as the language when
    /// none was chosen: what Send records in the outbox.
    package func withLanguage(orSpellChecker spellLanguage: String?) -> PostOptions {
        guard languages.isEmpty, let code = spellLanguage.flatMap(Self.languageCode(of:)) else { return self }
        var options = self
        options.languages = [code]
        return options
    }

    /// Whether Mastodon marks the images sensitive: asked for, or labelled for Bluesky.
    func mastodonSensitive(hasImages: Bool) -> Bool { hasImages && (sensitive || selfLabel != nil) }

    /// The members POST /api/v1/statuses takes from these options.
    func mastodonMembers(hasImages: Bool) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if !contentWarning.isEmpty { members.append(.init("spoiler_text", .string(contentWarning))) }
        if let visibility { members.append(.init("visibility", .string(visibility.rawValue))) }
        if mastodonSensitive(hasImages: hasImages) { members.append(.init("sensitive", .bool(true))) }
        if let language = languages.first { members.append(.init("language", .string(language))) }
        if mastodonTakesQuotes, let policy = replyGate.mastodonQuotePolicy(visibility: visibility) {
            members.append(.init("quote_approval_policy", .string(policy)))
        }
        return members
    }

    /// The record's `labels` (com.atproto.label.defs#selfLabels), for a post with images only: the
    /// labels Bluesky's app offers are about media.
    func blueskyLabels(hasImages: Bool) -> JSONValue? {
        guard hasImages, let selfLabel else { return nil }
        return .object([
            .init("$type", .string("com.atproto.label.defs#selfLabels")),
            .init("values", .array([.object([.init("val", .string(selfLabel.rawValue))])])),
        ])
    }

    /// What a network cannot carry of these options, for the window to say before Send.
    package enum NotCarried: Hashable, Sendable {
        /// Bluesky has no content warning: the text goes without it.
        case contentWarning
        /// Bluesky posts are public, whatever the visibility chosen for Mastodon.
        case visibility(Visibility)
        /// Sensitive without a Bluesky label: the images go unlabelled there.
        case sensitiveWithoutLabel
    }

    /// What `network` drops of these options for a post with or without images.
    package func notCarried(by network: PostingAccount.Network, hasImages: Bool) -> [NotCarried] {
        guard network == .bluesky else { return [] }
        var dropped: [NotCarried] = []
        if let visibility, visibility != .public { dropped.append(.visibility(visibility)) }
        if !contentWarning.isEmpty { dropped.append(.contentWarning) }
        if hasImages && sensitive && selfLabel == nil { dropped.append(.sensitiveWithoutLabel) }
        return dropped
    }

    /// Whether anything is set that a post without an account (a compose page, standard output)
    /// would lose: a warning, a narrower audience, a mark on its images, fewer people who may
    /// reply. The language is not: a network guesses it.
    /// Who may reply and quote as Send sends it: what was chosen; else, for a post to Mastodon
    /// alone, the account's default quote policy (`source.quote_policy`, which 4.5's upgrade set
    /// to nobody or followers for many); else everyone. A Mastodon quote default never becomes a
    /// Bluesky reply limit.
    package func resolvingGate(accountQuotes: ReplyGate?, networks: Set<PostingAccount.Network>) -> PostOptions {
        guard !replyGateChosen else { return self }
        var options = self
        options.replyGate = networks == [.mastodon] ? accountQuotes ?? .everyone : .everyone
        options.replyGateChosen = true
        return options
    }

    package func asksForMoreThanText(hasImages: Bool) -> Bool {
        !contentWarning.isEmpty || (visibility != nil && visibility != .public)
            || (hasImages && (sensitive || selfLabel != nil)) || replyGate != .everyone
    }
}

extension PostOptions {
    /// As the outbox and the draft keep them; nil when nothing is set.
    package var json: JSONValue? {
        guard self != PostOptions() else { return nil }
        var members: [JSONValue.Member] = []
        if !contentWarning.isEmpty { members.append(.init("contentWarning", .string(contentWarning))) }
        if let visibility { members.append(.init("visibility", .string(visibility.rawValue))) }
        if sensitive { members.append(.init("sensitive", .bool(true))) }
        if let selfLabel { members.append(.init("label", .string(selfLabel.rawValue))) }
        if !languages.isEmpty { members.append(.init("languages", .array(languages.map(JSONValue.string)))) }
        if !mentions.isEmpty {
            members.append(
                .init("mentions", .object(mentions.sorted { $0.key < $1.key }.map { .init($0.key, .string($0.value)) }))
            )
        }
        if let linkCard { members.append(.init("linkCard", linkCard.json)) }
        if replyGate != .everyone { members.append(.init("replyGate", .string(replyGate.rawValue))) }
        if replyGateChosen { members.append(.init("replyGateChosen", .bool(true))) }
        if mastodonTakesQuotes { members.append(.init("mastodonQuotes", .bool(true))) }
        if let quote { members.append(.init("quote", quote.json)) }
        return .object(members)
    }

    /// nil for a value this version cannot read (an unknown visibility or label is never guessed).
    package init?(json: JSONValue) {
        guard case .object = json else { return nil }
        self.init()
        if let warning = json["contentWarning"] {
            guard case .string(let text) = warning, StateValues.isText(text) else { return nil }
            contentWarning = text
        }
        if let visibility = json["visibility"] {
            guard let known = visibility.string.flatMap(Visibility.init(rawValue:)) else { return nil }
            self.visibility = known
        }
        sensitive = json["sensitive"] == .bool(true)
        if let label = json["label"] {
            guard let known = label.string.flatMap(SelfLabel.init(rawValue:)) else { return nil }
            selfLabel = known
        }
        if let listed = json["languages"] {
            guard let codes = listed.elements?.compactMap(\.string),
                codes.allSatisfy({ Self.languageCode(of: $0) == $0 })
            else { return nil }
            languages = Array(codes.prefix(Self.mostLanguages))
        }
        if let chosen = json["mentions"] {
            guard case .object(let members) = chosen, members.count <= Self.mostMentions else { return nil }
            for member in members {
                guard let did = member.value.string, Self.isMention(handle: member.name, did: did) else { return nil }
                mentions[member.name] = did
            }
        }
        if let kept = json["linkCard"] {
            guard let card = LinkCard(json: kept) else { return nil }
            linkCard = card
        }
        if let gate = json["replyGate"] {
            guard let known = gate.string.flatMap(ReplyGate.init(rawValue:)) else { return nil }
            replyGate = known
        }
        // A gate other than everyone was always chosen (none is kept before it is).
        replyGateChosen = json["replyGateChosen"] == .bool(true) || replyGate != .everyone
        mastodonTakesQuotes = json["mastodonQuotes"] == .bool(true)
        if let kept = json["quote"] {
            guard let read = QuotedPost(json: kept) else { return nil }
            quote = read
        }
    }
}
