extension ComposeOptions {
    /// `--cw`, `--visibility`, `--who-may-reply`, `--language`, `--sensitive` and `--label`, checked against the
    /// networks Send goes to (`networks`; nil: the window's choice, from the desktop) and whether
    /// the post has images. An option no chosen network can carry is refused here rather than
    /// dropped on the way; with two networks the window says what the second one leaves out.
    static func postOptions(
        _ values: [ComposeOption: String], languages: [String], flags: Set<ComposeOption>,
        networks: [PostTarget]?, hasImages: Bool
    ) throws(UsageError) -> PostOptions {
        var options = PostOptions()
        let given: [ComposeOption] = [.cw, .visibility, .whoMayReply, .sensitive, .label, .language].filter {
            values[$0] != nil || flags.contains($0) || ($0 == .language && !languages.isEmpty)
        }
        guard let first = given.first else { return options }
        let networks = networks ?? [.mastodon, .bluesky]
        guard networks.contains(where: { $0 == .mastodon || $0 == .bluesky }) else {
            throw UsageError(description: localized("--{0}: only for posts to mastodon or bluesky (--to)", first.name))
        }
        let mastodon = networks.contains(.mastodon)
        if let warning = values[.cw] {
            guard mastodon else {
                throw UsageError(description: localized("--cw: Bluesky has no content warnings (--to mastodon has)"))
            }
            guard !warning.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                !warning.trimmingSpaces.isEmpty
            else {
                throw UsageError(description: localized("--cw: give the warning as one line of text"))
            }
            options.contentWarning = warning
        }
        if let word = values[.visibility] {
            guard let visibility = PostOptions.Visibility(rawValue: word) else {
                throw UsageError(
                    description: localized(
                        "--visibility: unknown visibility “{0}” (use public, unlisted, private or direct)",
                        word.onOneLine))
            }
            guard mastodon || visibility == .public else {
                throw UsageError(description: localized("--visibility: Bluesky posts are public"))
            }
            options.visibility = visibility
        }
        if let word = values[.whoMayReply] {
            guard let gate = ReplyGate(rawValue: word) else {
                throw UsageError(
                    description: localized(
                        "--who-may-reply: unknown choice “{0}” (use everyone, following, mentioned or nobody)",
                        word.onOneLine))
            }
            options.replyGate = gate
            options.replyGateChosen = true
        }
        for code in languages {
            guard code.count == 2, let language = PostOptions.languageCode(of: code) else {
                throw UsageError(
                    description: localized(
                        "--language: “{0}” is not an ISO 639-1 code (two letters, e.g. en or zh)", code.onOneLine))
            }
            if !options.languages.contains(language) { options.languages.append(language) }
        }
        guard options.languages.count <= PostOptions.mostLanguages else {
            throw UsageError(
                description: localized("--language: at most {0} languages", String(PostOptions.mostLanguages)))
        }
        for option in [ComposeOption.sensitive, .label] where given.contains(option) && !hasImages {
            throw UsageError(description: localized("--{0}: marks the images; attach one with --attach", option.name))
        }
        if flags.contains(.sensitive) {
            guard mastodon else {
                throw UsageError(description: localized("--sensitive: for Bluesky, label the images with --label"))
            }
            options.sensitive = true
        }
        if let name = values[.label] {
            guard let label = PostOptions.SelfLabel(rawValue: name) else {
                throw UsageError(
                    description: localized(
                        "--label: unknown label “{0}” (use sexual, nudity, porn or graphic-media)", name.onOneLine))
            }
            options.selfLabel = label
        }
        return options
    }
}

extension ComposeOptions {
    /// `--thread` and `--number-posts`; only a network that takes threads may be asked for one.
    static func threadChoice(
        _ flags: Set<ComposeOption>, target: PostTarget?
    ) throws(UsageError) -> (thread: Bool, numbered: Bool) {
        let thread = flags.contains(.thread)
        if thread, let target, target != .mastodon, target != .bluesky {
            throw UsageError(description: localized("--thread: only Mastodon and Bluesky take threads"))
        }
        return (thread, flags.contains(.numberPosts))
    }

    /// `--reply-to`: the post, and the network Send answers it on (its own: a reply lives beside its
    /// parent), which `--to` may name but not contradict; one network only.
    static func replyTarget(
        _ value: String, target: PostTarget?, alsoTo: [PostTarget]
    ) throws(UsageError) -> (target: ReplyTarget, network: PostTarget) {
        let reply: ReplyTarget
        do throws(ReplyTarget.Refusal) { reply = try ReplyTarget(parsing: value) } catch {
            throw UsageError(description: error.description)
        }
        let network: PostTarget = if case .bluesky = reply { .bluesky } else { .mastodon }
        guard alsoTo.isEmpty else {
            throw UsageError(description: localized("--reply-to: a reply goes to one network, its post's"))
        }
        if let target, target != network {
            throw UsageError(
                description: localized(
                    "--reply-to: a {0} post is answered on {0} (--to {1})",
                    network == .bluesky ? "Bluesky" : "Mastodon", network.rawValue))
        }
        return (reply, network)
    }
}

extension ComposeOptions {
    /// `--quote`: a post as `--reply-to` takes one, for a post through a Mastodon or Bluesky
    /// account (`networks` nil: the window's choice, from the desktop).
    static func quoteTarget(_ value: String, networks: [PostTarget]?) throws(UsageError) -> ReplyTarget {
        if let networks, !networks.contains(where: { $0 == .mastodon || $0 == .bluesky }) {
            throw UsageError(description: localized("--{0}: only for posts to mastodon or bluesky (--to)", "quote"))
        }
        do throws(ReplyTarget.Refusal) { return try ReplyTarget(parsing: value) } catch {
            throw UsageError(description: ReplyTarget.asOption("quote", error.description))
        }
    }
}

extension ReplyTarget {
    /// One of `--reply-to`'s lines said of another option that names a post the same way.
    package static func asOption(_ name: String, _ line: String) -> String {
        line.hasPrefix("--reply-to") ? "--" + name + line.dropFirst("--reply-to".count) : line
    }
}
