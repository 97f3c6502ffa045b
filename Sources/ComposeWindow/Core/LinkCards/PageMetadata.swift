/// What a page says of itself, as a link card shows it: Open Graph first (what Bluesky's and
/// Mastodon's own card builders read), then Twitter's card tags, then the page's plain `<title>`
/// and `description`. The HTML is parsed by libxml2's HTML parser (PageReader); this only chooses.
package struct PageMetadata: Hashable, Sendable {
    package var title = ""
    package var description = ""
    /// The picture's address as the page wrote it (perhaps relative to the page).
    package var picture: String?

    package init(title: String = "", description: String = "", picture: String? = nil) {
        self.title = title
        self.description = description
        self.picture = picture
    }

    /// From the page's `<meta>` tags (each `property` or `name`, lower-cased, with its `content`),
    /// in page order, and its `<title>`: the first of each kind wins, as a browser's preview does.
    package init(metaTags: [(key: String, content: String)], titleElement: String?) {
        func first(_ keys: [String]) -> String? {
            for key in keys {
                if let found = metaTags.first(where: { $0.key == key && !Self.isBlank($0.content) }) {
                    return found.content
                }
            }
            return nil
        }
        title = first(["og:title", "twitter:title"]) ?? titleElement ?? ""
        description = first(["og:description", "twitter:description", "description"]) ?? ""
        picture = first(["og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"])
    }

    /// Whether it says nothing a card could show.
    package var isEmpty: Bool { Self.isBlank(title) && Self.isBlank(description) && picture == nil }

    private static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }
}

/// The bounds a page's fetch keeps to, whatever the page does: http(s) only, public addresses only
/// (PublicAddress), a few redirects, a bounded read, a bounded time and a bounded picture
/// (PageFetcher).
package enum PageFetchRules {
    /// Redirects followed before giving up (a loop ends here too).
    package static let mostRedirects = 5
    /// The page's first bytes read: its `<head>`, where the metadata is, comes first; the rest of a
    /// huge page is never read.
    package static let pageBytes = 512 * 1024
    /// A picture larger than this is not used (it would be scaled down to 1 MB anyway).
    package static let pictureBytes = 8 * 1024 * 1024
    /// A picture declaring more pixels than this is refused before it is decoded: a 200 KB PNG can
    /// declare 40,000 × 40,000, which decoded is 4.8 GB.
    package static let pictureMostPixels = 40_000_000
    /// The whole fetch, redirects included, in seconds.
    package static let seconds: UInt32 = 10
    /// The typing pause after which the card's page is fetched, in milliseconds.
    package static let pauseMilliseconds: UInt32 = 600

    /// What a page's answer with `status` and `contentType` means for the fetch.
    package enum Answer: Equatable, Sendable {
        case page
        case redirect
        case notAPage
    }

    package static func answer(status: Int, contentType: String?) -> Answer {
        if [301, 302, 303, 307, 308].contains(status) { return .redirect }
        guard (200...299).contains(status), let contentType else { return .notAPage }
        let type = contentType.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return type == "text/html" || type == "application/xhtml+xml" ? .page : .notAPage
    }

    /// Whether a picture's answer can be used: a success with an image type.
    package static func isPicture(status: Int, contentType: String?) -> Bool {
        guard (200...299).contains(status) else { return false }
        return pictureType(contentType) != nil
    }

    /// The picture's type as its answer declares it, if it is one of the four a card takes: the one
    /// gdk-pixbuf loader that may read it (no other is ever tried on a page's picture).
    package static func pictureType(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        let type = contentType.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return pictureTypes.contains(type) ? type : nil
    }

    /// The four types a card's picture may be.
    package static let pictureTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"]

    /// Whether a picture of `width` × `height` may be decoded.
    package static func isPictureSizeAllowed(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width.multipliedReportingOverflow(by: height).partialValue <= pictureMostPixels
            && width <= pictureMostPixels && height <= pictureMostPixels
    }
}
