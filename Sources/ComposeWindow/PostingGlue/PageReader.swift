import CComposeWindowSoup
import CComposeWindowXML
import ComposeWindowCore

/// A page's metadata read by libxml2's HTML parser, which takes whatever a server sends (broken
/// markup, any charset it declares) and never fetches anything itself (HTML_PARSE_NONET). Safe on
/// any thread: each call parses its own document.
package enum PageReader {
    /// Once, on the main thread, before any parse on another (libxml2 2.9 asks for it).
    package static func prepare() { xmlInitParser() }

    /// The `<meta>` tags and `<title>` of `bytes` (the page's first bytes), read as from `url`, in
    /// the charset its Content-Type names (which wins over the page's own `<meta charset>`, as in a
    /// browser), else the one the page declares.
    package static func metadata(of bytes: [UInt8], url: String, contentType: String? = nil) -> PageMetadata {
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue)
        guard !bytes.isEmpty else { return PageMetadata() }
        let parse = { (encoding: String?) in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(clamping: buffer.count), url, encoding, options)
                }
            }
        }
        // A charset libxml2 does not know is no charset: the page's own declaration then.
        let charset = contentType.flatMap(Self.charset(of:)).flatMap { name in
            xmlFindCharEncodingHandler(name).map { handler in
                xmlCharEncCloseFunc(handler)
                return name
            }
        }
        guard let document = parse(charset) ?? parse(nil) else { return PageMetadata() }
        defer { xmlFreeDoc(document) }
        var tags: [(key: String, content: String)] = []
        var title: String?
        visit(xmlDocGetRootElement(document), tags: &tags, title: &title)
        return PageMetadata(metaTags: tags, titleElement: title)
    }

    /// The picture's address resolved against the page's (GLib's RFC 3986 resolver); nil unless the
    /// result is http(s).
    package static func pictureAddress(_ reference: String, page: String) -> String? {
        guard let resolved = g_uri_resolve_relative(page, reference, G_URI_FLAGS_NONE, nil) else { return nil }
        defer { g_free(resolved) }
        let address = String(cString: resolved)
        return LinkCard.isWebLink(address) ? address : nil
    }

    /// Depth first through the whole document: most pages keep their metadata in `<head>`, some
    /// (video sites) in `<body>`; the first of each kind wins.
    private static func visit(
        _ first: UnsafeMutablePointer<xmlNode>?, tags: inout [(key: String, content: String)], title: inout String?
    ) {
        var node = first
        while let current = node {
            defer { node = current.pointee.next }
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            let name = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            switch name {
            case "meta":
                let key = attribute(current, "property") ?? attribute(current, "name")
                if let key, let content = attribute(current, "content") { tags.append((key.lowercased(), content)) }
            case "title" where title == nil:
                if let text = xmlNodeGetContent(current) {
                    title = String(cString: text)
                    compose_window_xml_free(text)
                }
            case "script", "style", "template": continue
            default: visit(current.pointee.children, tags: &tags, title: &title)
            }
        }
    }

    /// The `charset` parameter of a Content-Type ("text/html; charset=GBK" → "GBK"); nil without one.
    static func charset(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            let name = pair[1].filter { $0 != "\"" }
            guard !name.isEmpty, name.count <= 40,
                name.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || "0123456789-_.:".unicodeScalars.contains($0))
                })
            else { return nil }
            return String(name)
        }
        return nil
    }

    private static func attribute(_ node: UnsafeMutablePointer<xmlNode>, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { compose_window_xml_free(value) }
        return String(cString: value)
    }
}
