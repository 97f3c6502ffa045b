/// What `--reply-to` names, checked before any window or request: a Mastodon post by its URL on
/// any server (resolved later through the account's own server, `GET /api/v2/search` with
/// `resolve=true`), or a Bluesky post by its bsky.app URL or its `at://` URI (the handle resolved,
/// then the record fetched for its cid).
public enum ReplyTarget: Equatable, Sendable {
    /// A post's page on a Mastodon (or other fediverse) server, as the browser shows it.
    case mastodon(url: String)
    /// A Bluesky post: its author (a handle or a DID) and its record key in `app.bsky.feed.post`.
    case bluesky(author: String, recordKey: String)

    /// Why a `--reply-to` value names no post (one line, for exit 2).
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case notAPostAddress(String)
        case notABlueskyPost(String)

        /// The line stderr shows.
        public var description: String {
            switch self {
            case .notAPostAddress(let value):
                localized(
                    "--reply-to: “{0}” is not the address of a post (an https:// link to it, or an at:// URI)",
                    String(value.prefix(200)).onOneLine)
            case .notABlueskyPost(let value):
                localized(
                    "--reply-to: “{0}” is not a Bluesky post (bsky.app/profile/NAME/post/KEY or at://NAME/app.bsky.feed.post/KEY)",
                    String(value.prefix(200)).onOneLine)
            }
        }
    }

    /// The collection Bluesky posts are records of.
    public static let postCollection = "app.bsky.feed.post"
    /// Longer than any address a browser keeps for a post.
    static let maximumLength = 2_048

    /// The post `value` names, or why it names none.
    public init(parsing value: String) throws(Refusal) {
        guard value.utf8.count <= Self.maximumLength,
            value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
            )
        else { throw .notAPostAddress(value) }
        if value.lowercased().hasPrefix("at://") {
            let parts = value.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1] == Self.postCollection, let target = Self.bluesky(parts[0], parts[2])
            else {
                throw .notABlueskyPost(value)
            }
            self = target
            return
        }
        guard value.lowercased().hasPrefix("https://"), let url = WebURL(value), !url.host.isEmpty,
            url.host.contains("."), !url.path.isEmpty, url.path != "/"
        else { throw .notAPostAddress(value) }
        if url.host == "bsky.app" || url.host == "www.bsky.app" {
            let parts = url.path.split(separator: "/", omittingEmptySubsequences: false)
            // "", "profile", NAME, "post", KEY
            guard parts.count == 5, parts[1] == "profile", parts[3] == "post",
                let target = Self.bluesky(parts[2], parts[4])
            else { throw .notABlueskyPost(value) }
            self = target
            return
        }
        self = .mastodon(url: value)
    }

    /// A Bluesky author and record key, when both have their syntax (a handle as sign-in takes
    /// one, atproto's DID and record key).
    private static func bluesky(_ author: Substring, _ key: Substring) -> ReplyTarget? {
        let author = author.removingPercentEncodingOfColons
        guard RecordKey.isValid(key) else { return nil }
        if isDID(author) { return .bluesky(author: author, recordKey: String(key)) }
        return (try? BlueskySession.handle(author)).map { .bluesky(author: $0, recordKey: String(key)) }
    }

    /// atproto's DID: `did:METHOD:ID`, the method lower-case letters, the ID of URI-safe characters.
    static func isDID(_ text: String) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "did", !parts[1].isEmpty, !parts[2].isEmpty, text.count <= 2_048,
            parts[1].allSatisfy({ $0.isASCII && $0.isLowercase }), parts[2].last != ":"
        else { return false }
        return parts[2].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._:%-".contains($0)) }
    }
}

extension Substring {
    /// A DID in a bsky.app path may have its colons percent-encoded.
    fileprivate var removingPercentEncodingOfColons: String {
        var text = ""
        var rest = self[...]
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            let code = rest[percent...].prefix(3)
            text += code.lowercased() == "%3a" ? ":" : code
            rest = rest[percent...].dropFirst(code.count)
        }
        return text + rest
    }
}
