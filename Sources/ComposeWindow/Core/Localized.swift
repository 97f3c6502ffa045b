import CComposeWindowIntl

/// The gettext domain of compose-window; the app binds it to its locale directory at start.
public let translationDomain = "compose-window"

/// The translation of `message` with `{0}`, `{1}`, … replaced by `arguments` (numbered, so that a
/// translation may reorder them; substituted in one pass, so an argument is never re-expanded).
public func localized(_ message: String, _ arguments: String...) -> String {
    // Untranslated, gettext returns its argument: convert while that C string is still alive.
    let translated = message.withCString { String(cString: dgettext(translationDomain, $0)) }
    return substitute(translated, arguments)
}

/// `format` with `{0}`, `{1}`, … replaced by `arguments` in one pass (an argument containing "{1}"
/// stays as it is); unknown or malformed placeholders are kept literally.
public func substitute(_ format: String, _ arguments: [String]) -> String {
    guard !arguments.isEmpty else { return format }
    var result = ""
    var rest = format[...]
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        let afterOpen = rest.index(after: open)
        if let close = rest[afterOpen...].firstIndex(of: "}"), let index = Int(rest[afterOpen..<close]),
            arguments.indices.contains(index)
        {
            result += arguments[index]
            rest = rest[rest.index(after: close)...]
        } else {
            result += "{"
            rest = rest[afterOpen...]
        }
    }
    return result + rest
}
