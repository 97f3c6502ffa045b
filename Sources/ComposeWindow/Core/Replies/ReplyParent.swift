/// The post `--reply-to` names, as the replying account's own network knows it: what a reply
/// points at (Mastodon's status id on the account's server; Bluesky's strongRef, and the
/// conversation's root), and what the window shows and starts the text with.
/// - Mastodon: `GET /api/v2/search?q=URL&resolve=true&type=statuses` on the account's server,
///   which fetches a post from any server it can reach;
/// - Bluesky: the author's handle resolved to a DID (resolveHandle), then the record
///   (com.atproto.repo.getRecord) for its cid and its own place in a thread.
package struct ReplyParent: Hashable, Sendable {
    /// What the reply points at.
    let ref: Outbox.PostRef
    /// Bluesky: the first post of the conversation (the parent's own root, or the parent itself).
    let root: Outbox.PostRef?
    /// The author, as the network names it ("@bob@example.social", "@bob.bsky.social" or a DID).
    package let author: String
    /// The post's first line, as plain text (the window shows it; never markup).
    package let firstLine: String
    /// Mastodon: the accounts the post mentions (accts), which a reply mentions too.
    package let mentioned: [String]
    /// Mastodon: who may see the post; a reply is no more public.
    package let visibility: PostOptions.Visibility?
    /// Mastodon: the server it was found through, whose id `ref` is (nil on Bluesky).
    package let server: String?

    /// The longest first line the window shows.
    static let firstLineLength = 200

    /// The search that finds `url` on the account's server (`host`), fetching it if need be.
    package static func mastodonSearch(url: String, host: String, token: String) -> APIRequest {
        var request = APIRequest(.get, host: host, path: "/api/v2/search")
        request.query = [
            .init(name: "q", value: url), .init(name: "resolve", value: "true"),
            .init(name: "type", value: "statuses"), .init(name: "limit", value: "1"),
        ]
        request.bearer = token
        return request
    }

    /// The status the search found; nil when it found none (the URL names no post this server can
    /// reach). `host`: the account's server, whose local accounts' accts carry no domain.
    package init?(mastodonSearch answer: APIAnswer, host: String) {
        guard answer.succeeded, let status = answer.json?["statuses"]?.elements?.first,
            let id = status["id"]?.string.flatMap(MastodonLookup.safeID),
            let acct = status["account"]?["acct"]?.string, !acct.isEmpty
        else { return nil }
        ref = .mastodon(id: id)
        root = nil
        // The server's own accounts come without their domain: named in full, as anywhere else.
        let full = { (acct: String) in acct.contains("@") ? acct : acct + "@" + host }
        author = "@" + full(acct)
        firstLine = Self.firstLine(ofHTML: status["content"]?.string ?? "")
        mentioned = (status["mentions"]?.elements ?? []).compactMap { $0["acct"]?.string }.filter { !$0.isEmpty }.map(
            full)
        visibility = status["visibility"]?.string.flatMap(PostOptions.Visibility.init(rawValue:))
        server = host
    }

    /// com.atproto.repo.getRecord of the post: `repo` a DID (a handle resolved first).
    package static func blueskyRecord(repo: String, recordKey: String, session: BlueskySession) -> APIRequest {
        var request = APIRequest.xrpc(.get, host: session.account.host, "com.atproto.repo.getRecord")
        request.bearer = session.accessToken
        request.query = [
            .init(name: "repo", value: repo), .init(name: "collection", value: ReplyTarget.postCollection),
            .init(name: "rkey", value: recordKey),
        ]
        return request
    }

    /// The record getRecord gave; nil when it is no post (not found, or without its cid).
    /// `author`: the handle (or DID) the person named.
    package init?(blueskyRecord answer: APIAnswer, author: String) {
        guard answer.succeeded, let uri = answer.json?["uri"]?.string, uri.hasPrefix("at://"),
            let cid = answer.json?["cid"]?.string, !cid.isEmpty, let value = answer.json?["value"]
        else { return nil }
        let parent = BlueskyPost.StrongRef(uri: uri, cid: cid)
        ref = .bluesky(parent)
        if let rootURI = value["reply"]?["root"]?["uri"]?.string, let rootCID = value["reply"]?["root"]?["cid"]?.string
        {
            root = .bluesky(BlueskyPost.StrongRef(uri: rootURI, cid: rootCID))
        } else {
            root = .bluesky(parent)
        }
        self.author = "@" + author
        firstLine = Self.firstLine(of: value["text"]?.string ?? "")
        mentioned = []
        visibility = nil
        server = nil
    }

    /// The first line of a text, at most `firstLineLength` characters, with "…" when cut.
    static func firstLine(of text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = String(line.trimmingSpaces)
        return trimmed.count > firstLineLength ? String(trimmed.prefix(firstLineLength)) + "…" : trimmed
    }

    /// `&lt;` `&gt;` `&quot;` `&#39;` `&amp;` as the characters they stand for; any other `&` as it is.
    private static func decodingEntities(_ text: String) -> String {
        let entities: [String: Character] = ["lt": "<", "gt": ">", "quot": "\"", "#39": "'", "amp": "&"]
        var decoded = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            decoded += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            if let semicolon = after.prefix(5).firstIndex(of: ";"),
                let character = entities[String(after[..<semicolon])]
            {
                decoded.append(character)
                rest = after[after.index(after: semicolon)...]
            } else {
                decoded.append("&")
                rest = after
            }
        }
        return decoded + rest
    }

    /// The first paragraph of Mastodon's HTML (`<p>…</p>`, `<br>`), its tags dropped and the five
    /// entities Mastodon's sanitizer writes turned back into characters.
    static func firstLine(ofHTML html: String) -> String {
        var text = ""
        var inTag = false
        var tag = ""
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    let name = tag.lowercased()
                    if name.hasPrefix("br") || name == "/p" { text.append("\n") }
                    tag = ""
                } else {
                    tag.append(character)
                }
            } else if character == "<" {
                inTag = true
            } else {
                text.append(character)
            }
        }
        return firstLine(of: decodingEntities(text))
    }
}
