import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The post's language: a button naming it ("Auto language": the spell checker's), and a popover
/// that searches every ISO 639-1 language by name or code (type, then Return takes the first match),
/// as Mastodon's composer does. iso-codes' list is read (off the main thread, through json-glib) the
/// first time it opens, or when a chosen language needs its name: a start pays for neither.
@MainActor
final class LanguagePicker {
    private let button: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let search: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private var languages: [LanguageNames.Language] = []
    private var languagesAsked = false
    /// The codes of the rows after "Auto", in order, once made.
    private var rowCodes: [String]?
    /// ISO 639-1 codes; empty: the spell checker's.
    private(set) var chosen: [String] = []
    var onChange: (@MainActor () -> Void)?

    init(button: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>) {
        self.button = button
        self.label = label
        popover = gtk_popover_new(button)
        search = gtk_search_entry_new()
        list = gtk_list_box_new()
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(scrolled.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(scrolled.cast(), 180)
        gtk_container_add(scrolled.cast(), list)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(column.cast(), 6)
        gtk_container_add(column.cast(), search)
        gtk_container_add(column.cast(), scrolled)
        gtk_widget_show_all(column)
        gtk_container_add(popover.cast(), column)
        gtk_menu_button_set_popover(button.cast(), popover)
        Signal.connect(popover, "show") { [weak self] in self?.opened() }
        Signal.connect(search, "search-changed") { [weak self] in self?.filter() }
        Signal.connect(search, "activate") { [weak self] in self?.takeFirstShown() }
        Signal.connect(
            list, "row-activated",
            withArgument: { [weak self] row in
                guard let self, let row else { return }
                self.take(row: Int(gtk_list_box_row_get_index(row.cast(to: GtkListBoxRow.self))))
            })
    }

    /// Reads the languages once, off the main thread; the picker fills in when they come.
    private func askForLanguages() {
        guard !languagesAsked else { return }
        languagesAsked = true
        StateWriter.shared.write {
            LanguageNames.load()
        } then: { [weak self] languages in
            self?.offer(languages)
        }
    }

    private func offer(_ languages: [LanguageNames.Language]) {
        self.languages = languages
        // Opened before the list was read: its rows are made again, now if it is still open.
        if rowCodes != nil {
            destroyEveryChild(of: list)
            rowCodes = nil
            if gtk_widget_get_visible(popover) != 0 { makeRows() }
        }
        showChosen()
    }

    /// Shows `codes` as chosen (the command line's, or a post's from the outbox).
    func show(_ codes: [String]) {
        chosen = codes
        if !codes.isEmpty { askForLanguages() }
        showChosen()
    }

    /// What the text reads as (DetectedLanguages): shown while Auto is chosen.
    func showDetected(_ codes: [String]) {
        detected = codes
        if !codes.isEmpty { askForLanguages() }
        showChosen()
    }

    /// The languages' names for `codes`, as iso-codes names them (their codes until it is read).
    func names(_ codes: [String]) -> [String] {
        codes.map { code in languages.first { $0.code == code }?.name ?? code }
    }

    private var detected: [String] = []

    private func showChosen() {
        let names = names(chosen)
        let auto =
            detected.isEmpty
            ? localized("Auto language") : localized("Auto: {0}", self.names(detected).joined(separator: ", "))
        gtk_label_set_text(label.cast(), names.isEmpty ? auto : names.joined(separator: ", "))
    }

    private func opened() {
        askForLanguages()
        if rowCodes == nil { makeRows() }
        gtk_entry_set_text(search.cast(), "")
        filter()
        gtk_widget_grab_focus(search)
    }

    private func makeRows() {
        rowCodes = languages.map(\.code)
        append(localized("Auto language"))
        for language in languages { append(language.name + "  (" + language.code + ")") }
        filter()
    }

    private func append(_ text: String) {
        let row = gtk_label_new(text)!
        gtk_label_set_xalign(row.cast(), 0)
        // "Church Slavic; Old Slavonic; Church Slavonic; …" would make the popover as wide as a screen.
        gtk_label_set_ellipsize(row.cast(), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(row.cast(), 28)
        gtk_widget_set_margin_start(row, 6)
        gtk_widget_set_margin_end(row, 6)
        gtk_widget_show(row)
        gtk_list_box_insert(list.cast(), row, -1)
    }

    /// The rows whose name or code starts a word with what is typed ("jap", "ja", "chinese").
    private func filter() {
        let typed = String(cString: gtk_entry_get_text(search.cast())).lowercased()
        for index in 0...(rowCodes?.count ?? 0) {
            guard let row = gtk_list_box_get_row_at_index(list.cast(), gint(index)) else { continue }
            gtk_widget_set_visible(row.asWidget, matches(index, typed).gboolean)
        }
    }

    private func matches(_ index: Int, _ typed: String) -> Bool {
        guard !typed.isEmpty else { return true }
        guard index > 0, let codes = rowCodes else { return index == 0 && "auto".hasPrefix(typed) }
        let language = languages[index - 1]
        return codes[index - 1] == typed
            || language.name.lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0.hasPrefix(typed) }
    }

    /// Return in the search: the first row that matches what is typed now (search-changed comes
    /// 150 ms after the last key: a fast "ja⏎" must not take the rows of before).
    private func takeFirstShown() {
        filter()
        for index in 0...(rowCodes?.count ?? 0) {
            guard let row = gtk_list_box_get_row_at_index(list.cast(), gint(index)) else { continue }
            if gtk_widget_get_visible(row.asWidget) != 0 { return take(row: index) }
        }
    }

    private func take(row index: Int) {
        chosen = index == 0 ? [] : (rowCodes.map { [$0[index - 1]] } ?? [])
        showChosen()
        gtk_popover_popdown(popover.cast())
        onChange?()
    }
}
