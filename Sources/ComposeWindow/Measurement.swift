import ComposeCore
import Glibc

/// `--measure`: the count of the text exactly as the window's counter shows it ("287/280", or "12"
/// without a limit) on standard output, and whether it fits as the exit status. No window, so no
/// display is needed.
enum Measurement {
    static func report(_ text: String, options: ComposeOptions) -> ExitCode {
        var counter = IncrementalCounter(rule: options.counting)
        counter.reset(to: text)
        do throws(SystemIO.Failure) {
            try SystemIO.writeAll((counter.label(limit: options.limit) + "\n").utf8, to: STDOUT_FILENO)
        } catch {
            reportError(localized("cannot write standard output: {0}", error.description))
            return .failure
        }
        return counter.fits(limit: options.limit) ? .fits : .overLimit
    }
}
