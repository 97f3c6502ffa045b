import CComposeWindowSoup

/// PKCE's S256 challenge (RFC 7636 §4.2): BASE64URL(SHA-256(verifier)) without padding, hashed and
/// encoded by GLib.
package enum CodeChallenge {
    package static func s256(_ verifier: String) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)!
        defer { g_checksum_free(checksum) }
        verifier.utf8CString.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: guchar.self, capacity: bytes.count) {
                g_checksum_update(checksum, $0, gssize(bytes.count - 1))
            }
        }
        var digest = [guchar](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        let encoded = g_base64_encode(digest, length)!
        defer { g_free(encoded) }
        // base64url: '-' and '_' for '+' and '/', no '=' padding.
        return String(
            String(cString: encoded).compactMap { character -> Character? in
                switch character {
                case "+": "-"
                case "/": "_"
                case "=": nil
                default: character
                }
            })
    }
}
