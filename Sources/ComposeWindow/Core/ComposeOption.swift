/// Every compose-window option, declared once: its name, whether it takes a value (and the value's
/// name in `--help`), and its help text. The GOption table, `ComposeOptions`, the man page test and
/// the completion tests all read this list.
public enum ComposeOption: String, CaseIterable, Sendable {
    case title
    case placeholder
    case text
    case limit
    case count
    case to
    case instance
    case desktop
    case measure
    case preview
    case font
    case placeholderColor = "placeholder-color"
    case draft
    case noDraft = "no-draft"
    case noDelay = "no-delay"
    case at
    case deliver
    case drafts
    case outbox
    case spell
    case noSpell = "no-spell"
    case listDictionaries = "list-dictionaries"
    case timeout
    case width
    case height
    case signIn = "sign-in"
    case handle
    case service
    case accounts
    case signOut = "sign-out"
    case account
    case attach
    case alt
    case caption
    case cw
    case visibility
    case whoMayReply = "who-may-reply"
    case language
    case sensitive
    case label
    case thread
    case numberPosts = "number-posts"
    case replyTo = "reply-to"
    case quote
    case version

    /// The long option's name, without the dashes.
    public var name: String { rawValue }

    /// How `--help` names the value, translated; nil: a flag, which takes none.
    public var argumentName: String? {
        switch self {
        case .title, .placeholder, .text: localized("TEXT")
        case .limit: "N"
        case .count: localized("RULE")
        case .to: localized("TARGET")
        case .instance: localized("HOST")
        case .font: localized("DESC")
        case .placeholderColor: localized("COLOR")
        case .draft: localized("NAME")
        case .spell: localized("LANG")
        case .timeout: localized("SECONDS")
        case .width: "W"
        case .height: "H"
        case .signIn: localized("NETWORK")
        case .handle: localized("HANDLE")
        case .service: localized("HOST")
        case .signOut, .account: localized("ACCOUNT")
        case .attach: localized("FILE")
        case .alt, .cw: localized("TEXT")
        case .caption: localized("LANG:FILE")
        case .visibility, .whoMayReply: localized("WHO")
        case .language: localized("CODE")
        case .label: localized("LABEL")
        case .replyTo, .quote: "URL"
        case .at: localized("TIME")
        case .sensitive, .thread, .numberPosts, .desktop, .measure, .preview, .noDraft, .noDelay, .deliver, .drafts,
            .outbox,
            .noSpell,
            .listDictionaries, .accounts,
            .version:
            nil
        }
    }

    /// Whether it takes a value (`--limit 140`) or is a flag (`--no-draft`).
    public var takesValue: Bool { argumentName != nil }

    /// Whether each time it is given adds a value (`--attach a.jpg --attach b.png`).
    public var isRepeatable: Bool { [.attach, .alt, .caption, .language].contains(self) }

    /// The line `--help` shows for it, translated.
    public var help: String {
        switch self {
        case .title: localized("Window title")
        case .placeholder: localized("Placeholder shown while the text is empty")
        case .text: localized("Initial text; - reads standard input")
        case .limit: localized("Character limit (Send is disabled above it)")
        case .count: localized("Counting rule: graphemes (default), weibo, twitter, mastodon or bluesky")
        case .to:
            localized(
                "Where Send puts the post: stdout (default), x, mastodon, bluesky, weibo or clipboard; mastodon,bluesky posts to both"
            )
        case .instance: localized("Mastodon server, e.g. mastodon.social (remembered)")
        case .desktop:
            localized(
                "Started from the desktop: Send goes where the window says (remembered), never to standard output")
        case .measure: localized("Print the count as the window shows it and exit: 0 Send would be enabled, 1 not")
        case .preview:
            localized("Print, as JSON, what Send would send to each signed-in network, and exit; nothing is sent")
        case .font: localized("Font, e.g. \"Sans 15\"")
        case .placeholderColor: localized("Placeholder colour, e.g. #999 or grey")
        case .draft: localized("Draft name (default: default)")
        case .noDraft: localized("Do not keep a draft")
        case .noDelay: localized("Post at once after Send, without the seconds for Undo")
        case .at:
            localized(
                "Send schedules the post for TIME (HH:MM, the next such time, or 2026-12-06T09:00) through a signed-in account"
            )
        case .deliver: localized("Post every scheduled post whose time has come, without a window, and exit")
        case .drafts: localized("List the saved drafts, one per line, and exit")
        case .outbox: localized("List the posts waiting in the outbox, one line per network, and exit")
        case .spell: localized("Spell-check language, e.g. en_US")
        case .noSpell: localized("No spell checking")
        case .listDictionaries: localized("List the languages --spell accepts and exit")
        case .timeout: localized("Give up after SECONDS (exit 5, draft kept)")
        case .width: localized("Window width")
        case .height: localized("Window height")
        case .signIn: localized("Sign in to an account Send posts with (mastodon or bluesky) and exit")
        case .handle: localized("The Bluesky handle to sign in as, e.g. alice.bsky.social")
        case .service: localized("The Bluesky server to sign in at (default: bsky.social)")
        case .accounts: localized("List the signed-in accounts and exit")
        case .signOut: localized("Sign out of an account as --accounts names it, and exit")
        case .account: localized("Send posts with this signed-in account (as --accounts names it)")
        case .attach:
            localized("Attach an image (PNG, JPEG, WebP or GIF; repeat for up to 4); IMAGE… after the options too")
        case .alt: localized("Alt text of an image, one per --attach in the same order")
        case .caption:
            localized(
                "WebVTT captions of the attached video in language LANG, e.g. en:subs.vtt (repeat for up to 20); Bluesky shows captions, Mastodon does not"
            )
        case .cw: localized("Content warning shown before the text (Mastodon)")
        case .visibility: localized("Who may see the post on Mastodon: public, unlisted, private or direct")
        case .whoMayReply:
            localized("Who may reply and quote: everyone (default), following, mentioned or nobody")
        case .language:
            localized("Language of the post, an ISO 639-1 code such as en or zh (repeat for up to 3 on Bluesky)")
        case .sensitive: localized("Mark the images sensitive (Mastodon)")
        case .label: localized("Label the images for Bluesky: sexual, nudity, porn or graphic-media")
        case .thread:
            localized("Post a text over the limit as a thread (Mastodon, Bluesky); the window offers it otherwise")
        case .numberPosts: localized("Number a thread's posts (1/3)")
        case .replyTo:
            localized("Reply to this post: its Mastodon page on any server, its bsky.app page or its at:// URI")
        case .quote:
            localized(
                "Quote this post (the same addresses as --reply-to); where a network cannot, its link ends the text")
        case .version: localized("Print the version and exit")
        }
    }
}
