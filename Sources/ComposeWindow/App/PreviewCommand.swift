import ComposeWindowCore
import ComposeWindowPostingGlue
import Glibc
import GtkPlaceholder

/// `--preview`: what Send would send to each signed-in network the post goes to, as one JSON
/// object on standard output (PostPreview builds it with the plan Send runs). No window, no
/// display, no request.
@MainActor
enum PreviewCommand {
    static func print(_ text: String, options: ComposeOptions) -> ExitCode {
        let preferences = Preferences()
        let known = preferences.accounts
        let targets = [options.target ?? .stdout] + options.alsoTo
        var accounts: [PostingAccount] = []
        var handoff: [JSONValue] = []
        for target in targets {
            if let account = AccountChoice.account(for: target, preferred: options.accountName, among: known) {
                accounts.append(account)
            } else {
                handoff.append(.string(target.rawValue))
            }
        }
        var postOptions = options.postOptions.resolvingGate(
            accountQuotes: accounts.first { $0.network == .mastodon }?.defaultQuotes,
            networks: Set(accounts.map(\.network)))
        // Auto, as the window reads the text (here at once: there is no window to keep responsive).
        if !accounts.isEmpty, postOptions.languages.isEmpty {
            postOptions = postOptions.withLanguages(
                detected: DetectedLanguages.languages(LanguageDetection.detect(text)), orSpellChecker: nil)
        }
        // The window's card before its page is read: the link alone (never fetched here).
        if accounts.contains(where: { $0.network == .bluesky }), options.images.isEmpty, preferences.makesLinkCards {
            postOptions.linkCard = LinkCardChoice().link(in: text).flatMap { LinkCard(uri: $0) }
        }
        // What the window knows of the Mastodon server: its cached answer (none: no quote policy).
        if let mastodon = accounts.first(where: { $0.network == .mastodon }) {
            postOptions.mastodonTakesQuotes = ServerLimits(host: mastodon.host).cachedLimits?.takesQuotes == true
        }
        // The quoted post is found through the network by the window: here its link alone.
        if let quote = options.quote {
            postOptions.quote = QuotedPost(linkOnly: ComposeWindow.address(of: quote))
        }
        let microseconds = UInt64(max(0, g_get_real_time()))
        var preview = PostPreview.json(
            text: text, images: options.images, options: postOptions, accounts: accounts,
            parts: parts(of: text, options: options, accounts: accounts, quote: postOptions.quote),
            createdAt: Poster.rfc3339(now: Int64(microseconds / 1_000_000)), microsecondsSinceEpoch: microseconds)
        if case .object(var members) = preview {
            if !handoff.isEmpty { members.append(.init("handoff", .array(handoff))) }
            // The post a reply answers is found through the network before the window opens: not here.
            switch options.replyTo {
            case .mastodon(let url)?: members.append(.init("replyFoundAtSend", .string(url)))
            case .bluesky(let author, let recordKey)?:
                let url = "https://bsky.app/profile/" + author + "/post/" + recordKey
                members.append(.init("replyFoundAtSend", .string(url)))
            case nil: break
            }
            if let quote = options.quote {
                members.append(.init("quoteFoundAtSend", .string(ComposeWindow.address(of: quote))))
            }
            preview = .object(members)
        }
        do throws(SystemIO.Failure) {
            let json = (try? JSONText.text(of: preview)) ?? "{}"
            try SystemIO.writeAll((json + "\n").utf8, to: STDOUT_FILENO)
        } catch {
            reportError(localized("cannot write standard output: {0}", error.description))
            return .failure
        }
        return .sent
    }

    /// `--thread`: each network's posts, split by its rule within its limit, as the window splits them.
    private static func parts(
        of text: String, options: ComposeOptions, accounts: [PostingAccount], quote: QuotedPost?
    ) -> [PostingAccount.Network: [String]] {
        guard options.thread || ThreadDraft.hasMarker(text) else { return [:] }
        let networks = accounts.compactMap { account -> (PostingAccount.Network, CountingRule, Int)? in
            let target: PostTarget = account.network == .mastodon ? .mastodon : .bluesky
            guard let limit = options.limit(for: target) else { return nil }
            // Room for the quoted post's link, as the window leaves it (the link alone here).
            let link =
                quote?.linkUnits(
                    on: account.network, mastodonHost: nil, serverTakesQuotes: false, urlWeight: 23, ending: text) ?? 0
            return (account.network, options.counting(for: target), max(1, limit - link))
        }
        let draft = ThreadDraft(
            text: text, networks: networks.map { (network: $0.0, rule: $0.1, limit: $0.2) },
            numbered: options.numberPosts)
        return draft.canSend ? draft.parts(of: text) : [:]
    }
}
