/// Links in a Bluesky post as the app finds them, and the short form it posts them in.
///
/// Detection follows bluesky-social/atproto packages/api/src/rich-text/detection.ts (detectFacets,
/// links): after the text's start, white space or '(', either `https?://` and the non-space run
/// after it, or a bare domain `[a-z][a-z0-9]*(\.[a-z0-9]+)+` (any case) whose last label is a known
/// top-level domain, with the rest of the run; then one trailing `. , ; : ! ?` is left out, and a
/// trailing ')' when the link holds no '('. Quirks kept on purpose, because the app has them: the
/// TLD test is case-sensitive ("EXAMPLE.COM" is no link), a scheme in capitals is no link, and a
/// run starting with "http" skips the TLD test.
///
/// Shortening follows bluesky-social/social-app src/lib/strings/rich-text-manip.ts (shortenLinks)
/// and url-helpers.ts (toShortUrl): a link that parses as an http(s) URL becomes its host plus
/// path, query and fragment, cut to 13 characters and "..." when those are longer than 15; a bare
/// domain does not parse (no scheme) and stays as typed.
enum BlueskyLinks {
    /// The ranges, in Unicode scalars, of the links in `text`.
    static func links(in text: [Unicode.Scalar]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var consumedTo = 0  // the regular expression resumes after its last match
        var start = 0
        while start < text.count {
            defer { start += 1 }
            if start > 0 {
                let before = text[start - 1]
                guard start - 1 >= consumedTo, isSpace(before) || before == "(" else { continue }
            }
            var end = start
            while end < text.count && !isSpace(text[end]) { end += 1 }
            guard let link = link(text, start, end) else {
                // A bare run that looked like a domain but failed the TLD test is consumed all the same.
                if hasDomainShape(text, start, end) { consumedTo = end }
                continue
            }
            found.append(link)
            consumedTo = end
            start = end - 1
        }
        return found
    }

    /// The link in the non-space run `start..<end`, or nil.
    private static func link(_ text: [Unicode.Scalar], _ start: Int, _ end: Int) -> Range<Int>? {
        let run = text[start..<end]
        var linkEnd: Int
        if let schemeLength = schemeLength(run), end - start > schemeLength {
            // `https?://\S+` matched case-insensitively, but the app only takes it when it starts
            // with a lower-case "http".
            guard run.starts(with: "http".unicodeScalars) else { return nil }
            linkEnd = end
        } else {
            guard let domainEnd = domainEnd(text, start, end) else { return nil }
            if !run.starts(with: "http".unicodeScalars) {
                guard hasKnownTopLevelDomain(text[start..<domainEnd]) else { return nil }
            }
            linkEnd = end
        }
        if ".,;:!?".unicodeScalars.contains(text[linkEnd - 1]) { linkEnd -= 1 }
        if linkEnd > start, text[linkEnd - 1] == ")", !text[start..<linkEnd].contains("(") { linkEnd -= 1 }
        return linkEnd > start ? start..<linkEnd : nil
    }

    private static func schemeLength(_ run: ArraySlice<Unicode.Scalar>) -> Int? {
        let lowered = String(String.UnicodeScalarView(run.prefix(8))).lowercased()
        if lowered.hasPrefix("https://") { return 8 }
        if lowered.hasPrefix("http://") { return 7 }
        return nil
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
    private static func isAlphanumeric(_ s: Unicode.Scalar) -> Bool { isLetter(s) || ("0"..."9").contains(s) }

    /// Where `[a-z][a-z0-9]*(\.[a-z0-9]+)+` (case-insensitive, greedy) ends from `start`, or nil.
    private static func domainEnd(_ text: [Unicode.Scalar], _ start: Int, _ end: Int) -> Int? {
        guard start < end, isLetter(text[start]) else { return nil }
        var index = start + 1
        while index < end && isAlphanumeric(text[index]) { index += 1 }
        var labels = 0
        while index + 1 < end && text[index] == "." && isAlphanumeric(text[index + 1]) {
            index += 2
            while index < end && isAlphanumeric(text[index]) { index += 1 }
            labels += 1
        }
        return labels > 0 ? index : nil
    }

    private static func hasDomainShape(_ text: [Unicode.Scalar], _ start: Int, _ end: Int) -> Bool {
        domainEnd(text, start, end) != nil || (schemeLength(text[start..<end]).map { end - start > $0 } ?? false)
    }

    /// atproto's isValidDomain: the domain ends in "." and a TLD of the list, compared as written.
    static func hasKnownTopLevelDomain(_ domain: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let dot = domain.lastIndex(of: ".") else { return false }
        let tld = String(String.UnicodeScalarView(domain[(dot + 1)...]))
        return TopLevelDomains.generic.contains(tld) || TopLevelDomains.country.contains(tld)
    }

    /// JavaScript's `\s`: Unicode white space, the BOM and the line terminators.
    static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default: return false
        }
    }

    /// social-app's toShortUrl of a link as typed.
    static func shortened(_ link: String) -> String {
        guard let url = WebURL(link) else { return link }
        let rest = url.path + url.query + url.fragment  // all ASCII once percent-encoded
        return url.host + (rest.utf16.count > 15 ? String(rest.prefix(13)) + "..." : rest)
    }
}
