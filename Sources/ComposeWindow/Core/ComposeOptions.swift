import CComposeWindowFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The validated command line of compose-window. GLib parses the syntax (GOptionContext); this
/// checks the values, so every error is one clear line and exit code 2.
public struct ComposeOptions: Equatable, Sendable {
    /// Where the initial text comes from.
    public enum InitialText: Equatable, Sendable {
        case none
        case given(String)
        case standardInput
    }

    /// `--title`; nil: the translated "New Post".
    public var title: String?
    /// `--placeholder`; nil: the translated "Share something new…".
    public var placeholder: String?
    /// `--text`, or standard input.
    public var initialText: InitialText = .none
    /// `--to`: where Send puts the post; nil with `--desktop` alone: the one the person chose last
    /// time (remembered by the app). Standard output when neither is given, as scripts expect.
    public var target: PostTarget? = .stdout
    /// Whether `--to` was given.
    public var targetGiven = false
    /// `--to mastodon,bluesky`: the networks after the first, each posted to on its own.
    public var alsoTo: [PostTarget] = []
    /// `--desktop`: started from the desktop, so the post never goes to standard output.
    public var fromDesktop = false
    /// `--no-delay`: no seconds for Undo after Send (scripts have none anyway: UndoSend).
    public var noDelay = false
    /// `--instance`: the Mastodon server (a host name), validated.
    public var mastodonServer: String?
    /// `--limit` as given; nil: the target's or the counting rule's own.
    public var explicitLimit: Int?
    /// `--count` as given; nil: the target's rule.
    public var explicitCounting: CountingRule?

    /// How characters are counted for `target`: `--count`, else the network's own rule.
    public func counting(for target: PostTarget) -> CountingRule { explicitCounting ?? target.countingRule }

    /// The limit for `target`: `--limit`, else the network's (X 280, Mastodon 500, Bluesky 300,
    /// Weibo 2,000), else the `--count` rule's own; nil: no limit.
    public func limit(for target: PostTarget) -> Int? {
        if let explicitLimit { return explicitLimit }
        if let explicitCounting { return explicitCounting.defaultLimit }
        return target.limit
    }

    /// The counting rule for the target given on the command line (standard output if none).
    public var counting: CountingRule { counting(for: target ?? .stdout) }
    /// The limit for the target given on the command line: Send is disabled above it.
    public var limit: Int? { limit(for: target ?? .stdout) }
    /// `--measure`: print the count and exit (0 fits, 1 does not), no window.
    public var measure = false

    /// `--preview`: print what Send would send to each network (PostPreview), no window.
    public var preview = false
    /// `--font`, a Pango font description.
    public var font: String?
    /// `--placeholder-color`, as GdkRGBA parses it (checked by the app).
    public var placeholderColor: String?
    /// nil with `--no-draft`.
    public var draftName: String? = "default"
    /// `--spell`: a dictionary language; nil: the locale's.
    public var spellLanguage: String?
    /// False with `--no-spell`.
    public var spellChecking = true
    /// `--timeout`: exit 5 after this many seconds.
    public var timeoutSeconds: Int?
    /// `--width` of the window.
    public var width = 480
    /// Whether `--width` was given (else the window may widen for what its header bar shows).
    public var widthGiven = false
    /// `--height` of the window.
    public var height = 320

    /// `--sign-in`, `--accounts` or `--sign-out`: manage an account and exit, no window.
    public enum AccountCommand: Equatable, Sendable {
        /// The app password is read from standard input, or asked for in a dialog.
        case signInToBluesky(handle: String, service: String)
        /// OAuth in the default browser, redirected to a loopback listener.
        case signInToMastodon(server: String)
        case list
        /// The account as `--accounts` prints it.
        case signOut(String)
    }

    /// `--account`: the signed-in account Send posts with (checked against the account list, and
    /// the target set to its network, by the app).
    public var accountName: String?
    /// `--attach` and `--alt`: the images to post, with their alt text (empty when not given).
    package var images: [PostImage] = []
    /// `--caption`: the attached video's captions (the app gives them to the video once it knows
    /// which attachment is one).
    package var captions: [VideoCaption] = []
    /// `--cw`, `--visibility`, `--language`, `--sensitive` and `--label`.
    package var postOptions = PostOptions()
    /// `--reply-to`: the post Send answers (resolved through the account's network before the window opens).
    package var replyTo: ReplyTarget?
    /// `--quote`: the post Send quotes (found as `--reply-to`'s is, where an account of its network is signed in).
    package var quote: ReplyTarget?
    /// `--thread` and `--number-posts`: the window's thread offer starts checked, its numbering too.
    package var thread = false
    package var numberPosts = false

    /// `--sign-in`, `--accounts` or `--sign-out`; nil: open the window.
    public var accountCommand: AccountCommand?

    /// `--drafts` or `--outbox`: print what the state folders hold and exit, no window.
    public enum Listing: Equatable, Sendable {
        case drafts, outbox
    }

    /// `--drafts` or `--outbox`; nil: open the window.
    public var listing: Listing?

    /// `--at`: Send schedules the post for this time (seconds since the epoch); nil: Send posts now.
    package var scheduledAt: Int64?

    /// `--deliver`: post the scheduled posts that are due, no window.
    public var deliver = false

    /// A bad option value: one line for standard error, exit 2.
    public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
        /// The translated message, without the program name.
        public let description: String
    }

    /// The defaults, as with no options at all.
    public init() {}

    /// Validates parsed `values` (by long option name) and `flags`. `standardInputIsTerminal`:
    /// without `--text`, standard input is the initial text when it is not a terminal.
    public init(
        values: [ComposeOption: String], lists: [ComposeOption: [String]] = [:], flags: Set<ComposeOption>,
        standardInputIsTerminal: Bool, now: Int64 = Int64(time(nil))
    ) throws(UsageError) {
        title = values[.title]
        placeholder = values[.placeholder]
        switch values[.text] {
        case "-": initialText = .standardInput
        case .some(let text): initialText = .given(text)
        case nil: initialText = standardInputIsTerminal ? .none : .standardInput
        }
        if let limit = values[.limit] {
            explicitLimit = try Self.number(limit, option: .limit, in: 1...1_000_000_000)
        }
        if let count = values[.count] {
            guard let rule = CountingRule(name: count) else {
                throw UsageError(
                    description: localized(
                        "--count: unknown counting rule “{0}” (use graphemes, weibo, twitter, mastodon or bluesky)",
                        count))
            }
            explicitCounting = rule
        }
        fromDesktop = flags.contains(.desktop)
        noDelay = flags.contains(.noDelay)
        if flags.contains(.drafts) || flags.contains(.outbox) {
            guard !(flags.contains(.drafts) && flags.contains(.outbox)) else {
                throw UsageError(description: localized("use either --drafts or --outbox, not both"))
            }
            listing = flags.contains(.drafts) ? .drafts : .outbox
        }
        if let to = values[.to], to.contains(",") {
            let names = to.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let chosen = names.compactMap(PostTarget.init(rawValue:))
            guard chosen.count == names.count, Set(chosen).count == chosen.count,
                chosen.allSatisfy({ $0 == .mastodon || $0 == .bluesky })
            else {
                throw UsageError(
                    description: localized(
                        "--to: only mastodon and bluesky can be posted to together (--to mastodon,bluesky), not “{0}”",
                        to.onOneLine))
            }
            target = chosen[0]
            alsoTo = Array(chosen.dropFirst())
            targetGiven = true
        } else if let to = values[.to] {
            guard let chosen = PostTarget(rawValue: to) else {
                throw UsageError(
                    description: localized(
                        "--to: unknown target “{0}” (use stdout, x, mastodon, bluesky, weibo or clipboard)",
                        to.onOneLine))
            }
            guard !(fromDesktop && chosen == .stdout) else {
                throw UsageError(description: localized("--to: with --desktop the post never goes to standard output"))
            }
            target = chosen
            targetGiven = true
        } else if fromDesktop {
            target = nil
        }
        if let server = values[.instance] {
            do throws(ServerName.Invalid) { mastodonServer = try ServerName.validate(server) } catch {
                throw UsageError(description: "--instance: " + error.description)
            }
        }
        measure = flags.contains(.measure)
        preview = flags.contains(.preview)
        if let font = values[.font] {
            guard !font.trimmingSpaces.isEmpty else {
                throw UsageError(description: localized("--font: empty font description (e.g. \"Sans 15\")"))
            }
            self.font = font
        }
        if let color = values[.placeholderColor] {
            guard !color.isEmpty else { throw UsageError(description: localized("--placeholder-color: empty colour")) }
            placeholderColor = color
        }
        if flags.contains(.noDraft) {
            guard values[.draft] == nil else {
                throw UsageError(description: localized("use either --draft or --no-draft, not both"))
            }
            draftName = nil
        } else if let draft = values[.draft] {
            guard DraftStore.isValidName(draft) else {
                throw UsageError(
                    description: localized(
                        "--draft: invalid name “{0}” (letters, digits, '-', '_', '.'; not starting with '.')", draft))
            }
            draftName = draft
        }
        if flags.contains(.noSpell) {
            guard values[.spell] == nil else {
                throw UsageError(description: localized("use either --spell or --no-spell, not both"))
            }
            spellChecking = false
        } else if let language = values[.spell] {
            guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" }) else {
                throw UsageError(description: localized("--spell: invalid language code “{0}” (e.g. en_US)", language))
            }
            spellLanguage = language
        }
        if let timeout = values[.timeout] {
            timeoutSeconds = try Self.number(timeout, option: .timeout, in: 1...31_536_000)
        }
        if let width = values[.width] {
            self.width = try Self.number(width, option: .width, in: 100...16_384)
            widthGiven = true
        }
        if let height = values[.height] { self.height = try Self.number(height, option: .height, in: 100...16_384) }
        accountCommand = try Self.accountCommand(values, flags)
        if listing != nil, accountCommand != nil {
            throw UsageError(
                description: localized("--drafts and --outbox do not go with --sign-in, --accounts or --sign-out"))
        }
        if let name = values[.account] {
            guard accountCommand == nil else {
                throw UsageError(
                    description: localized("--account is for Send, not with --sign-in, --accounts or --sign-out"))
            }
            guard name.trimmingSpaces.count > 1 else {
                throw UsageError(description: localized("--account: name the account as --accounts prints it"))
            }
            accountName = String(name.trimmingSpaces)
        }
        // Signing in reads the app password from standard input; it is never the post's text.
        if accountCommand != nil { initialText = .none }
        if let value = values[.replyTo] {
            let reply = try Self.replyTarget(value, target: targetGiven ? target : nil, alsoTo: alsoTo)
            (replyTo, target, targetGiven) = (reply.target, reply.network, true)
        }
        if let value = values[.quote] {
            quote = try Self.quoteTarget(
                value, networks: targetGiven || !fromDesktop ? [target].compactMap { $0 } + alsoTo : nil)
        }
        // After --reply-to, which names the network a thread answering it goes to.
        (thread, numberPosts) = try Self.threadChoice(flags, target: target)
        // From the desktop without --to, the window asks where to (and Send says what cannot go).
        images = try Self.images(
            lists[.attach] ?? [], alts: lists[.alt] ?? [], target: targetGiven || !fromDesktop ? target : nil,
            fromDesktop: fromDesktop)
        captions = try Self.captions(
            lists[.caption] ?? [], attached: !images.isEmpty,
            networks: targetGiven || !fromDesktop ? ([target] + alsoTo.map(Optional.some)).compactMap { $0 } : nil)
        postOptions = try Self.postOptions(
            values, languages: lists[.language] ?? [], flags: flags,
            networks: targetGiven || !fromDesktop ? ([target] + alsoTo.map(Optional.some)).compactMap { $0 } : nil,
            hasImages: !images.isEmpty || fromDesktop)
        (scheduledAt, deliver) = try Self.schedule(
            values, flags, now: now, target: target, targetGiven: targetGiven, fromDesktop: fromDesktop)
        if deliver { initialText = .none }
    }

    private static func accountCommand(
        _ values: [ComposeOption: String], _ flags: Set<ComposeOption>
    ) throws(UsageError) -> AccountCommand? {
        let given = [values[.signIn] != nil, flags.contains(.accounts), values[.signOut] != nil].filter { $0 }.count
        guard given <= 1 else {
            throw UsageError(description: localized("use only one of --sign-in, --accounts and --sign-out"))
        }
        if values[.signIn] != "bluesky" {
            for option in [ComposeOption.handle, .service] where values[option] != nil {
                throw UsageError(description: localized("--{0} is for --sign-in bluesky", option.name))
            }
        }
        if flags.contains(.accounts) { return .list }
        if let account = values[.signOut] {
            guard account.trimmingSpaces.count > 1 else {
                throw UsageError(description: localized("--sign-out: name the account as --accounts prints it"))
            }
            return .signOut(String(account.trimmingSpaces))
        }
        guard let network = values[.signIn] else { return nil }
        if network == "mastodon" {
            // --instance was validated above, with its own message.
            guard let server = values[.instance].flatMap({ try? ServerName.validate($0) }) else {
                throw UsageError(
                    description: localized(
                        "--sign-in mastodon: give the server with --instance, e.g. --instance mastodon.social"))
            }
            return .signInToMastodon(server: server)
        }
        guard network == "bluesky" else {
            throw UsageError(
                description: localized("--sign-in: unknown network “{0}” (use mastodon or bluesky)", network.onOneLine))
        }
        guard let given = values[.handle] else {
            throw UsageError(
                description: localized(
                    "--sign-in bluesky: give the account with --handle, e.g. --handle alice.bsky.social"))
        }
        let handle: String
        do throws(BlueskySession.SignInFailure) { handle = try BlueskySession.handle(given) } catch {
            throw UsageError(description: "--handle: " + error.description)
        }
        var service = BlueskySession.defaultService
        if let host = values[.service] {
            do throws(ServerName.Invalid) { service = try ServerName.validate(host) } catch {
                throw UsageError(description: "--service: " + error.description)
            }
        }
        return .signInToBluesky(handle: handle, service: service)
    }

    private static func number(
        _ text: String, option: ComposeOption, in range: ClosedRange<Int>
    ) throws(UsageError) -> Int {
        guard let value = Int(text.trimmingSpaces), range.contains(value) else {
            throw UsageError(
                description: localized(
                    "--{0}: expected a whole number from {1} to {2}, got “{3}”", option.name, String(range.lowerBound),
                    String(range.upperBound), text))
        }
        return value
    }
}

extension ComposeOptions {
    /// The most images a post carries on any network (Bluesky's embed; Mastodon's default).
    package static let mostImages = 4

    /// `--attach` paths made absolute (the window may be started from anywhere; the outbox names
    /// them), each with its `--alt`. Whether each is an image is checked as the window starts.
    /// `fromDesktop`: a file manager's "Open With", where nobody reads standard error: the window
    /// attaches what it can and says what it could not (more than the network takes, no image).
    static func images(
        _ paths: [String], alts: [String], target: PostTarget?, fromDesktop: Bool = false
    ) throws(UsageError) -> [PostImage] {
        guard alts.count <= paths.count else {
            throw UsageError(description: localized("--alt: one per --attach, in the same order"))
        }
        guard paths.count <= mostImages || fromDesktop else {
            throw UsageError(description: localized("--attach: at most {0} images", String(mostImages)))
        }
        if let first = paths.first, let target, target != .mastodon, target != .bluesky {
            throw UsageError(
                description: localized("“{0}”: images are posted to mastodon or bluesky only (--to)", first.onOneLine))
        }
        var images: [PostImage] = []
        for (index, path) in paths.enumerated() {
            guard !path.isEmpty, !path.utf8.contains(0) else {
                throw UsageError(description: localized("--attach: give an image file"))
            }
            let absolute = g_canonicalize_filename(path, nil)!
            defer { g_free(absolute) }
            let alt = index < alts.count ? alts[index] : ""
            // Mastodon's description_limit by default; Bluesky's app takes 2,000.
            let longest = target == .bluesky ? 2000 : 1500
            guard alt.count <= longest else {
                throw UsageError(description: localized("--alt: at most {0} characters", String(longest)))
            }
            images.append(PostImage(path: String(cString: absolute), alt: alt))
        }
        return images
    }
}
