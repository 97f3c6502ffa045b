/// A record key chosen before the post is sent: an atproto TID (timestamp identifier), the key
/// Bluesky's AppView indexes posts under. 64 bits, the top one zero: microseconds since the Unix
/// epoch (53 bits), then a clock identifier (10 bits) that keeps two clients' keys of the same
/// microsecond apart; written as 13 characters of base32-sortable ("234567abcdefghijklmnopqrstuvwxyz"),
/// so that keys sort as their times do.
enum RecordKey {
    private static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".unicodeScalars)

    /// atproto's record key syntax: 1–512 of letters, digits and `.-_:~`, not "." or "..".
    static func isValid<S: StringProtocol>(_ text: S) -> Bool {
        (1...512).contains(text.count) && text != "." && text != ".."
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:~".contains($0)) }
    }

    static func tid(microsecondsSinceEpoch: UInt64, clockIdentifier: UInt16) -> String {
        var value = (microsecondsSinceEpoch & (1 << 53 - 1)) << 10 | UInt64(clockIdentifier & 0x3FF)
        var characters = String.UnicodeScalarView()
        for _ in 0..<13 {
            characters.append(alphabet[Int(value & 31)])
            value >>= 5
        }
        return String(String.UnicodeScalarView(characters.reversed()))
    }
}
