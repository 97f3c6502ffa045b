/// Mentions as the person types them: the `@name` just before the caret that the window offers
/// accounts for, the network's own search for them, and what each offered account inserts.
/// - Mastodon: `GET /api/v1/accounts/search?q=&limit=` (no `resolve`: typing must not make the
///   server fetch remote accounts), each account as `@acct`;
/// - Bluesky: `app.bsky.actor.searchActorsTypeahead?q=&limit=`, each actor as `@handle` with its DID,
///   which the post's mention facet takes without a second look-up at Send.
package struct MentionQuery: Equatable, Sendable {
    /// From the '@' to the caret, in Unicode scalar offsets (GtkTextBuffer's).
    package let range: Range<Int>
    /// What follows the '@' (without it).
    package let query: String

    /// How many suggestions are asked for.
    static let limit = 8
    /// A query this long before anything is asked: one letter matches half a server.
    static let shortest = 2

    /// The mention being typed when the caret follows `before` (the text up to it, its last
    /// characters are enough): an '@' at the start or after white space or '(', then letters,
    /// digits, '_', '.', '-' or a second '@' (Mastodon's user@domain); nil when there is none or it
    /// is too short to ask about.
    package static func typed(before: [Unicode.Scalar], caret: Int) -> MentionQuery? {
        // The run of name characters before the caret starts with the mention's '@' (a second
        // '@' inside it is Mastodon's user@domain).
        var at = before.count
        while at > 0, isNameCharacter(before[at - 1]) { at -= 1 }
        guard at < before.count, before[at] == "@" else { return nil }
        let start = at + 1
        if at > 0 {
            let previous = before[at - 1]
            guard previous.properties.isWhitespace || previous == "(" else { return nil }
        }
        let query = String(String.UnicodeScalarView(before[start...]))
        guard query.unicodeScalars.count >= shortest, query.unicodeScalars.first != "@" else { return nil }
        let length = before.count - at
        return MentionQuery(range: (caret - length)..<caret, query: query)
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-", "@": true
        default: false
        }
    }

    /// One account offered.
    package struct Suggestion: Equatable, Sendable {
        /// What replaces the typed mention: "@acct " or "@handle ".
        package let insert: String
        /// What the list shows: the display name and the handle.
        package let label: String
        /// Bluesky: the account's DID, for the post's mention facet.
        package let did: String?

        /// The name inserted, without its '@' and the space after it.
        package var handle: String { String(insert.dropFirst().dropLast()) }
    }

    /// The search for `query` on the account's network.
    package func request(for account: PostingAccount, credentials: PostingPlan.Credentials) -> APIRequest? {
        switch credentials {
        case .mastodon(let token):
            var request = APIRequest(.get, host: account.host, path: "/api/v1/accounts/search")
            request.query = [.init(name: "q", value: query), .init(name: "limit", value: String(Self.limit))]
            request.bearer = token
            return request
        case .bluesky(let session):
            var request = APIRequest.xrpc(.get, host: session.account.host, "app.bsky.actor.searchActorsTypeahead")
            request.query = [.init(name: "q", value: query), .init(name: "limit", value: String(Self.limit))]
            request.bearer = session.accessToken
            return request
        }
    }

    /// The accounts an answer offers, in its order; none for anything that is no answer to it.
    package static func suggestions(_ answer: APIAnswer, network: PostingAccount.Network) -> [Suggestion] {
        guard answer.succeeded else { return [] }
        switch network {
        case .mastodon:
            return (answer.json?.elements ?? []).prefix(limit).compactMap { account in
                guard let acct = account["acct"]?.string, isPlainName(acct) else { return nil }
                let name = account["display_name"]?.string.map(Self.shown) ?? ""
                return Suggestion(
                    insert: "@" + acct + " ", label: name.isEmpty ? "@" + acct : name + " @" + acct, did: nil)
            }
        case .bluesky:
            return (answer.json?["actors"]?.elements ?? []).prefix(limit).compactMap { actor in
                guard let handle = actor["handle"]?.string, isPlainName(handle),
                    let did = actor["did"]?.string, ReplyTarget.isDID(did)
                else { return nil }
                let name = actor["displayName"]?.string.map(Self.shown) ?? ""
                return Suggestion(
                    insert: "@" + handle + " ", label: name.isEmpty ? "@" + handle : name + " @" + handle, did: did)
            }
        }
    }

    /// A display name as one line of the list: at most 64 characters, line breaks and controls as spaces.
    private static func shown(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.prefix(64).map {
                    $0.properties.generalCategory == .control || $0.properties.isWhitespace ? " " : $0
                }))
    }

    /// A name a server gave that is safe to insert as a mention: the characters a mention has.
    private static func isPlainName(_ name: String) -> Bool {
        (1...253).contains(name.unicodeScalars.count) && name.unicodeScalars.allSatisfy(isNameCharacter)
    }
}
