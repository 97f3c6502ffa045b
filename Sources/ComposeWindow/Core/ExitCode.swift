/// compose-window's exit codes, zenity-style (documented in --help and the README).
public enum ExitCode: Int32, Sendable {
    case sent = 0
    case cancelled = 1
    case usage = 2
    case failure = 3
    /// Send to a signed-in account, then the window closed before any network confirmed the post:
    /// the draft and the outbox keep it.
    case notPosted = 4
    case timedOut = 5

    /// `--measure`: the text fits the limit.
    public static let fits = ExitCode.sent
    /// `--measure`: the text is over the limit.
    public static let overLimit = ExitCode.cancelled
}
