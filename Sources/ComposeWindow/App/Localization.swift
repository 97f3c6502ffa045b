import CComposeWindowIntl
import ComposeWindowCore
import Glibc
import GtkPlaceholder

/// gettext for every user-visible string: the "compose-window" domain, looked up next to the
/// binary (installed: <prefix>/share/locale; in the build tree: <bin>/locale, made by `make`).
enum Localization {
    static func setUp() {
        setlocale(LC_ALL, "")
        bindtextdomain(translationDomain, localeDirectory)
        bind_textdomain_codeset(translationDomain, "UTF-8")
        textdomain(translationDomain)
    }

    static var localeDirectory: String {
        // The executable itself, not argv[0]: launched through PATH, argv[0] is a bare name.
        let binary = SystemIO.executablePath ?? CommandLine.arguments[0]
        let binaryDirectory = binary.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let buildTree = (binaryDirectory + ["locale"]).joined(separator: "/")
        let installed = (binaryDirectory.dropLast() + ["share", "locale"]).joined(separator: "/")
        return SystemIO.exists(buildTree) ? buildTree : installed
    }
}
