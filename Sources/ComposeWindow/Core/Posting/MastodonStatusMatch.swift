import Glibc

/// What a status made by the post would show in the account's statuses: what it answers
/// (`in_reply_to_id`), its content warning (`spoiler_text`) and how many images it has. Its text is
/// compared only through the status's source, which the list does not carry (it has HTML).
struct MastodonStatusMatch: Hashable, Sendable {
    let text: String
    /// The status the post answers; nil: none.
    let inReplyTo: String?
    let spoilerText: String
    let mediaCount: Int

    init(text: String, inReplyTo: String? = nil, spoilerText: String = "", mediaCount: Int = 0) {
        self.text = text
        self.inReplyTo = inReplyTo
        self.spoilerText = spoilerText
        self.mediaCount = mediaCount
    }

    /// Whether `status` (one of the account's statuses, as JSON) may be the post.
    func mayBe(_ status: JSONValue) -> Bool {
        status["in_reply_to_id"]?.string == inReplyTo
            // Mastodon strips the warning's ends before it keeps it (Status#prepare_contents).
            && Self.stripped(status["spoiler_text"]?.string ?? "") == Self.stripped(spoilerText)
            && (status["media_attachments"]?.elements?.count ?? 0) == mediaCount
    }

    /// As Ruby's `strip`: white space and NUL off both ends.
    static func stripped(_ text: String) -> Substring {
        let kept = { (character: Character) in !character.isWhitespace && character != "\u{0}" }
        let start = text.firstIndex(where: kept) ?? text.endIndex
        let end = text.lastIndex(where: kept).map { text.index(after: $0) } ?? start
        return text[start..<end]
    }

    /// Mastodon's `created_at` ("2026-12-05T18:01:02.345Z", always UTC) as seconds since the
    /// epoch; nil when it is not that.
    static func seconds(rfc3339 text: String) -> Int64? {
        let bytes = Array(text.utf8)
        // "YYYY-MM-DDTHH:MM:SS", then "Z" or a fraction and "Z".
        guard (20...40).contains(bytes.count), bytes.last == UInt8(ascii: "Z") else { return nil }
        let separators: [Int: UInt8] = [4: 0x2D, 7: 0x2D, 10: 0x54, 13: 0x3A, 16: 0x3A]
        for (offset, byte) in separators where bytes[offset] != byte { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - 0x30)
            }
            return value
        }
        let fraction = bytes[19..<(bytes.count - 1)]
        guard
            fraction.isEmpty
                || (fraction.first == 0x2E && fraction.count > 1
                    && fraction.dropFirst().allSatisfy { (0x30...0x39).contains($0) }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
        return Int64(timegm(&parts))  // GLibc's calendar arithmetic
    }
}
