import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The post's options under the text (Resources/compose-window.ui): CW and its field above the
/// text, who may see it, its language, and for images Mastodon's Sensitive and Bluesky's label;
/// beside them, what a cross-post's other network cannot carry (PostOptions decides).
@MainActor
final class PostOptionsRow {
    let row: UnsafeMutablePointer<GtkWidget>
    let warningEntry: UnsafeMutablePointer<GtkWidget>
    private let warningButton: UnsafeMutablePointer<GtkWidget>
    private let visibilityCombo: UnsafeMutablePointer<GtkWidget>
    private let languages: LanguagePicker
    private let sensitiveCheck: UnsafeMutablePointer<GtkWidget>
    private let labelCombo: UnsafeMutablePointer<GtkWidget>
    private let note: UnsafeMutablePointer<GtkWidget>
    /// Any option changed (the content warning's text too: it counts on Mastodon).
    var onChange: (@MainActor () -> Void)?
    /// The person chose a visibility (or the command line or the outbox did): the account's default
    /// no longer replaces it.
    private var visibilityChosen = false
    private var filling = false

    init(_ layout: ComposeLayout) {
        row = layout.optionsRow
        warningEntry = layout.warningEntry
        warningButton = layout.warningButton
        visibilityCombo = layout.visibilityCombo
        languages = LanguagePicker(button: layout.languageButton, label: layout.languageLabel)
        sensitiveCheck = layout.sensitiveCheck
        labelCombo = layout.labelCombo
        note = layout.optionsNote
        gtk_combo_box_set_active_id(labelCombo.cast(), "")
        gtk_combo_box_set_active_id(visibilityCombo.cast(), PostOptions.Visibility.public.rawValue)
        Signal.connect(warningButton, "toggled") { [weak self] in self?.warningToggled() }
        Signal.connect(warningEntry, "changed") { [weak self] in self?.changed() }
        Signal.connect(visibilityCombo, "changed") { [weak self] in
            guard let self, !self.filling else { return }
            self.visibilityChosen = true
            self.changed()
        }
        Signal.connect(sensitiveCheck, "toggled") { [weak self] in self?.changed() }
        Signal.connect(labelCombo, "changed") { [weak self] in self?.changed() }
        languages.onChange = { [weak self] in self?.changed() }
    }

    /// What the widgets say now. The languages are empty while "Auto" (the spell checker's) is chosen.
    /// The content warning alone (what the count needs on every key).
    var contentWarning: String {
        guard gtk_toggle_button_get_active(warningButton.cast()) != 0 else { return "" }
        let warning = String(cString: gtk_entry_get_text(warningEntry.cast()))
        return warning.trimmingSpaces.isEmpty ? "" : warning
    }

    var options: PostOptions {
        let visibility =
            visibilityChosen
            ? comboID(visibilityCombo).flatMap(PostOptions.Visibility.init(rawValue:)) : nil
        // Sensitive and the label stay as set while there is no image (PostOptions applies them
        // to images only), so removing the last image and attaching another keeps the choice.
        return PostOptions(
            contentWarning: contentWarning, visibility: visibility,
            sensitive: gtk_toggle_button_get_active(sensitiveCheck.cast()) != 0,
            selfLabel: comboID(labelCombo).flatMap(PostOptions.SelfLabel.init(rawValue:)),
            languages: languages.chosen)
    }

    /// Shows `options` (the command line's, or a post's from the outbox).
    func show(_ options: PostOptions) {
        filling = true
        defer { filling = false }
        gtk_entry_set_text(warningEntry.cast(), options.contentWarning)
        gtk_toggle_button_set_active(warningButton.cast(), (!options.contentWarning.isEmpty).gboolean)
        if let visibility = options.visibility {
            visibilityChosen = true
            gtk_combo_box_set_active_id(visibilityCombo.cast(), visibility.rawValue)
        }
        gtk_toggle_button_set_active(sensitiveCheck.cast(), options.sensitive.gboolean)
        gtk_combo_box_set_active_id(labelCombo.cast(), options.selfLabel?.rawValue ?? "")
        languages.show(options.languages)
    }

    /// The account's own default, until the person chooses.
    func showAccountDefault(_ visibility: PostOptions.Visibility?) {
        guard !visibilityChosen else { return }
        filling = true
        defer { filling = false }
        gtk_combo_box_set_active_id(visibilityCombo.cast(), (visibility ?? .public).rawValue)
    }

    /// Which widgets apply to where Send goes: nothing when the post does not go through an account
    /// (the browser's compose page, standard output); Mastodon's own with Mastodon; the image
    /// options with images. `notes`: what the other network of a cross-post leaves out.
    func fit(networks: Set<PostingAccount.Network>, hasImages: Bool, notes: String) {
        let shown = !networks.isEmpty
        gtk_widget_set_visible(row, shown.gboolean)
        gtk_widget_set_visible(warningButton, networks.contains(.mastodon).gboolean)
        gtk_widget_set_visible(visibilityCombo, networks.contains(.mastodon).gboolean)
        gtk_widget_set_visible(sensitiveCheck, (hasImages && networks.contains(.mastodon)).gboolean)
        gtk_widget_set_visible(labelCombo, (hasImages && networks.contains(.bluesky)).gboolean)
        let warningShown =
            shown && networks.contains(.mastodon) && gtk_toggle_button_get_active(warningButton.cast()) != 0
        gtk_widget_set_visible(warningEntry, warningShown.gboolean)
        gtk_label_set_text(note.cast(), notes)
        gtk_widget_set_tooltip_text(note, notes.isEmpty ? nil : notes)
        gtk_widget_set_visible(note, (shown && !notes.isEmpty).gboolean)
    }

    /// Ctrl+Shift+W: the content warning on (and its field focused) or off.
    func toggleContentWarning() {
        guard gtk_widget_get_visible(warningButton) != 0 else { return }
        let active = gtk_toggle_button_get_active(warningButton.cast()) != 0
        gtk_toggle_button_set_active(warningButton.cast(), (!active).gboolean)
    }

    private func warningToggled() {
        let on = gtk_toggle_button_get_active(warningButton.cast()) != 0
        gtk_widget_set_visible(warningEntry, on.gboolean)
        if on && !filling { gtk_widget_grab_focus(warningEntry) }
        changed()
    }

    private func changed() {
        guard !filling else { return }
        onChange?()
    }

    private func comboID(_ combo: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_combo_box_get_active_id(combo.cast()).map { String(cString: $0) }
    }
}
