/// What a value read back from a state file may be: only what compose-window itself writes. A file
/// edited by hand, truncated or crafted is input like any other; a value outside these is refused
/// (the whole entry is then set aside, never half trusted).
enum StateValues {
    /// Seconds since the epoch: from 1970 to the end of year 9999.
    static let times: ClosedRange<Int64> = 0...253_402_300_799
    /// Bytes of a prepared image (a terabyte is far past any network's limit).
    static let byteCounts: ClosedRange<Int> = 0...(1 << 40)
    /// Pixels along one side of a prepared image.
    static let sides: ClosedRange<Int> = 1...(1 << 20)
    /// Posts in one network's thread (the splitter has no cap: a megabyte is a few thousand).
    static let parts: ClosedRange<Int> = 0...1_000_000
    /// Images of one post: a file manager's "Open With" may attach more than a network takes (the
    /// window says so), never this many.
    static let images: ClosedRange<Int> = 0...1_000
    /// Bytes of a text the person wrote beside the post's (an alt text, a content warning):
    /// servers may raise their limits, never to a megabyte.
    static let mostSideTextBytes = 1 << 20

    static func time(_ value: JSONValue?) -> Int64?? {
        guard let value else { return .some(nil) }  // absent: fine
        guard case .integer(let number) = value, times.contains(Int64(number)) else { return nil }
        return .some(Int64(number))
    }

    /// A key as compose-window makes them (an Idempotency-Key, a TID): it names a folder too.
    static func isKey(_ key: String) -> Bool {
        (1...64).contains(key.utf8.count)
            && key.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2D || byte == 0x5F
            }
    }

    /// Text shown or printed on one line (a link, an account): no control characters.
    static func isOneLine(_ text: String, most: Int = 16_384) -> Bool {
        !text.isEmpty && text.utf8.count <= most
            && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// Text the person wrote (it may span lines): at most `most` bytes, no U+0000 (which no C
    /// string below the app carries whole).
    static func isText(_ text: String, most: Int = mostSideTextBytes) -> Bool {
        text.utf8.count <= most && !text.utf8.contains(0)
    }

    /// The path of a file the person chose: absolute and canonical (as the window makes it: no `.`
    /// or `..` step), no U+0000; a file name may hold a new line.
    static func isChosenPath(_ path: String) -> Bool {
        path.hasPrefix("/") && isText(path, most: 4_096)
            && !path.split(separator: "/").contains { $0 == "." || $0 == ".." }
    }

    /// A prepared image's path: absolute, with no `.` or `..` step, on one line.
    static func isPlainPath(_ path: String) -> Bool {
        path.hasPrefix("/") && isOneLine(path, most: 4_096)
            && !path.split(separator: "/").contains { $0 == "." || $0 == ".." }
    }
}
