/// Keeps a running count of a text under edits without recounting the whole text: each edit
/// recounts only a window around it. Grapheme boundaries are local, so counting the same window
/// before and after the edit gives the exact change as long as no single cluster spans more than
/// `margin` characters on either side of the edit (a 256-scalar cluster is far beyond real text).
public struct IncrementalCounter: Sendable {
    /// How characters are counted.
    public let rule: CountingRule
    /// The running total, in the rule's units.
    public private(set) var units = 0
    /// Characters that are not whitespace: Send needs at least one.
    public private(set) var visibleCharacters = 0
    /// Characters (Unicode scalars, as GtkTextBuffer offsets count) taken on each side of an edit.
    public static let margin = 256

    /// An empty text's count.
    public init(rule: CountingRule) { self.rule = rule }

    /// What the counter shows.
    public var displayed: Int { rule.displayed(units) }

    /// Full recount: for a new text (initial text, a buffer swap).
    public mutating func reset(to text: String) {
        units = rule.units(of: text)
        visibleCharacters = Self.visible(text)
    }

    /// An edit, described by the window's text before and after it: the caller takes the text from
    /// `margin` scalars before the edit to `margin` scalars after it, in both states.
    public mutating func apply(windowBefore: String, windowAfter: String) {
        units += rule.units(of: windowAfter) - rule.units(of: windowBefore)
        visibleCharacters += Self.visible(windowAfter) - Self.visible(windowBefore)
    }

    /// Whether the text has a non-whitespace character.
    public var hasVisibleText: Bool { visibleCharacters > 0 }

    /// Whether the text can be sent: something besides whitespace, within the limit.
    public func canSend(limit: Int?) -> Bool {
        hasVisibleText && (limit.map { displayed <= $0 } ?? true)
    }

    /// What the counter label shows: "12/140", or "12" without a limit.
    public func label(limit: Int?) -> String {
        limit.map { "\(displayed)/\($0)" } ?? "\(displayed)"
    }

    private static func visible(_ text: String) -> Int { text.reduce(0) { $1.isWhitespace ? $0 : $0 + 1 } }
}
