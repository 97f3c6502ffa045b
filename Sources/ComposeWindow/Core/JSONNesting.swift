/// How deep a JSON text nests, read before any parser sees it: json-glib and any recursive reader
/// of its tree use the stack once per level, so a file or an answer nested 200,000 deep would end
/// the process. Nothing compose-window writes or reads from a server nests past a few levels.
package enum JSONNesting {
    /// The deepest text read: far past any outbox, draft, cache or server answer compose-window
    /// takes (an answer's status with its quote, card and media is under 10).
    package static let mostLevels = 64

    /// Whether `text` opens more than `most` arrays or objects inside one another, or could hide
    /// its brackets from this count: json-glib also reads comments and single-quoted strings, which
    /// strict JSON has not, so a `/` or `'` outside a string is refused too. Brackets inside strings
    /// do not count; the text need not be valid JSON otherwise (the parser says what is wrong).
    package static func isTooDeep(_ text: String, most: Int = mostLevels) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "/"), UInt8(ascii: "'"): return true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > most { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }
}
