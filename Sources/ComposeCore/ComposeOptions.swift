import Foundation

/// The validated command line of compose-window. GLib parses the syntax (GOptionContext); this
/// checks the values, so every error is one clear line and exit code 2.
public struct ComposeOptions: Equatable, Sendable {
    public enum InitialText: Equatable, Sendable {
        case none
        case given(String)
        case standardInput
    }

    public var title: String?
    public var placeholder: String?
    public var initialText: InitialText = .none
    public var limit: Int?
    public var counting: CountingRule = .graphemes
    public var font: String?
    public var placeholderColor: String?
    /// nil with `--no-draft`.
    public var draftName: String? = "default"
    public var spellLanguage: String?
    public var spellChecking = true
    public var timeoutSeconds: Int?
    public var width = 480
    public var height = 320

    public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
        public let description: String
    }

    public static let valueOptions = [
        "title", "placeholder", "text", "limit", "count", "font", "placeholder-color", "draft", "spell",
        "timeout", "width", "height",
    ]
    public static let flagOptions = ["no-draft", "no-spell", "version"]

    public init() {}

    /// `standardInputIsTerminal`: without `--text`, standard input is read when it is not a terminal.
    public init(values: [String: String], flags: Set<String>, standardInputIsTerminal: Bool) throws(UsageError) {
        title = values["title"]
        placeholder = values["placeholder"]
        switch values["text"] {
        case "-": initialText = .standardInput
        case .some(let text): initialText = .given(text)
        case nil: initialText = standardInputIsTerminal ? .none : .standardInput
        }
        if let limit = values["limit"] { self.limit = try Self.number(limit, option: "limit", in: 1...1_000_000_000) }
        if let count = values["count"] {
            guard let rule = CountingRule(rawValue: count) else {
                throw UsageError(description: localized("--count: unknown counting rule “{0}” (use graphemes or weibo)", count))
            }
            counting = rule
        }
        if let font = values["font"] {
            guard !font.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(description: localized("--font: empty font description (e.g. \"Sans 15\")"))
            }
            self.font = font
        }
        if let color = values["placeholder-color"] {
            guard !color.isEmpty else { throw UsageError(description: localized("--placeholder-color: empty colour")) }
            placeholderColor = color
        }
        if flags.contains("no-draft") {
            guard values["draft"] == nil else { throw UsageError(description: localized("use either --draft or --no-draft, not both")) }
            draftName = nil
        } else if let draft = values["draft"] {
            guard DraftStore.isValidName(draft) else {
                throw UsageError(description: localized("--draft: invalid name “{0}” (letters, digits, '-', '_', '.'; not starting with '.')", draft))
            }
            draftName = draft
        }
        if flags.contains("no-spell") {
            guard values["spell"] == nil else { throw UsageError(description: localized("use either --spell or --no-spell, not both")) }
            spellChecking = false
        } else if let language = values["spell"] {
            guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0 == "_" || $0 == "-" }) else {
                throw UsageError(description: localized("--spell: invalid language code “{0}” (e.g. en_US)", language))
            }
            spellLanguage = language
        }
        if let timeout = values["timeout"] { timeoutSeconds = try Self.number(timeout, option: "timeout", in: 1...31_536_000) }
        if let width = values["width"] { self.width = try Self.number(width, option: "width", in: 100...16_384) }
        if let height = values["height"] { self.height = try Self.number(height, option: "height", in: 100...16_384) }
    }

    private static func number(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            throw UsageError(
                description: localized(
                    "--{0}: expected a whole number from {1} to {2}, got “{3}”", option, String(range.lowerBound),
                    String(range.upperBound), text))
        }
        return value
    }
}
