extension String {
    /// The text on one line: control characters (newlines, tabs, escapes) quoted as `\n`, `\t` or
    /// `\u{1B}`, so an error that quotes a user's value stays the one stderr line scripts expect.
    public var onOneLine: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _
            where scalar.properties.generalCategory == .control
                || scalar == "\u{2028}" || scalar == "\u{2029}":
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
