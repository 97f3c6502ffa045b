import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// One row of the Drafts list: the draft's first line; when it was edited, its images, its
/// networks and state; a line for each network its post waits on; Open and Delete. Its screen
/// reader name says all of it in one sentence.
@MainActor
final class DraftsListRow {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let details: UnsafeMutablePointer<GtkWidget>
    private let buttons: UnsafeMutablePointer<GtkWidget>
    var onOpen: (@MainActor () -> Void)?
    var onDelete: (@MainActor () -> Void)?
    /// Post now (a scheduled post) or Retry (one waiting), and Discard…, without its window.
    var onSendNow: (@MainActor () -> Void)?
    var onDiscard: (@MainActor () -> Void)?

    private init(title: String, lines: [String]) {
        // The words above, the buttons under them: a row's facts (when it goes) are never cut for them.
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        let box = widget
        details = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        let heading = gtk_label_new(nil)!
        gtk_label_set_markup(heading.cast(), "<b>" + (takeGString(g_markup_escape_text(title, -1)) ?? "") + "</b>")
        for label in [heading] + lines.map({ gtk_label_new($0)! }) {
            gtk_label_set_xalign(label.cast(), 0)
            gtk_label_set_ellipsize(label.cast(), PANGO_ELLIPSIZE_END)
            gtk_label_set_max_width_chars(label.cast(), 60)
            if label != heading { gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label") }
            gtk_box_pack_start(details.cast(), label, 0, 0, 0)
        }
        buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_box_pack_start(box.cast(), details, 1, 1, 0)
        gtk_box_pack_start(box.cast(), buttons, 0, 0, 0)
        atk_object_set_name(gtk_widget_get_accessible(widget), ([title] + lines).joined(separator: ". "))
    }

    convenience init(
        draft: DraftSummary, outbox: [OutboxSummary], now: Int64, isThisWindow: Bool, isOpenElsewhere: Bool
    ) {
        var facts = [localized("Edited {0}", TimeWords.when(draft.edited, now: now))]
        if draft.imageCount > 0 { facts.append(localized("{0} images", String(draft.imageCount))) }
        if !draft.accounts.isEmpty { facts.append(draft.accounts.joined(separator: ", ")) }
        switch draft.state {
        case .written: facts.append(localized("written"))
        case .waitingToRetry: facts.append(localized("waiting to be sent"))
        case .scheduled(let at): facts.append(localized("goes at {0}", TimeWords.when(at, now: now)))
        }
        if isThisWindow { facts.append(localized("this window")) }
        let title = draft.firstLine.isEmpty ? localized("(empty)") : draft.firstLine
        self.init(
            title: title, lines: [facts.joined(separator: " · ")] + outbox.map { Self.words(for: $0, now: now) })
        guard !isThisWindow else { return }
        if isOpenElsewhere {
            let open = gtk_label_new(localized("open in another window"))!
            gtk_style_context_add_class(gtk_widget_get_style_context(open), "dim-label")
            gtk_box_pack_start(buttons.cast(), open, 0, 0, 0)
            return
        }
        // The buttons keep the row (nothing else does) until the list is read again.
        addButton(localized("Open"), name: localized("Open “{0}”", title)) { self.onOpen?() }
        // A post in the outbox is finished or discarded (as its window would), never deleted here.
        switch draft.state {
        case .written: addButton(localized("Delete"), name: localized("Delete “{0}”", title)) { self.onDelete?() }
        case .scheduled, .waitingToRetry:
            let sendNow = draft.state == .waitingToRetry ? localized("Retry") : localized("Post now")
            addButton(sendNow, name: localized("{0}: “{1}”", sendNow, title)) { self.onSendNow?() }
            addButton(localized("Discard…"), name: localized("Discard “{0}”", title)) { self.onDiscard?() }
        }
    }

    /// A post in the outbox no draft holds: a script's, or one set aside (a start without text
    /// takes it over).
    convenience init(unclaimed entry: OutboxSummary, now: Int64) {
        let title = entry.firstLine.isEmpty ? entry.entry : entry.firstLine
        self.init(title: title, lines: [Self.words(for: entry, now: now)])
    }

    /// "Mastodon @alice: failed, tries again at 14:05: the server…".
    static func words(for entry: OutboxSummary, now: Int64) -> String {
        var state =
            switch entry.state {
            case .waiting: localized("waiting")
            case .mayBeThere: localized("may be there: checked before it is sent again")
            case .failed: localized("failed")
            case .scheduled: localized("scheduled")
            case .posted: localized("posted")
            }
        if let time = entry.time { state += ", " + localized("goes at {0}", TimeWords.when(time, now: now)) }
        let detail = entry.detail.isEmpty ? "" : ": " + entry.detail
        return entry.network.displayName + " " + entry.account + ": " + state + detail
    }

    private func addButton(_ label: String, name: String, _ action: @escaping @MainActor () -> Void) {
        let button = gtk_button_new_with_label(label)!
        atk_object_set_name(gtk_widget_get_accessible(button), name)
        Signal.connect(button, "clicked") { action() }
        gtk_box_pack_start(buttons.cast(), button, 0, 0, 0)
    }
}
