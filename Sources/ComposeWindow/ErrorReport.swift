import ComposeCore
import Foundation

/// One line on standard error, "compose-window: …", whatever user value the message quotes: scripts
/// read errors line by line.
func reportError(_ message: String) {
    FileHandle.standardError.write(Data("compose-window: \(message.onOneLine)\n".utf8))
}
