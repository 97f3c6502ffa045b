import ComposeCore
import Glibc
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
        if let override = SystemIO.environment("COMPOSE_WINDOW_LOCALEDIR") { return override }
        // The executable itself, not argv[0]: launched through PATH, argv[0] is a bare name.
        let binary = SystemIO.executablePath ?? CommandLine.arguments[0]
        let binaryDirectory = binary.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let buildTree = (binaryDirectory + ["locale"]).joined(separator: "/")
        let installed = (binaryDirectory.dropLast() + ["share", "locale"]).joined(separator: "/")
        return SystemIO.exists(buildTree) ? buildTree : installed
    }
}

/// The translation of `message` (gettext's `_()`).
func tr(_ message: String) -> String { localized(message) }
