import CComposeWindowGspell
import GtkPlaceholder
import PlaceholderGtk3Glue

/// gspell inline spell checking. Without `--spell`, the dictionary of the user's own language (from
/// the locale), or none: an English dictionary would underline every Chinese sentence. `--spell
/// LANG` must name an installed dictionary (checked before the window opens). The context menu
/// offers the others.
@MainActor
enum SpellChecking {
    static func attach(to textView: UnsafeMutablePointer<GtkTextView>, language code: String?, enabled: Bool) {
        guard enabled else { return }
        guard let language = code.flatMap({ gspell_language_lookup($0) }) ?? localeLanguage() else { return }
        let checker = gspell_checker_new(language)!
        let buffer = gspell_text_buffer_get_from_gtk_text_buffer(gtk_text_view_get_buffer(textView))
        gspell_text_buffer_set_spell_checker(buffer, checker)
        g_object_unref(UnsafeMutableRawPointer(checker))
        let view = gspell_text_view_get_from_gtk_text_view(textView)
        gspell_text_view_set_inline_spell_checking(view, 1)
        gspell_text_view_set_enable_language_menu(view, 1)
    }

    /// The language the checker of `textView` uses now (the person may have picked another in the
    /// context menu); nil when spell checking is off.
    static func language(of textView: UnsafeMutablePointer<GtkTextView>) -> String? {
        let buffer = gspell_text_buffer_get_from_gtk_text_buffer(gtk_text_view_get_buffer(textView))
        guard let checker = gspell_text_buffer_get_spell_checker(buffer),
            let language = gspell_checker_get_language(checker), let code = gspell_language_get_code(language)
        else { return nil }
        return String(cString: code)
    }

    /// The first of the locale's language names (zh_CN.UTF-8 → zh_CN, zh, …) with a dictionary.
    private static func localeLanguage() -> OpaquePointer? {
        guard let names = g_get_language_names() else { return nil }
        var index = 0
        while let name = names[index] {
            let code = String(cString: name).split(separator: ".").first.map(String.init) ?? ""
            if code != "C", code != "POSIX", !code.isEmpty, let language = gspell_language_lookup(code) {
                return language
            }
            index += 1
        }
        return nil
    }

    /// The codes of the installed dictionaries (`--list-dictionaries`, the shell completions).
    static var availableLanguages: [String] {
        var codes: [String] = []
        var node = gspell_language_get_available()
        while let current = node {
            if let language = current.pointee.data, let code = gspell_language_get_code(OpaquePointer(language)) {
                codes.append(String(cString: code))
            }
            node = UnsafePointer(current.pointee.next)
        }
        return codes
    }

    /// Whether a dictionary for `code` is installed.
    static func isAvailable(_ code: String) -> Bool { gspell_language_lookup(code) != nil }
}
