import ComposeWindowCore
import Glibc

/// One line on standard error, "compose-window: …", whatever user value the message quotes: scripts
/// read errors line by line.
func reportError(_ message: String) {
    // Nowhere left to report a failure to write standard error.
    try? SystemIO.writeAll("compose-window: \(message.onOneLine)\n".utf8, to: STDERR_FILENO)
}
