/// Finds URLs the way twitter-text's extractor does (its published rules, written here as a scanner
/// instead of one large regular expression): an optional http(s) scheme, a host whose last label is
/// a known top-level domain, then an optional port, path and query with the same ending rules.
/// Offsets are indices into the scalars given.
struct URLExtractor {
    /// Whether a URL needs its scheme (Mastodon) or may go without it ("example.com", X).
    let requiresScheme: Bool

    private typealias C = URLCharacters
    private static let maximumLength = 4096
    private static let maximumTcoSlug = 40

    func urls(in text: [Unicode.Scalar]) -> [Range<Int>] {
        let runs = LabelRuns(text)
        var found: [Range<Int>] = []
        var index = 0
        while index < text.count {
            // Each attempt consumes the character before the URL (or starts at the text's start).
            var match: Match?
            if C.canPrecedeURL(text[index]) {
                match = self.match(text, runs, at: index + 1, preceding: text[index])
            }
            if match == nil && index == 0 { match = self.match(text, runs, at: 0, preceding: nil) }
            guard let match else {
                index += 1
                continue
            }
            found += match.urls
            index = match.end
        }
        return found
    }

    private struct Match {
        let end: Int
        let urls: [Range<Int>]
    }

    /// Where each run of label characters (domain characters, '-', '_') ends, and where the next '_'
    /// is, from every index: an attempt at each position of a long run then costs O(1) per label
    /// instead of a scan to the run's end (unspaced CJK text is one long run).
    private struct LabelRuns {
        var end: [Int]
        var nextUnderscore: [Int]

        init(_ text: [Unicode.Scalar]) {
            end = Array(repeating: text.count, count: text.count + 1)
            nextUnderscore = Array(repeating: text.count, count: text.count + 1)
            for index in text.indices.reversed() {
                let s = text[index]
                end[index] = C.isDomainCharacter(s) || s == "-" || s == "_" ? end[index + 1] : index
                nextUnderscore[index] = s == "_" ? index : nextUnderscore[index + 1]
            }
        }
    }

    private func match(_ text: [Unicode.Scalar], _ runs: LabelRuns, at start: Int, preceding: Unicode.Scalar?)
        -> Match?
    {
        guard start < text.count else { return nil }
        let schemeEnd = Self.scheme(text, at: start)
        if let schemeEnd, let match = rest(text, runs, start: start, hostStart: schemeEnd, preceding: preceding) {
            return match
        }
        return rest(text, runs, start: start, hostStart: start, preceding: preceding)
    }

    /// The host and what follows it; the URL(s) this match yields (maybe none, but it is consumed).
    private func rest(
        _ text: [Unicode.Scalar], _ runs: LabelRuns, start: Int, hostStart: Int, preceding: Unicode.Scalar?
    ) -> Match? {
        guard let host = Self.host(text, runs, from: hostStart) else { return nil }
        var end = host.upperBound
        if end < text.count, text[end] == ":", end + 1 < text.count, ("0"..."9").contains(text[end + 1]) {
            end += 1
            while end < text.count, ("0"..."9").contains(text[end]) { end += 1 }
        }
        var hasPath = false
        if end < text.count, text[end] == "/" {
            hasPath = true
            end = Self.pathEnd(text, from: end + 1)
        }
        if end < text.count, text[end] == "?" {
            var queryEnd: Int?
            var cursor = end + 1
            while cursor < text.count, C.isQueryCharacter(text[cursor]) {
                if C.isQueryEnding(text[cursor]) { queryEnd = cursor + 1 }
                cursor += 1
            }
            if let queryEnd { end = queryEnd }
        }
        let hasScheme = hostStart != start
        let consumed = Match(end: end, urls: [])
        guard Self.isValid(text, host: host, length: end - start, hasScheme: hasScheme) else { return consumed }
        if hasScheme {
            // A t.co slug longer than 40 is no link at all (twitter-text drops the match).
            let urlEnd = Self.tcoEnd(text, start: start, hostStart: hostStart, end: end)
            return urlEnd > start ? Match(end: end, urls: [start..<urlEnd]) : consumed
        }
        if requiresScheme { return consumed }
        if let preceding, "-_./".unicodeScalars.contains(preceding) { return consumed }
        // Without a scheme only ASCII domains count; the last one takes the path and query.
        var urls = Self.asciiDomains(text, in: host)
        if hasPath || end > host.upperBound, let last = urls.popLast() { urls.append(last.lowerBound..<end) }
        return Match(end: end, urls: urls)
    }

    /// "http://" or "https://", any case: the index after it.
    private static let schemes = ["https://", "http://"].map { Array($0.unicodeScalars) }

    private static func scheme(_ text: [Unicode.Scalar], at start: Int) -> Int? {
        // Tried at every position: nothing but an 'h' can start one.
        guard start < text.count, lower(text[start]) == "h" else { return nil }
        for scalars in schemes {
            guard start + scalars.count <= text.count else { continue }
            if zip(text[start...], scalars).allSatisfy({ lower($0) == $1 }) { return start + scalars.count }
        }
        return nil
    }

    private static func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(s) ? Unicode.Scalar(s.value + 32)! : s
    }

    /// The longest run of labels ending in a top-level domain (the rules' greedy subdomains).
    private static func host(_ text: [Unicode.Scalar], _ runs: LabelRuns, from start: Int) -> Range<Int>? {
        var labels: [Range<Int>] = []  // labels followed by a dot
        var cursor = start
        while cursor < text.count {
            let end = runs.end[cursor]
            guard end > cursor, end < text.count, text[end] == "." else { break }
            labels.append(cursor..<end)
            cursor = end + 1
        }
        // Subdomains before the last label may hold '_'; all of them must be labels.
        let subdomainsValid = labels.firstIndex { !isLabel(text, runs, $0, underscore: true) } ?? labels.count
        var count = labels.count
        while count > 0 {
            let label = labels[count - 1]
            if count - 1 <= subdomainsValid, isLabel(text, runs, label, underscore: false),
                let tldEnd = topLevelDomain(text, at: label.upperBound + 1)
            {
                return start..<tldEnd
            }
            // A later label that is not a label at all ends the run there.
            count -= 1
        }
        return nil
    }

    /// A run of label characters (as `host` finds them) that starts and ends with a domain character,
    /// with '_' only where allowed.
    private static func isLabel(_ text: [Unicode.Scalar], _ runs: LabelRuns, _ range: Range<Int>, underscore: Bool)
        -> Bool
    {
        guard C.isDomainCharacter(text[range.lowerBound]), C.isDomainCharacter(text[range.upperBound - 1]) else {
            return false
        }
        return underscore || runs.nextUnderscore[range.lowerBound] >= range.upperBound
    }

    /// A known generic TLD, else a country TLD (longest first, followed by a non-alphanumeric), else
    /// Punycode "xn--…".
    static func topLevelDomain(_ text: [Unicode.Scalar], at start: Int) -> Int? {
        // No TLD is longer than the longest listed one: look no further than that.
        var run = start
        while run < text.count, run - start < TopLevelDomains.longest,
            C.isDomainCharacter(text[run]) || text[run] == "-"
        {
            run += 1
        }
        for set in [TopLevelDomains.generic, TopLevelDomains.country] {
            var end = run
            while end > start {
                let candidate = String(String.UnicodeScalarView(text[start..<end].map(lower)))
                if set.contains(candidate), end == text.count || C.canFollowTLD(text[end]) { return end }
                end -= 1
            }
        }
        let prefix = Array("xn--".unicodeScalars)
        guard start + 4 < text.count, text[start..<start + 4].map(lower) == prefix else { return nil }
        var end = start + 4
        while end < text.count, C.isASCIIAlphanumeric(text[end]) || text[end] == "-" { end += 1 }
        return end > start + 4 ? end : nil
    }

    private static func pathEnd(_ text: [Unicode.Scalar], from start: Int) -> Int {
        var lastEnding = start
        var cursor = start
        while cursor < text.count {
            if C.isPathCharacter(text[cursor]) {
                cursor += 1
                if C.isPathEnding(text[cursor - 1]) { lastEnding = cursor }
            } else if text[cursor] == "(", let close = balancedParentheses(text, at: cursor) {
                cursor = close
                lastEnding = cursor
            } else {
                break
            }
        }
        return lastEnding
    }

    /// "(…)" of path characters, with at most one nested level: the index after it.
    private static func balancedParentheses(_ text: [Unicode.Scalar], at open: Int) -> Int? {
        var cursor = open + 1
        var nested = false
        var sinceOpen = 0
        while cursor < text.count {
            let s = text[cursor]
            if C.isPathCharacter(s) {
                sinceOpen += 1
            } else if s == "(", !nested {
                nested = true
                sinceOpen = 0
            } else if s == ")" {
                if nested {
                    guard sinceOpen > 0 else { return nil }
                    nested = false
                    sinceOpen = 1
                } else {
                    return sinceOpen > 0 ? cursor + 1 : nil
                }
            } else {
                return nil
            }
            cursor += 1
        }
        return nil
    }

    /// Each label at most 63 characters once encoded for DNS; the whole URL at most 4,096.
    private static func isValid(_ text: [Unicode.Scalar], host: Range<Int>, length: Int, hasScheme: Bool) -> Bool {
        let domain = Array(text[host])
        if domain.count >= 4, domain[0..<4].map(lower) == Array("xn--".unicodeScalars), !domain.allSatisfy(\.isASCII) {
            return false
        }
        var encodedLength = 0
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            let encoded = Punycode.asciiLabel(Array(label)).unicodeScalars.count
            guard (1...63).contains(encoded) else { return false }
            encodedLength += encoded + 1
        }
        encodedLength -= 1
        return (hasScheme ? 0 : "https://".count) + length + encodedLength - domain.count <= maximumLength
    }

    /// t.co links take no more path than their slug (and an optional query).
    private static func tcoEnd(_ text: [Unicode.Scalar], start: Int, hostStart: Int, end: Int) -> Int {
        let host = Array("t.co/".unicodeScalars)
        guard hostStart + host.count <= end, text[hostStart..<hostStart + host.count].map(lower) == host else {
            return end
        }
        var slugEnd = hostStart + host.count
        while slugEnd < end, C.isASCIIAlphanumeric(text[slugEnd]) { slugEnd += 1 }
        guard slugEnd > hostStart + host.count else { return end }
        if slugEnd - (hostStart + host.count) > maximumTcoSlug { return start }  // not a URL
        guard slugEnd < end, text[slugEnd] == "?" else { return slugEnd }
        var queryEnd = slugEnd
        var cursor = slugEnd + 1
        while cursor < end, C.isQueryCharacter(text[cursor]) {
            if C.isQueryEnding(text[cursor]) { queryEnd = cursor + 1 }
            cursor += 1
        }
        return queryEnd
    }

    /// The ASCII-only domains inside a host: "[a-z0-9-]+." repeated, then a known TLD.
    private static func asciiDomains(_ text: [Unicode.Scalar], in host: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var cursor = host.lowerBound
        let hostText = Array(text[host])
        while cursor < host.upperBound {
            var labelsEnd: Int?
            var probe = cursor
            var end: Int?
            while true {
                var labelEnd = probe
                while labelEnd < host.upperBound, C.isASCIIDomainCharacter(text[labelEnd]) { labelEnd += 1 }
                guard labelEnd > probe, labelEnd < host.upperBound, text[labelEnd] == "." else { break }
                labelsEnd = labelEnd + 1
                probe = labelEnd + 1
                let offset = probe - host.lowerBound
                if let tld = topLevelDomain(hostText, at: offset) { end = host.lowerBound + tld }
            }
            if labelsEnd != nil, let end {
                found.append(cursor..<end)
                cursor = end
            } else {
                cursor += 1
            }
        }
        return found
    }
}
