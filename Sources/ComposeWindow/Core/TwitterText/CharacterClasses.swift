/// The character classes of twitter-text's URL rules (its published regexp definitions), as
/// predicates on Unicode scalars.
enum URLCharacters {
    /// Whether `s` is one of the ASCII characters in `set` (non-ASCII, the bulk of CJK text, at once).
    private static func isOneOf(_ s: Unicode.Scalar, _ set: StaticString) -> Bool {
        guard s.isASCII else { return false }
        return set.withUTF8Buffer { $0.contains(UInt8(s.value)) }
    }

    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default: return false
        }
    }

    /// U+FFFE, U+FEFF, U+FFFF: a text containing one is not a valid post.
    static func isInvalid(_ s: Unicode.Scalar) -> Bool { s.value == 0xFFFE || s.value == 0xFEFF || s.value == 0xFFFF }

    static func isDirectionalMarker(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x202A...0x202E, 0x061C, 0x200E, 0x200F, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        isOneOf(s, "!'#%&()*+,\\-./:;<=>?@[]^_{|}~$")
    }

    /// A character a domain label may hold (besides inner '-' and '_').
    static func isDomainCharacter(_ s: Unicode.Scalar) -> Bool {
        !(isPunctuation(s) || isSpace(s) || isInvalid(s) || isDirectionalMarker(s))
    }

    /// What may stand right before a URL: not a letter, digit, @, $ or # (ASCII or full-width).
    static func canPrecedeURL(_ s: Unicode.Scalar) -> Bool {
        if isDirectionalMarker(s) { return true }
        if isASCIIAlphanumeric(s) || isInvalid(s) { return false }
        return !(isOneOf(s, "@$#") || s == "＠" || s == "＃")
    }

    static func isASCIIAlphanumeric(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return false
        }
    }

    static func isLatinAccent(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263,
            0x268, 0x26F, 0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        default: return false
        }
    }

    static func isCyrillic(_ s: Unicode.Scalar) -> Bool { (0x400...0x4FF).contains(s.value) }

    static func isPathCharacter(_ s: Unicode.Scalar) -> Bool {
        isASCIIAlphanumeric(s) || isCyrillic(s) || isLatinAccent(s) || s.value == 0x2013
            || isOneOf(s, "!*';:=+,.$/%#[]-_~@|&")
    }

    static func isPathEnding(_ s: Unicode.Scalar) -> Bool {
        isASCIIAlphanumeric(s) || isCyrillic(s) || isLatinAccent(s) || isOneOf(s, "+-=_#/")
    }

    static func isQueryCharacter(_ s: Unicode.Scalar) -> Bool {
        isASCIIAlphanumeric(s) || isOneOf(s, "!?*'@();:&=+$/%#[]-_.,~|")
    }

    static func isQueryEnding(_ s: Unicode.Scalar) -> Bool {
        isASCIIAlphanumeric(s) || isOneOf(s, "-_&=#/")
    }

    /// What may follow a top-level domain: not an ASCII letter or digit, '@', '+' or '-'.
    static func canFollowTLD(_ s: Unicode.Scalar) -> Bool {
        !(isASCIIAlphanumeric(s) || isOneOf(s, "@+-"))
    }

    /// A character of an ASCII-only domain label (URLs without a scheme must have one).
    static func isASCIIDomainCharacter(_ s: Unicode.Scalar) -> Bool {
        isASCIIAlphanumeric(s) || s == "-" || isLatinAccent(s)
    }
}
