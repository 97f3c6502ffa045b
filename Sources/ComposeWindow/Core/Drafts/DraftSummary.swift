/// One saved draft as the Drafts list and `--drafts` show it: its first line, when it was last
/// edited, its images, and the post it became if Send recorded one (the networks, and whether it
/// waits to be retried or is scheduled).
package struct DraftSummary: Equatable, Sendable {
    package enum State: Equatable, Sendable {
        /// Only written: nothing was sent.
        case written
        /// Send recorded it and not every network has it yet: it waits for Retry (or a retry).
        case waitingToRetry
        /// It goes by itself at this time (seconds since the epoch).
        case scheduled(at: Int64)
    }

    /// The draft's name (`--draft NAME`).
    package let name: String
    package let firstLine: String
    /// When its text was last saved, seconds since the epoch.
    package let edited: Int64
    package let imageCount: Int
    /// The accounts its post goes to ("@alice@mastodon.social"), once Send recorded one.
    package let accounts: [String]
    package let state: State

    package init(
        name: String, text: String, edited: Int64, imageCount: Int, accounts: [String] = [], state: State = .written
    ) {
        self.name = name
        firstLine = Self.firstLine(of: text)
        self.edited = edited
        self.imageCount = imageCount
        self.accounts = accounts
        self.state = state
    }

    /// The draft `name` and the outbox entry of the same name (nil: none, or none readable).
    init(name: String, text: String, edited: Int64, imageCount: Int, post: Outbox?, now: Int64) {
        guard let post, !post.isConfirmedEverywhere else {
            self.init(name: name, text: text, edited: edited, imageCount: imageCount)
            return
        }
        let accounts = post.deliveries.filter { $0.part == 0 }.map(\.account)
        let state: State =
            if let hold = post.hold, hold.kind == .scheduled, hold.until > now, post.waitsForItsTime {
                .scheduled(at: hold.until)
            } else {
                .waitingToRetry
            }
        self.init(name: name, text: text, edited: edited, imageCount: imageCount, accounts: accounts, state: state)
    }

    /// The first line that holds anything, without control characters (a tab would break
    /// `--drafts`' columns), at most 80 characters.
    static func firstLine(of text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) } ?? ""
        let trimmed = cell(String(line)).trimmingSpaces
        return trimmed.count > 80 ? trimmed.prefix(79) + "…" : String(trimmed)
    }

    /// `text` as one column of a tab-separated line: control characters and line separators
    /// (a tab, a newline, an escape in a hostile file) become spaces.
    static func cell(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
                }))
    }

    /// `--drafts`' line: name, edited (ISO 8601, local time), state, images, accounts (comma
    /// separated), first line; tab-separated.
    package var line: String {
        let stateWords =
            switch state {
            case .written: "written"
            case .waitingToRetry: "waiting"
            case .scheduled(let at): "scheduled " + LocalTime.iso8601(at)
            }
        return [
            name, LocalTime.iso8601(edited), stateWords, String(imageCount), accounts.joined(separator: ","), firstLine,
        ].map(Self.cell).joined(separator: "\t")
    }
}
