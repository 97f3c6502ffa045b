/// A link card for Bluesky (app.bsky.embed.external): Bluesky's servers build none, so the app
/// makes it from the linked page's own metadata before Send, and the post carries it. Mastodon
/// builds its own card from the status's first link (FetchLinkCardService): nothing is sent there.
/// - `uri`: the link, http(s) only, as its facet carries it;
/// - `title`, `description`: the page's, empty when it gave none (a card with the link alone);
/// - `picture`: the page's picture, downloaded to a file of this machine; nil: none. Send makes it
///   fit the thumb's 1,000,000 bytes and uploads it as a blob, once (the outbox's image steps).
package struct LinkCard: Hashable, Sendable {
    package let uri: String
    package let title: String
    package let description: String
    package var picture: String?

    /// The lexicon's `thumb` (maxSize).
    package static let thumbnailBytes = 1_000_000
    /// What a card keeps of a page's words: a hostile page's megabyte of title must not become the
    /// post's record (1,000,000 bytes at most, createRecord's body).
    package static let longestTitle = 300
    package static let longestDescription = 1_000

    /// nil for a link that is not http(s); the title and description on one line each, cut to their
    /// longest at a character.
    package init?(uri: String, title: String = "", description: String = "", picture: String? = nil) {
        guard Self.isWebLink(uri), uri.utf8.count <= 2_048 else { return nil }
        self.uri = uri
        self.title = Self.oneLine(title, longest: Self.longestTitle)
        self.description = Self.oneLine(description, longest: Self.longestDescription)
        self.picture = picture.flatMap { $0.hasPrefix("/") && !$0.utf8.contains(0) ? $0 : nil }
    }

    /// A card with nothing but its link: the page said nothing of itself, or had not yet when Send
    /// was pressed (Send never waits for a page).
    package var hasLinkAlone: Bool { title.isEmpty && description.isEmpty && picture == nil }

    /// http:// or https:// and a host after it.
    package static func isWebLink(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = text.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = text.dropFirst(7)
        } else {
            return false
        }
        guard let first = rest.first, !"/?#".contains(first) else { return false }
        return !text.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F }
    }

    /// White space runs (new lines too) as one space, trimmed, cut to `longest` characters.
    static func oneLine(_ text: String, longest: Int) -> String {
        var result = ""
        var pendingSpace = false
        var count = 0
        for character in text {
            if character.isWhitespace
                || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control })
            {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                guard count + 1 < longest else { break }
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < longest else { break }
            result.append(character)
            count += 1
        }
        return result
    }
}

extension LinkCard {
    /// The record's embed (app.bsky.embed.external), with the thumb's blob as uploadBlob gave it.
    func embed(thumb: JSONValue?) -> JSONValue {
        var external: [JSONValue.Member] = [
            .init("uri", .string(uri)), .init("title", .string(title)), .init("description", .string(description)),
        ]
        if let thumb { external.append(.init("thumb", thumb)) }
        return .object([.init("$type", .string("app.bsky.embed.external")), .init("external", .object(external))])
    }

    /// As the draft and the outbox keep it.
    package var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("uri", .string(uri)), .init("title", .string(title)), .init("description", .string(description)),
        ]
        if let picture { members.append(.init("picture", .string(picture))) }
        return .object(members)
    }

    /// nil for anything a card cannot be (the file may have been edited: never trusted as read).
    package init?(json: JSONValue) {
        guard case .string(let uri)? = json["uri"], case .string(let title)? = json["title"],
            case .string(let description)? = json["description"]
        else { return nil }
        var picture: String?
        if let kept = json["picture"] {
            guard case .string(let path) = kept, path.hasPrefix("/") else { return nil }
            picture = path
        }
        self.init(uri: uri, title: title, description: description, picture: picture)
    }
}
