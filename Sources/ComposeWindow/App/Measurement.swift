import ComposeWindowCore
import Glibc

/// `--measure`: the count of the text exactly as the window's counter shows it ("287/280", or "12"
/// without a limit) on standard output, and as the exit status whether the window would enable Send
/// for it (0), or not (1: empty or blank, over the limit, or refused by the network). No window, so
/// no display is needed.
enum Measurement {
    static func report(_ text: String, options: ComposeOptions) -> ExitCode {
        var counter = IncrementalCounter.counting(text, rule: options.counting)
        // Mastodon counts its content warning with the text.
        if options.target == .mastodon {
            counter.extraUnits = MastodonRules.contentWarningUnits(options.postOptions.contentWarning, text: text)
        }
        do throws(SystemIO.Failure) {
            try SystemIO.writeAll((counter.label(limit: options.limit) + "\n").utf8, to: STDOUT_FILENO)
        } catch {
            reportError(localized("cannot write standard output: {0}", error.description))
            return .failure
        }
        return counter.canSend(limit: options.limit) ? .fits : .overLimit
    }
}
