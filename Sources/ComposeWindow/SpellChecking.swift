import CGspell
import GLibSwift
import GtkPlaceholder

/// gspell inline spell checking. Without `--spell`, the default language if a dictionary is
/// installed (none: off, the window still works); `--spell LANG` must name an installed one (checked
/// before the window opens). The context menu offers the others.
@MainActor
enum SpellChecking {
    static func attach(to textView: UnsafeMutablePointer<GtkTextView>, language code: String?, enabled: Bool) {
        guard enabled else { return }
        let language = code.flatMap { gspell_language_lookup($0) } ?? gspell_language_get_default()
        guard let language else { return }
        let checker = gspell_checker_new(language)!
        let buffer = gspell_text_buffer_get_from_gtk_text_buffer(gtk_text_view_get_buffer(textView))
        gspell_text_buffer_set_spell_checker(buffer, checker)
        g_object_unref(UnsafeMutableRawPointer(checker))
        let view = gspell_text_view_get_from_gtk_text_view(textView)
        gspell_text_view_set_inline_spell_checking(view, 1)
        gspell_text_view_set_enable_language_menu(view, 1)
    }

    /// Whether a dictionary for `code` is installed.
    static func isAvailable(_ code: String) -> Bool { gspell_language_lookup(code) != nil }
}
