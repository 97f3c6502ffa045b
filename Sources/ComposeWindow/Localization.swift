import ComposeCore
import Foundation
import GtkPlaceholder

/// gettext for every user-visible string: the "compose-window" domain, looked up next to the
/// binary (installed: <prefix>/share/locale; in the build tree: <bin>/locale, made by `make`).
enum Localization {
    static let domain = translationDomain

    static func setUp() {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    static var localeDirectory: String {
        if let override = ProcessInfo.processInfo.environment["COMPOSE_WINDOW_LOCALEDIR"] { return override }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let installed = binary.deletingLastPathComponent().appendingPathComponent("share/locale").path
        let buildTree = binary.appendingPathComponent("locale").path
        return FileManager.default.fileExists(atPath: buildTree) ? buildTree : installed
    }
}

/// The translation of `message` (gettext's `_()`).
func tr(_ message: String) -> String { localized(message) }
