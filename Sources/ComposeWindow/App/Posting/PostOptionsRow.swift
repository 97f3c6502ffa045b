import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The post's options under the text (Resources/compose-window.ui): CW and its field above the
/// text, who may see it, its language, and for images Mastodon's Sensitive and Bluesky's label;
/// beside them, what a cross-post's other network cannot carry (PostOptions decides).
/// The post's options (Resources/post-options.ui): CW and its field above the text, who may see it,
/// its language, and for images Mastodon's Sensitive and Bluesky's label; beside them, what a
/// cross-post's other network cannot carry (PostOptions decides). The widgets are loaded the first
/// time they are shown (Send goes through an account); until then the options are kept as given.
@MainActor
final class PostOptionsRow {
    /// Resources/post-options.ui's widgets, packed around the text.
    private struct Widgets {
        let row: UnsafeMutablePointer<GtkWidget>
        let warningEntry: UnsafeMutablePointer<GtkWidget>
        let warningButton: UnsafeMutablePointer<GtkWidget>
        let visibilityCombo: UnsafeMutablePointer<GtkWidget>
        let repliesCombo: UnsafeMutablePointer<GtkWidget>
        let languages: LanguagePicker
        let sensitiveCheck: UnsafeMutablePointer<GtkWidget>
        let labelCombo: UnsafeMutablePointer<GtkWidget>
        let note: UnsafeMutablePointer<GtkWidget>
    }

    private let column: UnsafeMutablePointer<GtkWidget>
    private let text: UnsafeMutablePointer<GtkWidget>
    private var widgets: Widgets?
    /// The options while the widgets are not loaded (the command line's, a draft's, the outbox's).
    private var kept = PostOptions()
    /// The visibility of the account Send posts with, until the person chooses one.
    private var accountDefault: PostOptions.Visibility?
    /// What the menu shows of who may reply and quote until someone chooses: the account's default
    /// quote policy for a post to Mastodon alone (`PostOptions.resolvingGate`), else everyone.
    private var unchosenGate: ReplyGate?
    /// Who may reply and quote was chosen: by the person, or given (`--who-may-reply`, a draft
    /// that kept a choice, the outbox's post as it was sent).
    private var gateChosen = false
    /// Any option changed (the content warning's text too: it counts on Mastodon).
    var onChange: (@MainActor () -> Void)?
    /// The person chose a visibility (or the command line or the outbox did): the account's default
    /// no longer replaces it.
    private var visibilityChosen = false
    private var filling = false

    /// The widgets go into `column` (a vertical GtkBox) around `text`, its child, when first shown.
    init(column: UnsafeMutablePointer<GtkWidget>, around text: UnsafeMutablePointer<GtkWidget>) {
        self.column = column
        self.text = text
    }

    private func loadedWidgets() -> Widgets {
        if let widgets { return widgets }
        let interface = EmbeddedInterface("post-options.ui")
        let loaded = Widgets(
            row: interface.widget("options_row"), warningEntry: interface.widget("cw_entry"),
            warningButton: interface.widget("cw_button"), visibilityCombo: interface.widget("visibility_combo"),
            repliesCombo: interface.widget("replies_combo"),
            languages: LanguagePicker(
                button: interface.widget("language_button"), label: interface.widget("language_label")),
            sensitiveCheck: interface.widget("sensitive_check"), labelCombo: interface.widget("label_combo"),
            note: interface.widget("options_note"))
        widgets = loaded
        let position = boxPosition(of: text, in: column)
        // The field above the text, the row and its note under it.
        for (offset, widget) in [(0, loaded.warningEntry), (2, loaded.row), (3, loaded.note)] {
            gtk_box_pack_start(column.cast(), widget, 0, 1, 0)
            gtk_box_reorder_child(column.cast(), widget, position + gint(offset))
        }
        gtk_combo_box_set_active_id(loaded.labelCombo.cast(), "")
        Signal.connect(loaded.warningButton, "toggled") { [weak self] in self?.warningToggled() }
        Signal.connect(loaded.warningEntry, "changed") { [weak self] in self?.changed() }
        Signal.connect(loaded.visibilityCombo, "changed") { [weak self] in
            guard let self, !self.filling else { return }
            self.visibilityChosen = true
            self.changed()
        }
        Signal.connect(loaded.repliesCombo, "changed") { [weak self] in
            guard let self, !self.filling else { return }
            self.gateChosen = true
            self.changed()
        }
        Signal.connect(loaded.sensitiveCheck, "toggled") { [weak self] in self?.changed() }
        Signal.connect(loaded.labelCombo, "changed") { [weak self] in self?.changed() }
        loaded.languages.onChange = { [weak self] in self?.changed() }
        let chosen = visibilityChosen
        show(kept)
        visibilityChosen = chosen
        if !chosen { showAccountDefault(accountDefault) }
        if let unchosenGate { showUnchosenGate(unchosenGate) }
        return loaded
    }

    /// The content warning alone (what the count needs on every key).
    var contentWarning: String {
        guard let widgets else { return kept.contentWarning.trimmingSpaces.isEmpty ? "" : kept.contentWarning }
        guard gtk_toggle_button_get_active(widgets.warningButton.cast()) != 0 else { return "" }
        let warning = String(cString: gtk_entry_get_text(widgets.warningEntry.cast()))
        return warning.trimmingSpaces.isEmpty ? "" : warning
    }

    /// What the widgets say now (what was given, before they are loaded). The languages are empty
    /// while "Auto" (the spell checker's) is chosen.
    var options: PostOptions {
        guard let widgets else {
            var options = kept
            options.contentWarning = contentWarning
            if !visibilityChosen { options.visibility = nil }
            return options
        }
        let visibility =
            visibilityChosen
            ? comboID(widgets.visibilityCombo).flatMap(PostOptions.Visibility.init(rawValue:)) : nil
        // Sensitive and the label stay as set while there is no image (PostOptions applies them
        // to images only), so removing the last image and attaching another keeps the choice.
        var options = PostOptions(
            contentWarning: contentWarning, visibility: visibility,
            sensitive: gtk_toggle_button_get_active(widgets.sensitiveCheck.cast()) != 0,
            selfLabel: comboID(widgets.labelCombo).flatMap(PostOptions.SelfLabel.init(rawValue:)),
            languages: widgets.languages.chosen)
        // Not chosen: everyone, resolved at Send (what the menu shows meanwhile is that resolution).
        options.replyGate =
            gateChosen ? comboID(widgets.repliesCombo).flatMap(ReplyGate.init(rawValue:)) ?? .everyone : .everyone
        options.replyGateChosen = gateChosen
        return options
    }

    /// Shows `options` (the command line's, a draft's, or `asSent`: a post's from the outbox, all of
    /// it decided).
    func show(_ options: PostOptions, asSent: Bool = false) {
        if options.visibility != nil { visibilityChosen = true }
        if options.replyGateChosen || asSent { gateChosen = true }
        guard let widgets else {
            // As the combo would: a show without a visibility leaves the one shown before.
            let earlier = kept.visibility
            kept = options
            if options.visibility == nil { kept.visibility = earlier }
            return
        }
        filling = true
        defer { filling = false }
        gtk_entry_set_text(widgets.warningEntry.cast(), options.contentWarning)
        gtk_toggle_button_set_active(widgets.warningButton.cast(), (!options.contentWarning.isEmpty).gboolean)
        if let visibility = options.visibility {
            gtk_combo_box_set_active_id(widgets.visibilityCombo.cast(), visibility.rawValue)
        }
        gtk_combo_box_set_active_id(widgets.repliesCombo.cast(), options.replyGate.rawValue)
        gtk_toggle_button_set_active(widgets.sensitiveCheck.cast(), options.sensitive.gboolean)
        gtk_combo_box_set_active_id(widgets.labelCombo.cast(), options.selfLabel?.rawValue ?? "")
        widgets.languages.show(options.languages)
    }

    /// The account's own default, until the person chooses.
    func showAccountDefault(_ visibility: PostOptions.Visibility?) {
        accountDefault = visibility
        guard !visibilityChosen, let widgets else { return }
        filling = true
        defer { filling = false }
        gtk_combo_box_set_active_id(widgets.visibilityCombo.cast(), (visibility ?? .public).rawValue)
    }

    /// Who may reply and quote as Send would resolve it while nobody has chosen (`gate`).
    func showUnchosenGate(_ gate: ReplyGate) {
        unchosenGate = gate
        guard !gateChosen, let widgets else { return }
        filling = true
        defer { filling = false }
        gtk_combo_box_set_active_id(widgets.repliesCombo.cast(), gate.rawValue)
    }

    /// Which widgets apply to where Send goes: nothing when the post does not go through an account
    /// (the browser's compose page, standard output); Mastodon's own with Mastodon; the image
    /// options with images. `notes`: what the other network of a cross-post leaves out.
    func fit(networks: Set<PostingAccount.Network>, hasImages: Bool, notes: String) {
        let shown = !networks.isEmpty
        guard shown || widgets != nil else { return }
        let widgets = loadedWidgets()
        gtk_widget_set_visible(widgets.row, shown.gboolean)
        gtk_widget_set_visible(widgets.warningButton, networks.contains(.mastodon).gboolean)
        gtk_widget_set_visible(widgets.visibilityCombo, networks.contains(.mastodon).gboolean)
        gtk_widget_set_visible(widgets.sensitiveCheck, (hasImages && networks.contains(.mastodon)).gboolean)
        gtk_widget_set_visible(widgets.labelCombo, (hasImages && networks.contains(.bluesky)).gboolean)
        let warningShown =
            shown && networks.contains(.mastodon) && gtk_toggle_button_get_active(widgets.warningButton.cast()) != 0
        gtk_widget_set_visible(widgets.warningEntry, warningShown.gboolean)
        gtk_label_set_text(widgets.note.cast(), notes)
        gtk_widget_set_tooltip_text(widgets.note, notes.isEmpty ? nil : notes)
        gtk_widget_set_visible(widgets.note, (shown && !notes.isEmpty).gboolean)
    }

    /// What the text reads as, on the language button while Auto is chosen; the languages' names.
    func showDetectedLanguages(_ codes: [String]) { widgets?.languages.showDetected(codes) }
    func languageNames(_ codes: [String]) -> [String] { widgets?.languages.names(codes) ?? codes }

    /// The window's first focus went to the warning's field and selected it; the text has it now.
    func unselectWarning() {
        if let widgets { gtk_editable_select_region(OpaquePointer(widgets.warningEntry), 0, 0) }
    }

    /// Whether the person may change the options now (not while images are being prepared).
    func setSensitive(_ sensitive: Bool) {
        guard let widgets else { return }
        gtk_widget_set_sensitive(widgets.row, sensitive.gboolean)
        gtk_widget_set_sensitive(widgets.warningEntry, sensitive.gboolean)
    }

    /// Ctrl+Shift+W: the content warning on (and its field focused) or off.
    func toggleContentWarning() {
        guard let widgets, gtk_widget_get_visible(widgets.warningButton) != 0 else { return }
        let active = gtk_toggle_button_get_active(widgets.warningButton.cast()) != 0
        gtk_toggle_button_set_active(widgets.warningButton.cast(), (!active).gboolean)
    }

    private func warningToggled() {
        guard let widgets else { return }
        let on = gtk_toggle_button_get_active(widgets.warningButton.cast()) != 0
        gtk_widget_set_visible(widgets.warningEntry, on.gboolean)
        if on && !filling { gtk_widget_grab_focus(widgets.warningEntry) }
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
