/// A Mastodon server as the person names it: a host name such as `mastodon.social` (or one in
/// another script, kept in its IDNA form), never an address with a scheme or path.
public enum ServerName {
    /// Why an answer is not a server name, as one translated line.
    public struct Invalid: Error, Equatable, CustomStringConvertible, Sendable {
        /// The translated message.
        public let description: String
    }

    /// The host name to use (lower case, ASCII: other scripts in Punycode), or why not.
    public static func validate(_ answer: String) throws(Invalid) -> String {
        let trimmed = answer.trimmingSpaces
        guard !trimmed.isEmpty else {
            throw Invalid(description: localized("Enter the server’s name, e.g. mastodon.social"))
        }
        if trimmed.contains("/") || trimmed.contains(":") || trimmed.contains("@") {
            throw Invalid(
                description: localized(
                    "“{0}” is an address, not a server name: enter just the name, e.g. mastodon.social",
                    String(trimmed).onOneLine))
        }
        let labels = trimmed.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        let ascii = labels.map { Punycode.asciiLabel(Array($0.unicodeScalars)) }
        let valid =
            labels.count >= 2 && ascii.joined(separator: ".").utf8.count <= 253
            && zip(labels, ascii).allSatisfy { label, asciiLabel in
                !label.isEmpty && asciiLabel.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy {
                        $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
                    }
            }
        guard valid else {
            throw Invalid(
                description: localized("“{0}” is not a server name (e.g. mastodon.social)", String(trimmed).onOneLine))
        }
        return ascii.joined(separator: ".")
    }
}
