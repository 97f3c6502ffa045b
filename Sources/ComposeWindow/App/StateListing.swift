import ComposeWindowCore
import ComposeWindowPostingGlue
import Glibc

/// `--drafts` and `--outbox`: what the state folders hold, one tab-separated line each on standard
/// output (docs/compose-window.md gives the columns), no window and no display needed.
enum StateListing {
    static func print(_ listing: ComposeOptions.Listing) -> ExitCode {
        let now = Int64(time(nil))
        let parse: (String) -> JSONValue? = { try? JSONText.value(of: $0) }
        let found = DraftCatalog.listing(environment: SystemIO.environment, now: now, parseJSON: parse)
        let lines =
            switch listing {
            case .drafts: found.drafts.map(\.line)
            case .outbox: found.outbox.map(\.line)
            }
        do throws(SystemIO.Failure) {
            try SystemIO.writeAll(lines.map { $0 + "\n" }.joined().utf8, to: STDOUT_FILENO)
        } catch {
            reportError(localized("cannot write standard output: {0}", error.description))
            return .failure
        }
        return .sent
    }
}
