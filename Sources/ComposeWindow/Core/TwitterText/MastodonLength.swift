/// Mastodon's status length (its StatusLengthValidator): extended grapheme clusters of the text in
/// which every URL with an http(s) scheme stands for `urlLength` characters (23 in Mastodon; a
/// server says its own as `characters_reserved_per_url`) and every mention
/// `@user@domain` for `@user` (the domain part is free).
enum MastodonLength {
    static let urlLength = 23
    private static let extractor = URLExtractor(requiresScheme: true)

    static func count<S: StringProtocol>(_ text: S, urlLength: Int) -> Int {
        pieces(of: text, urlLength: urlLength).reduce(0) { $0 + $1.cost }
    }

    /// The text as counted: each cluster 1, each URL `urlLength`, each mention the length of
    /// `@user`, with its length in Unicode scalars.
    static func pieces<S: StringProtocol>(of text: S, urlLength: Int) -> [(scalars: Int, cost: Int)] {
        let scalars = Array(text.unicodeScalars)
        // Entities in order of their start; one that overlaps an earlier one is dropped.
        var entities: [(range: Range<Int>, replacement: Int)] = []
        for url in extractor.urls(in: scalars) { entities.append((url, urlLength)) }
        for mention in mentions(in: scalars) { entities.append(mention) }
        entities.sort { $0.range.lowerBound < $1.range.lowerBound }
        var pieces: [(scalars: Int, cost: Int)] = []
        var cursor = 0
        func plain(_ range: Range<Int>) {
            for character in String(String.UnicodeScalarView(scalars[range])) {
                pieces.append((character.unicodeScalars.count, 1))
            }
        }
        for entity in entities where entity.range.lowerBound >= cursor {
            plain(cursor..<entity.range.lowerBound)
            pieces.append((entity.range.count, entity.replacement))
            cursor = entity.range.upperBound
        }
        plain(cursor..<scalars.count)
        return pieces
    }

    /// `@user` or `@user@domain` not preceded by a word character, '=' or '/' (Mastodon's mention
    /// pattern): each counts as the length of `@user`.
    static func mentions(in text: [Unicode.Scalar]) -> [(range: Range<Int>, replacement: Int)] {
        var found: [(Range<Int>, Int)] = []
        var index = 0
        while index < text.count {
            defer { index += 1 }
            guard text[index] == "@" else { continue }
            if index > 0, isWord(text[index - 1]) || text[index - 1] == "=" || text[index - 1] == "/" { continue }
            guard let userEnd = username(text, from: index + 1) else { continue }
            var end = userEnd
            if userEnd < text.count, text[userEnd] == "@" {
                var run = userEnd + 1
                var lastWord: Int?
                while run < text.count, isWord(text[run]) || text[run] == "." || text[run] == "-" {
                    if isWord(text[run]) { lastWord = run + 1 }
                    run += 1
                }
                if let lastWord, lastWord - (userEnd + 1) >= 2 { end = lastWord }
            }
            found.append((index..<end, 1 + userEnd - (index + 1)))
            index = end - 1
        }
        return found
    }

    /// `[a-z0-9_]+` with inner runs of '.' or '-' between them.
    private static func username(_ text: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start
        var lastGood: Int?
        while end < text.count {
            if isUsernameCharacter(text[end]) {
                end += 1
                lastGood = end
            } else if text[end] == "." || text[end] == "-", lastGood != nil {
                end += 1
            } else {
                break
            }
        }
        return lastGood
    }

    private static func isUsernameCharacter(_ s: Unicode.Scalar) -> Bool {
        URLCharacters.isASCIIAlphanumeric(s) || s == "_"
    }

    /// Ruby's [[:word:]]: letters, marks, numbers and connector punctuation.
    private static func isWord(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
            return true
        default: return false
        }
    }
}
