/// The parts of an http(s) URL as a browser's URL parser (WHATWG URL) reports them, as far as
/// social-app's toShortUrl reads them: `host` (lower case, IDNA labels in Punycode, the port unless
/// it is the scheme's default), `path` ("" for "/"), `query` and `fragment` (with their "?"/"#",
/// empty when empty), each percent-encoded as the parser encodes it. nil where the parser throws.
/// Not handled: IPv6 literals and percent-decoding of hosts (such links keep their typed form).
struct WebURL {
    let host: String
    let path: String
    let query: String
    let fragment: String

    init?(_ text: String) {
        var rest = Substring(text)
        let lowered = rest.prefix(8).lowercased()
        let defaultPort: String
        if lowered.hasPrefix("https://") {
            rest = rest.dropFirst(8)
            defaultPort = "443"
        } else if lowered.hasPrefix("http://") {
            rest = rest.dropFirst(7)
            defaultPort = "80"
        } else {
            return nil
        }
        // Special schemes treat '\' as '/'.
        let authorityEnd = rest.firstIndex { "/\\?#".contains($0) } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var hostPart = authority
        var port = ""
        if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            port = String(authority[authority.index(after: colon)...])
            // Any number of digits: one too large for an Int is out of range, as one over 65,535 is.
            guard port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return nil }
            if !port.isEmpty {
                guard let number = Int(port), number <= 65_535 else { return nil }
                port = String(number)
            }
        }
        let forbidden = Set(" #%/:<>?@[\\]^|".unicodeScalars)
        guard !hostPart.isEmpty, !hostPart.unicodeScalars.contains(where: { forbidden.contains($0) || $0.value < 0x20 })
        else { return nil }
        let labels = hostPart.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        host =
            labels.map { Punycode.asciiLabel(Array($0.unicodeScalars)) }.joined(separator: ".")
            + (port.isEmpty || port == defaultPort ? "" : ":" + port)

        var fragmentText: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragmentText = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var queryText: Substring?
        if let question = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        let pathText = Self.removingDotSegments(rest.replacingOccurrences(of: "\\", with: "/"))
        let encodedPath = Self.encode(pathText, keeping: { !"\"<>`{}".unicodeScalars.contains($0) })
        path = encodedPath == "/" || encodedPath.isEmpty ? "" : encodedPath
        let encodedQuery = queryText.map { Self.encode(String($0), keeping: { !"\"#<>'".unicodeScalars.contains($0) }) }
        query = (encodedQuery ?? "").isEmpty ? "" : "?" + encodedQuery!
        let encodedFragment = fragmentText.map {
            Self.encode(String($0), keeping: { !"\"<>`".unicodeScalars.contains($0) })
        }
        fragment = (encodedFragment ?? "").isEmpty ? "" : "#" + encodedFragment!
    }

    /// C0 controls, space, non-ASCII and what `keeping` refuses become %XX of their UTF-8 bytes.
    private static func encode(_ text: String, keeping: (Unicode.Scalar) -> Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value > 0x20 && scalar.value < 0x7F && keeping(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded }
            }
        }
        return result
    }

    /// "/a/./b/../c" → "/a/c" (RFC 3986 5.2.4, with "%2e" as a dot as browsers take it).
    private static func removingDotSegments(_ path: String) -> String {
        guard !path.isEmpty else { return "/" }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let lowered = segment.lowercased()
            let isLast = index == segments.count - 1
            if lowered == "." || lowered == "%2e" {
                if isLast { output.append("") }
            } else if ["..", ".%2e", "%2e.", "%2e%2e"].contains(lowered) {
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            } else {
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}

extension Substring {
    fileprivate func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
