/// X's mentions and hashtags as twitter-text's extractor finds them (its published rules, written
/// as a scanner): each match takes the character before it, so two matches never share one.
/// Offsets are indices into the scalars given.
enum TwitterEntities {
    /// `@name` (1 to 20 of [A-Za-z0-9_]) and `@name/list`, not after a letter, digit or one of
    /// `_!#$%&*@＠` (but after "RT" or "RT:"), and not followed by '@', a Latin accented letter or "://".
    static func mentions(in text: [Unicode.Scalar]) -> [(range: Range<Int>, isList: Bool)] {
        var found: [(Range<Int>, Bool)] = []
        var consumed = 0  // a match's preceding character must not belong to an earlier match
        var index = 0
        while index < text.count {
            defer { index += 1 }
            guard text[index] == "@" || text[index] == "＠", mayPrecedeMention(text, index, consumed) else { continue }
            var end = index + 1
            while end < text.count, end - index <= 20, isNameCharacter(text[end]) { end += 1 }
            guard end > index + 1 else { continue }
            var isList = false
            if end + 1 < text.count, text[end] == "/", isASCIILetter(text[end + 1]) {
                var slug = end + 2
                while slug < text.count, slug - (end + 1) < 25, isNameCharacter(text[slug]) || text[slug] == "-" {
                    slug += 1
                }
                end = slug
                isList = true
            }
            let start = index
            consumed = end
            index = end - 1
            if end < text.count, endsMention(text, end) { continue }
            found.append((start..<end, isList))
        }
        return found
    }

    /// `#tag` or `＃tag`: letters, marks, digits and a few joiners, at least one letter or mark,
    /// after the text's start or anything but those and '&'; not followed by '#' or "://", nor by
    /// U+FE0F or U+20E3 right after the sign (a keycap emoji).
    static func hashtags(in text: [Unicode.Scalar]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var consumed = 0
        var index = 0
        while index < text.count {
            defer { index += 1 }
            guard text[index] == "#" || text[index] == "＃" else { continue }
            if index > 0 {
                let before = text[index - 1]
                let isVariation = before == "\u{FE0E}" || before == "\u{FE0F}"
                guard index - 1 >= consumed, isVariation || (!isHashtagCharacter(before) && before != "&") else {
                    continue
                }
            }
            guard index + 1 < text.count, text[index + 1] != "\u{FE0F}", text[index + 1] != "\u{20E3}" else { continue }
            var end = index + 1
            var hasLetter = false
            while end < text.count, isHashtagCharacter(text[end]) {
                hasLetter = hasLetter || isLetterOrMark(text[end])
                end += 1
            }
            guard hasLetter else { continue }
            consumed = end
            let start = index
            index = end - 1
            if end < text.count, text[end] == "#" || text[end] == "＃" || startsScheme(text, end) { continue }
            found.append(start..<end)
        }
        return found
    }

    private static func mayPrecedeMention(_ text: [Unicode.Scalar], _ index: Int, _ consumed: Int) -> Bool {
        guard index > 0 else { return true }
        guard index - 1 >= consumed else { return false }
        let before = text[index - 1]
        if !(isNameCharacter(before) || "!#$%&*@＠".unicodeScalars.contains(before)) { return true }
        // "RT@name", "rt:@name": a retweet's mention, after the start or a non-word character.
        var rt = index
        if text[rt - 1] == ":" { rt -= 1 }
        guard rt >= 2, rt - 2 >= consumed, String(String.UnicodeScalarView(text[(rt - 2)..<rt])).lowercased() == "rt"
        else { return false }
        return rt == 2 || !(isNameCharacter(text[rt - 3]) || "+~.-".unicodeScalars.contains(text[rt - 3]))
    }

    private static func endsMention(_ text: [Unicode.Scalar], _ end: Int) -> Bool {
        let next = text[end]
        return next == "@" || next == "＠" || isLatinAccent(next) || startsScheme(text, end)
    }

    private static func startsScheme(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        index + 2 < text.count && text[index] == ":" && text[index + 1] == "/" && text[index + 2] == "/"
    }

    private static func isASCIILetter(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s)
    }

    private static func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
        isASCIILetter(s) || ("0"..."9").contains(s) || s == "_"
    }

    private static func isLatinAccent(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263,
            0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        default: return false
        }
    }

    private static func isLetterOrMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark:
            return true
        default: return false
        }
    }

    /// twitter-text's hashtagAlphaNumeric: letters, marks, decimal digits and its joiners.
    private static func isHashtagCharacter(_ s: Unicode.Scalar) -> Bool {
        if isLetterOrMark(s) || s.properties.generalCategory == .decimalNumber { return true }
        switch s.value {
        case 0x5F, 0x200C, 0x200D, 0xA67E, 0x5BE, 0x5F3, 0x5F4, 0xFF5E, 0x301C, 0x309B, 0x309C, 0x30A0, 0x30FB, 0x3003,
            0xF0B, 0xF0C, 0xB7:
            return true
        default: return false
        }
    }
}
