import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The header bar's Drafts button (Ctrl+Shift+D) and its list, made when first opened and read
/// again each time: every saved draft with its first line, when it was edited, its images, its
/// networks and state, and what its post waits for in the outbox (why it failed, when it goes);
/// Open (a window of its own), Delete with Undo, Post now or Retry and Discard… on a post in the
/// outbox (DraftsList+Outbox), New draft. Posts in the outbox that no draft holds
/// (a script's, one set aside) are listed below them.
@MainActor
final class DraftsList {
    let button: UnsafeMutablePointer<GtkWidget>
    private var popover: UnsafeMutablePointer<GtkWidget>?
    private var rows: UnsafeMutablePointer<GtkWidget>?
    private var newDraft: UnsafeMutablePointer<GtkWidget>?
    private var undoBar: (box: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>)?
    /// The last Delete, for Undo: the draft and where its files went.
    private var deleted: (store: DraftStore, aside: String)?
    /// This window's own draft (nil with `--no-draft`): listed, never opened again nor deleted.
    private let ownDraft: String?
    /// How many refreshes were asked for: only the latest one's reading is shown.
    private var refreshes = 0
    /// The latest reading of the folders, and when it was read.
    private var read: (listing: DraftCatalog.Listing, openElsewhere: Set<String>, now: Int64)?
    /// Why a window could not be started, for the window's bar.
    var onFailure: (@MainActor (String) -> Void)?

    /// Where the outbox's settings are kept (nil: nowhere, and they are not shown).
    private let preferences: Preferences?

    init(header: UnsafeMutablePointer<GtkWidget>, ownDraft: String?, preferences: Preferences?) {
        self.ownDraft = ownDraft
        self.preferences = preferences
        button = gtk_menu_button_new()
        gtk_button_set_image(
            button.cast(), gtk_image_new_from_icon_name("document-open-recent-symbolic", GTK_ICON_SIZE_BUTTON))
        gtk_widget_set_tooltip_text(button, localized("Drafts and outbox (Ctrl+Shift+D)"))
        atk_object_set_name(gtk_widget_get_accessible(button), localized("Drafts"))
        gtk_header_bar_pack_start(header.cast(), button)
        gtk_widget_show_all(button)
        Signal.connect(button, "toggled") { [weak self] in
            guard let self, gtk_toggle_button_get_active(self.button.cast()) != 0 else { return }
            let firstTime = self.popover == nil
            let (popover, _) = self.made()
            // What was read last shows at once; the reading that follows changes it only if the
            // folders did.
            if firstTime, let read = self.read { self.show(read.listing, openElsewhere: read.openElsewhere) }
            // Made now, after the button's own handler found no popover to show.
            if firstTime { gtk_popover_popup(popover.cast()) }
            self.refresh()
        }
        refresh()  // read ahead, off the main thread, so that the list opens complete
    }

    /// How the outbox holds what is sent: Undo Send's seconds (0 to 30) and whether Mastodon keeps
    /// a scheduled post; and whether Bluesky posts get link cards (each page fetched from here).
    /// GSettings keys bound to their controls; nil with nowhere to keep them.
    private func settingsRow() -> UnsafeMutablePointer<GtkWidget>? {
        guard let preferences else { return nil }
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let undoRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let seconds = gtk_spin_button_new_with_range(0, Double(UndoSend.longestSeconds), 1)!
        gtk_spin_button_set_numeric(seconds.cast(), 1)
        let label = gtk_label_new_with_mnemonic(localized("S_econds to undo a post after Send:"))!
        gtk_label_set_mnemonic_widget(label.cast(), seconds)
        gtk_widget_set_tooltip_text(seconds, localized("0: posts at once. Scripts never wait."))
        gtk_box_pack_start(undoRow.cast(), label, 0, 0, 0)
        gtk_box_pack_end(undoRow.cast(), seconds, 0, 0, 0)
        let bound = preferences.bind("undo-send-seconds", to: seconds, property: "value")
        if bound { gtk_box_pack_start(column.cast(), undoRow, 0, 0, 0) } else { gtk_widget_destroy(undoRow) }
        let keeps = gtk_check_button_new_with_mnemonic(
            localized("Let _Mastodon keep scheduled posts (posted with this computer off)"))!
        if preferences.bind("mastodon-keeps-scheduled", to: keeps, property: "active") {
            gtk_box_pack_start(column.cast(), keeps, 0, 0, 0)
        } else {
            gtk_widget_destroy(keeps)
        }
        let cards = gtk_check_button_new_with_mnemonic(localized("Make lin_k cards for Bluesky"))!
        gtk_widget_set_tooltip_text(
            cards,
            localized(
                "This computer fetches each linked page and its picture, so the page’s site sees your address. Off: no page is fetched."
            ))
        if preferences.bind("link-cards", to: cards, property: "active") {
            gtk_box_pack_start(column.cast(), cards, 0, 0, 0)
        } else {
            gtk_widget_destroy(cards)
        }
        return column
    }

    /// Opens the list (the keyboard shortcut).
    func open() { gtk_toggle_button_set_active(button.cast(), 1) }

    private func made() -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
        if let popover, let rows { return (popover, rows) }
        let popover = gtk_popover_new(button)!
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(column.cast(), 8)
        let newDraft = gtk_button_new_with_mnemonic(localized("_New draft"))!
        Signal.connect(newDraft, "clicked") { [weak self] in self?.startWindow(draft: Self.newDraftName()) }
        gtk_box_pack_start(column.cast(), newDraft, 0, 0, 0)
        let undoBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let undoLabel = gtk_label_new(nil)!
        gtk_label_set_ellipsize(undoLabel.cast(), PANGO_ELLIPSIZE_END)
        let undo = gtk_button_new_with_mnemonic(localized("_Undo"))!
        Signal.connect(undo, "clicked") { [weak self] in self?.undoDelete() }
        gtk_box_pack_start(undoBox.cast(), undoLabel, 1, 1, 0)
        gtk_box_pack_end(undoBox.cast(), undo, 0, 0, 0)
        gtk_widget_set_no_show_all(undoBox, 1)
        gtk_widget_show(undoLabel)
        gtk_widget_show(undo)
        gtk_box_pack_start(column.cast(), undoBox, 0, 0, 0)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(scrolled.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(scrolled.cast(), 1)
        gtk_scrolled_window_set_max_content_height(scrolled.cast(), 420)
        gtk_widget_set_size_request(scrolled, 420, -1)
        // A plain column, not a GtkListBox: Tab goes from button to button, row after row.
        let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        atk_object_set_name(gtk_widget_get_accessible(rows), localized("Drafts"))
        gtk_container_add(scrolled.cast(), rows)
        gtk_box_pack_start(column.cast(), scrolled, 1, 1, 0)
        if let settings = settingsRow() {
            gtk_box_pack_start(column.cast(), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), 0, 0, 0)
            gtk_box_pack_start(column.cast(), settings, 0, 0, 0)
        }
        gtk_container_add(popover.cast(), column)
        gtk_widget_show_all(column)
        gtk_menu_button_set_popover(button.cast(), popover)
        self.popover = popover
        self.rows = rows
        self.newDraft = newDraft
        undoBar = (undoBox, undoLabel)
        return (popover, rows)
    }

    /// Reads the drafts and the outbox again and shows them.
    /// Reads the drafts and the outbox on the state writer's thread (the main one never waits on
    /// the disk), then shows them; a later refresh supersedes one still reading.
    func refresh() {
        let now = Poster.now
        let environment = SystemIO.environment
        let ownDraft = self.ownDraft
        refreshes += 1
        let refresh = refreshes
        StateWriter.shared.write { () -> (DraftCatalog.Listing, Set<String>) in
            DraftStore.purgeDeleted(environment: environment, now: now)
            let listing = DraftCatalog.listing(environment: environment, now: now) { try? JSONText.value(of: $0) }
            let held = listing.drafts.map(\.name).filter {
                $0 != ownDraft && DraftLock.isHeld($0, environment: environment)
            }
            return (listing, Set(held))
        } then: { [weak self] found in
            guard let self, refresh == self.refreshes else { return }
            let unchanged = self.read.map { $0.listing == found.0 && $0.openElsewhere == found.1 } ?? false
            self.read = (found.0, found.1, now)
            if !unchanged, self.popover != nil { self.show(found.0, openElsewhere: found.1) }
        }
    }

    private func show(_ listing: DraftCatalog.Listing, openElsewhere: Set<String>) {
        let now = read?.now ?? Poster.now
        let (_, rows) = made()
        gtk_container_foreach(rows.cast(), { widget, _ in gtk_widget_destroy(widget) }, nil)
        let (drafts, waiting) = (listing.drafts, listing.outbox)
        for draft in drafts {
            let row = DraftsListRow(
                draft: draft, outbox: waiting.filter { $0.entry == draft.name }, now: now,
                isThisWindow: draft.name == ownDraft, isOpenElsewhere: openElsewhere.contains(draft.name))
            row.onOpen = { [weak self] in self?.startWindow(draft: draft.name) }
            row.onDelete = { [weak self] in self?.delete(draft) }
            row.onSendNow = { [weak self] in self?.sendNow(draft.name) }
            row.onDiscard = { [weak self] in self?.discard(draft.name) }
            gtk_container_add(rows.cast(), row.widget)
        }
        let drafted = Set(drafts.map(\.name))
        for entry in waiting where !drafted.contains(entry.entry) {
            gtk_container_add(rows.cast(), DraftsListRow(unclaimed: entry, now: now).widget)
        }
        if drafts.isEmpty && waiting.isEmpty {
            let empty = gtk_label_new(localized("No drafts. What you write is kept as a draft until it is sent."))!
            gtk_label_set_line_wrap(empty.cast(), 1)
            gtk_container_add(rows.cast(), empty)
        }
        gtk_widget_show_all(rows)
        // The button that had the keyboard may be gone with its row: it goes back to the top.
        if let newDraft { gtk_widget_grab_focus(newDraft) }
    }

    /// Delete: the draft is set aside (on the state writer's thread), with Undo for a while.
    private func delete(_ draft: DraftSummary) {
        let environment = SystemIO.environment
        let now = Poster.now
        StateWriter.shared.write { () -> Result<(DraftStore, String), DraftStore.Failure> in
            do throws(DraftStore.Failure) {
                let store = try DraftStore(name: draft.name, environment: environment)
                return .success((store, try store.delete(now: now)))
            } catch {
                return .failure(error)
            }
        } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let deleted): self.deleted = deleted
            case .failure(let failure): return self.onFailure?(failure.description) ?? ()
            }
            if let undoBar = self.undoBar {
                let title = draft.firstLine.isEmpty ? draft.name : draft.firstLine
                gtk_label_set_text(undoBar.label.cast(), localized("Deleted “{0}”", title))
                gtk_widget_show(undoBar.box)
            }
            self.refresh()
        }
    }

    private func undoDelete() {
        guard let deleted else { return }
        self.deleted = nil
        if let undoBar { gtk_widget_hide(undoBar.box) }
        StateWriter.shared.write { () -> String? in
            do throws(DraftStore.Failure) {
                if try !deleted.store.restoreDeleted(deleted.aside) {
                    return localized(
                        "A new draft named {0} was written since; the deleted one is kept aside for a day.",
                        deleted.store.name)
                }
                return nil
            } catch {
                return error.description
            }
        } then: { [weak self] failure in
            if let failure { self?.onFailure?(failure) }
            self?.refresh()
        }
    }

    /// A window of its own on `draft` (this process holds its own draft; a second window on the
    /// same one would take the next name).
    func startWindow(draft: String) {
        gtk_toggle_button_set_active(button.cast(), 0)
        let program = SystemIO.executablePath ?? CommandLine.arguments[0]
        if let failure = ProcessLauncher.start([program, "--desktop", "--draft", draft]) {
            onFailure?(localized("A window could not be opened: {0}", failure))
        }
    }

    /// A name no draft has: "draft-" and the time, to the second.
    private static func newDraftName() -> String {
        "draft-" + String(Poster.now)
    }
}
