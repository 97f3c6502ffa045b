/// X's weighted length (twitter-text's published configuration and parsing rules): the text in NFC,
/// each URL weighs 23 characters, each emoji sequence 2 (v3), each other character 1 in the listed
/// ranges (Latin, general punctuation…) and 2 elsewhere (CJK…). Weights are in hundredths.
public struct WeightedLength: Sendable {
    /// twitter-text's configuration: v3 weighs an emoji sequence as one unit; v2 weighs its scalars.
    public enum Version: Sendable { case v2, v3 }

    /// Weights are in hundredths of a character.
    public static let scale = 100
    static let defaultWeight = 200
    static let urlWeight = 23 * scale
    private static let lightRanges: [ClosedRange<UInt32>] = [0...4351, 8192...8205, 8208...8223, 8242...8247]

    /// Which configuration.
    public let version: Version
    private let extractor = URLExtractor(requiresScheme: false)

    /// X's rules as of twitter-text's configuration `version` (v3 by default, as X counts today).
    public init(version: Version = .v3) { self.version = version }

    /// What parsing one text gives.
    public struct Parse: Sendable {
        /// The weight in hundredths (the displayed length is `weight / scale`).
        public var weight = 0
        /// Whether a character no post may hold (U+FFFE, U+FEFF, U+FFFF) occurs.
        public var hasInvalidCharacters = false
        /// In the original text's scalars: where the part within `limit` ends (nil: all of it).
        public var validEnd: Int?
        /// The NFC text's length in UTF-16 units (twitter-text reports ranges in those).
        public var normalizedUTF16Length = 0
        /// How much of the NFC text, in UTF-16 units, fits in the limit.
        public var validNormalizedUTF16Length = 0
    }

    /// Weighs `text`; `limit` (in displayed characters) finds where the text stops fitting.
    public func parse<S: StringProtocol>(_ text: S, limit: Int? = nil) -> Parse {
        let normal = NormalizedText(text)
        var result = Parse()
        result.normalizedUTF16Length = normal.scalars.reduce(0) { $0 + UTF16.width($1) }
        let scaledLimit = (limit ?? Int.max / Self.scale) * Self.scale
        var urls = extractor.urls(in: normal.scalars)[...]
        var offset = 0
        var withinLimit = true
        while offset < normal.scalars.count {
            let length: Int
            let weight: Int
            // A URL that starts inside what was just weighed (an emoji sequence whose cluster holds
            // the URL's first scalar) is not a URL here, as twitter-text looks URLs up by where they
            // start: its scalars weigh as characters, and the URLs after it still count as URLs.
            while let url = urls.first, url.lowerBound < offset { urls = urls.dropFirst() }
            if let url = urls.first, url.lowerBound == offset {
                urls = urls.dropFirst()
                (length, weight) = (url.count, Self.urlWeight)
            } else if version == .v3, let emoji = normal.emojiLength(at: offset) {
                (length, weight) = (emoji, Self.defaultWeight)
            } else {
                let scalar = normal.scalars[offset]
                (length, weight) = (
                    1, Self.lightRanges.contains { $0.contains(scalar.value) } ? 100 : Self.defaultWeight
                )
                if URLCharacters.isInvalid(scalar) { result.hasInvalidCharacters = true }
            }
            result.weight += weight
            if withinLimit, result.hasInvalidCharacters || result.weight > scaledLimit {
                withinLimit = false
                result.validEnd = normal.originalOffset(offset)
            }
            if withinLimit {
                result.validNormalizedUTF16Length += normal.scalars[offset..<offset + length].reduce(0) {
                    $0 + UTF16.width($1)
                }
            }
            offset += length
        }
        return result
    }
}

/// A text in NFC, normalized one grapheme cluster at a time so that every normalized scalar knows
/// where its cluster starts in the original, and which clusters are emoji sequences.
struct NormalizedText {
    private(set) var scalars: [Unicode.Scalar] = []
    /// Per normalized scalar, its cluster's offset in the original; nil when NFC changed nothing
    /// (the usual case: then offsets are the same).
    private var originalStarts: [Int]?
    private var emojiClusters: [Int: Int] = [:]  // normalized offset → length of an emoji cluster

    init<S: StringProtocol>(_ text: S) {
        let original = String(text)
        // The stdlib's NFC (no Foundation in the app), over the whole text at once: its quick check
        // makes already-normalized text (nearly all of it) a plain copy.
        let normalized = String(decoding: original._nfcCodeUnits, as: UTF8.self)
        if normalized.utf8.elementsEqual(original.utf8) {
            scalars = Array(normalized.unicodeScalars)
            var offset = 0
            for character in normalized {
                let count = character.unicodeScalars.count
                if let emoji = Self.emojiScalars(character) { emojiClusters[offset] = emoji }
                offset += count
            }
            return
        }
        // Something changed: normalize cluster by cluster (NFC never crosses one), so each
        // normalized scalar knows where its cluster starts in the original.
        var starts: [Int] = []
        var originalOffset = 0
        for character in original {
            let start = scalars.count
            let cluster = String(decoding: String(character)._nfcCodeUnits, as: UTF8.self).unicodeScalars
            scalars += cluster
            starts += repeatElement(originalOffset, count: cluster.count)
            if let emoji = Self.emojiScalars(character) { emojiClusters[start] = min(emoji, cluster.count) }
            originalOffset += character.unicodeScalars.count
        }
        originalStarts = starts
    }

    func emojiLength(at offset: Int) -> Int? { emojiClusters[offset] }

    func originalOffset(_ normalized: Int) -> Int { originalStarts?[normalized] ?? normalized }

    /// How many of the cluster's scalars twitter-text's emoji pattern takes as one emoji sequence
    /// (nil: none): a pictograph shown as emoji (by default or with U+FE0F), with skin tone, ZWJ,
    /// keycap, flag or tag parts. The pattern stops before a U+FE0F after a skin tone ("✌🏿️": the
    /// selector weighs on its own), and a keycap base is an emoji only with U+20E3 ("#️" is not):
    /// found by counting every text of twitter-text's conformance files with its own build.
    static func emojiScalars(_ character: Character) -> Int? {
        let scalars = Array(character.unicodeScalars)
        guard let first = scalars.first else { return nil }
        // A lone scalar is an emoji only with Emoji_Presentation, which no scalar below U+231A or
        // between U+2C00 and U+1F000 (Latin, CJK…) has: skip the property look-up for those.
        if scalars.count == 1 {
            let value = first.value
            let isEmoji =
                !(value < 0x231A || (0x2C00..<0x1F000).contains(value)) && first.properties.isEmojiPresentation
            return isEmoji ? 1 : nil
        }
        if "#*0123456789".unicodeScalars.contains(first) { return scalars.contains("\u{20E3}") ? scalars.count : nil }
        guard first.properties.isEmoji else { return nil }
        let second = scalars[1]
        if second.properties.isEmojiModifier, scalars.count > 2, scalars[2].value == 0xFE0F { return 2 }
        if first.properties.isEmojiPresentation { return scalars.count }
        let isEmoji =
            second.value == 0xFE0F || second.value == 0x20E3 || second.properties.isEmojiModifier
            || (0x1F1E6...0x1F1FF).contains(first.value) || second.value == 0x200D
        return isEmoji ? scalars.count : nil
    }
}
