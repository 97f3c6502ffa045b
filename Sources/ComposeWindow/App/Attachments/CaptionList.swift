import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A video's captions in its description dialog: each WebVTT file with its language and a remove
/// button, then a language and Add Caption… (the desktop's file chooser, WebVTT files only). Bluesky
/// shows captions and Mastodon does not: the heading says so. A file is checked as it is added (on
/// the image thread): one that is not WebVTT, or too large, is refused with the reason beside it.
@MainActor
final class CaptionList {
    let box: UnsafeMutablePointer<GtkWidget>
    private let rows: UnsafeMutablePointer<GtkWidget>
    private let language: UnsafeMutablePointer<GtkWidget>
    private let add: UnsafeMutablePointer<GtkWidget>
    private let problem: UnsafeMutablePointer<GtkWidget>
    /// The dialog the list is in: the file chooser's parent.
    private let dialog: UnsafeMutablePointer<GtkWindow>
    /// The captions as the dialog would give them back, in order.
    private(set) var captions: [VideoCaption]
    /// Stays false once the dialog is gone: a check or a chooser answering after does nothing.
    var isOpen = true

    init(_ captions: [VideoCaption], defaultLanguage: String, dialog: UnsafeMutablePointer<GtkWindow>) {
        self.captions = captions
        self.dialog = dialog
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let heading = gtk_label_new(localized("Captions (WebVTT files): Bluesky shows captions; Mastodon does not."))!
        gtk_label_set_xalign(heading.cast(), 0)
        gtk_label_set_line_wrap(heading.cast(), 1)
        let named = gtk_label_new_with_mnemonic(localized("_Language:"))!
        rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        language = gtk_combo_box_text_new()!
        gtk_widget_set_tooltip_text(language, localized("The language of the caption to add"))
        gtk_combo_box_text_append(language.cast(), defaultLanguage, defaultLanguage)
        gtk_combo_box_set_active_id(language.cast(), defaultLanguage)
        gtk_label_set_mnemonic_widget(named.cast(), language)
        add = gtk_button_new_with_mnemonic(localized("Add Ca_ption…"))!
        gtk_widget_set_tooltip_text(add, localized("Bluesky shows captions; Mastodon does not"))
        let adding = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_pack_start(adding.cast(), named, 0, 0, 0)
        gtk_box_pack_start(adding.cast(), language, 1, 1, 0)
        gtk_box_pack_start(adding.cast(), add, 0, 0, 0)
        problem = gtk_label_new(nil)!
        gtk_label_set_xalign(problem.cast(), 0)
        gtk_label_set_line_wrap(problem.cast(), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(problem), "error")
        for child in [heading, rows, adding, problem] { gtk_box_pack_start(box.cast(), child, 0, 0, 0) }
        gtk_widget_show_all(box)
        gtk_widget_set_no_show_all(problem, 1)
        gtk_widget_hide(problem)
        Signal.connect(add, "clicked") { [weak self] in self?.choose() }
        showRows()
        StateWriter.shared.write {
            LanguageNames.load()
        } then: { [weak self] languages in
            self?.offer(languages, keeping: defaultLanguage)
        }
    }

    /// Every language the window offers, by name, the default chosen (kept first when unknown).
    private func offer(_ languages: [LanguageNames.Language], keeping chosen: String) {
        guard isOpen, !languages.isEmpty else { return }
        let current = gtk_combo_box_get_active_id(language.cast()).map { String(cString: $0) } ?? chosen
        gtk_combo_box_text_remove_all(language.cast())
        if !languages.contains(where: { $0.code == current }) {
            gtk_combo_box_text_append(language.cast(), current, current)
        }
        for each in languages {
            gtk_combo_box_text_append(language.cast(), each.code, each.name + "  (" + each.code + ")")
        }
        gtk_combo_box_set_active_id(language.cast(), current)
    }

    private func choose() {
        guard captions.count < VideoCaption.mostPerVideo else { return gtk_widget_error_bell(add) }
        let code = gtk_combo_box_get_active_id(language.cast()).map { String(cString: $0) } ?? ""
        ImageChooser.choose(
            parent: dialog, title: localized("Add Captions"), accept: localized("_Add"),
            cancel: localized("_Cancel"), filterName: localized("WebVTT captions"), types: [VideoCaption.mimeType],
            modal: true
        ) { [weak self] paths in
            for path in paths { self?.check(path, language: code) }
        }
    }

    /// Joins the list once read and found to be WebVTT Bluesky takes; else the reason is shown.
    private func check(_ path: String, language code: String) {
        StateWriter.imageWork.write {
            VideoCaption.problem(ofFile: path)
        } then: { [weak self] found in
            guard let self, self.isOpen else { return }
            let name = AttachmentStrip.fileName(path)
            if let found {
                return self.say(localized("{0} cannot be added: {1}", name, found))
            }
            guard VideoCaption.isLanguage(code) else {
                return self.say(localized("Choose the caption’s language first."))
            }
            guard self.captions.count < VideoCaption.mostPerVideo else {
                return self.say(localized("A video carries at most {0} captions.", String(VideoCaption.mostPerVideo)))
            }
            self.say(nil)
            self.captions.append(VideoCaption(path: path, language: code))
            self.showRows()
        }
    }

    private func say(_ words: String?) {
        gtk_label_set_text(problem.cast(), words ?? "")
        gtk_widget_set_visible(problem, (words != nil).gboolean)
    }

    private func showRows() {
        destroyEveryChild(of: rows)
        for (index, caption) in captions.enumerated() {
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            let name = AttachmentStrip.fileName(caption.path)
            let label = gtk_label_new(name + "  (" + caption.language + ")")!
            gtk_label_set_xalign(label.cast(), 0)
            gtk_label_set_ellipsize(label.cast(), PANGO_ELLIPSIZE_MIDDLE)
            gtk_widget_set_tooltip_text(label, caption.path)
            let remove = gtk_button_new_from_icon_name("list-remove-symbolic", GTK_ICON_SIZE_BUTTON)!
            gtk_widget_set_tooltip_text(remove, localized("Remove this caption"))
            atk_object_set_name(gtk_widget_get_accessible(remove), localized("Remove caption {0}", name))
            Signal.connect(remove, "clicked") { [weak self] in
                guard let self, self.captions.indices.contains(index) else { return }
                self.captions.remove(at: index)
                self.showRows()
                gtk_widget_grab_focus(self.add)
            }
            gtk_box_pack_start(row.cast(), label, 1, 1, 0)
            gtk_box_pack_start(row.cast(), remove, 0, 0, 0)
            gtk_box_pack_start(rows.cast(), row, 0, 0, 0)
            gtk_widget_show_all(row)
        }
        gtk_widget_set_sensitive(add, (captions.count < VideoCaption.mostPerVideo).gboolean)
    }
}
