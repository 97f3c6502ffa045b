/// Where Send puts the post: standard output (scripts), a network's own compose page in the
/// person's browser, or the clipboard.
public enum PostTarget: String, CaseIterable, Sendable {
    case stdout
    case x
    case mastodon
    case bluesky
    case weibo
    case clipboard

    /// What the window's "Post to" menu offers, in its order (never standard output: a window
    /// started from the desktop has nobody reading it).
    public static let handoffTargets: [PostTarget] = [.x, .mastodon, .bluesky, .weibo, .clipboard]

    /// Whether Send opens a network's compose page.
    public var isNetwork: Bool { self != .stdout && self != .clipboard }

    /// Whether Send can carry images here: only a post through a signed-in Mastodon or Bluesky
    /// account (a compose page in the browser, standard output and the clipboard take text).
    public func carriesImages(throughAccount: Bool) -> Bool {
        (self == .mastodon || self == .bluesky) && throughAccount
    }

    /// How the network counts (its own rule); graphemes where nothing counts for us.
    public var countingRule: CountingRule {
        switch self {
        case .stdout, .clipboard: return .graphemes
        case .x: return .twitter
        case .mastodon: return .mastodon
        case .bluesky: return .bluesky
        case .weibo: return .weibo
        }
    }

    /// The network's limit. Weibo: 2,000 characters since 2016 (Weibo's CEO, reported by
    /// fortune.com/2016/01/21/weibo-character-limit and zdnet.com "China's Weibo beats Twitter to
    /// the 140-character limit lift"); the others are their counting rule's.
    public var limit: Int? {
        self == .weibo ? 2_000 : (isNetwork ? countingRule.defaultLimit : nil)
    }

    /// The network's compose page with `text` prefilled, percent-encoded as UTF-8 (RFC 3986: every
    /// byte but the unreserved ones). nil for standard output and the clipboard, and for Mastodon
    /// without a server.
    public func composeURL(for text: String, server: String? = nil) -> String? {
        let encoded = PercentEncoding.encode(text)
        switch self {
        case .stdout, .clipboard: return nil
        case .x:
            // X's documented web intent: "https://x.com/intent/tweet?text=Hello%20world"
            // (docs.x.com/x-for-websites/post-button/overview; "text: pre-populated UTF-8 and
            // URL-encoded Tweet text", developer.x.com …/tweet-button/guides/web-intent).
            return "https://x.com/intent/tweet?text=" + encoded
        case .mastodon:
            // mastodon/mastodon: config/routes.rb `resource :share, only: [:show]` (/share), whose
            // page prefills the composer with [params[:title], params[:text], params[:url]] joined
            // (app/helpers/application_helper.rb, render_initial_state).
            guard let server else { return nil }
            return "https://\(server)/share?text=" + encoded
        case .bluesky:
            // bluesky-social/social-app: src/lib/hooks/useIntentHandler.ts handles the path
            // /intent/compose and opens the composer with params.get('text').
            return "https://bsky.app/intent/compose?text=" + encoded
        case .weibo:
            // Weibo's share button (open.weibo.com/sharebutton) opens this page with `title` as
            // the post's text ("分享的文字内容"); Weibo's own page was not reachable here, so this
            // rests on its documentation as quoted in cnblogs.com/huyueping/p/3154359.html and
            // blog.csdn.net/xiaolang827/article/details/8616451.
            return "https://service.weibo.com/share/share.php?title=" + encoded
        }
    }
}

/// RFC 3986 percent-encoding of UTF-8: everything but ALPHA, DIGIT, '-', '.', '_' and '~'
/// becomes %XX, so '&', '#', '+', '%', '?', '=', CR and LF all survive as typed.
public enum PercentEncoding {
    /// `text` as UTF-8 with every byte but the unreserved ones escaped.
    public static func encode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
            }
        }
        return result
    }

    private static let hexDigits = Array("0123456789ABCDEF")
}
