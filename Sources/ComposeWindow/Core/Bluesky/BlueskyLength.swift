/// Bluesky's length: the grapheme clusters of the text as the app posts it, every link shortened
/// (social-app counts `shortenLinks(richtext).graphemeLength` against 300), and the record's own
/// limit, 3,000 UTF-8 bytes of that text (the app.bsky.feed.post lexicon: text maxLength 3000,
/// maxGraphemes 300).
enum BlueskyLength {
    static let maximumBytes = 3_000

    /// The text as posted: each link replaced by its short form.
    static func posted<S: StringProtocol>(_ text: S) -> String {
        let scalars = Array(text.unicodeScalars)
        let links = BlueskyLinks.links(in: scalars)
        guard !links.isEmpty else { return String(text) }
        var result = String.UnicodeScalarView()
        var cursor = 0
        for link in links {
            result.append(contentsOf: scalars[cursor..<link.lowerBound])
            result.append(contentsOf: BlueskyLinks.shortened(string(scalars[link])).unicodeScalars)
            cursor = link.upperBound
        }
        result.append(contentsOf: scalars[cursor...])
        return String(result)
    }

    /// The text as counted: each cluster 1, each link its short form's clusters; with UTF-8 bytes.
    static func pieces<S: StringProtocol>(of text: S) -> [(scalars: Int, cost: Int, bytes: Int)] {
        let scalars = Array(text.unicodeScalars)
        var pieces: [(scalars: Int, cost: Int, bytes: Int)] = []
        var cursor = 0
        func plain(_ range: Range<Int>) {
            for character in string(scalars[range]) {
                pieces.append((character.unicodeScalars.count, 1, character.utf8.count))
            }
        }
        for link in BlueskyLinks.links(in: scalars) {
            plain(cursor..<link.lowerBound)
            let short = BlueskyLinks.shortened(string(scalars[link]))
            pieces.append((link.count, short.count, short.utf8.count))
            cursor = link.upperBound
        }
        plain(cursor..<scalars.count)
        return pieces
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(scalars))
    }
}
