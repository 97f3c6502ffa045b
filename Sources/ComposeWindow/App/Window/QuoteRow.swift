import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder

/// "Quoting @bob@example.social: the first line", as plain text above the text (where a reply's
/// header is), with Remove quote beside it. Built the first time a post is quoted: a window that
/// quotes nothing never makes it.
@MainActor
final class QuoteRow {
    private let column: UnsafeMutablePointer<GtkWidget>
    private let text: UnsafeMutablePointer<GtkWidget>
    private var row: UnsafeMutablePointer<GtkWidget>?
    private var label: UnsafeMutablePointer<GtkWidget>?
    private var remove: UnsafeMutablePointer<GtkWidget>?
    private var editable = true
    /// The person removed the quote.
    var onRemove: (@MainActor () -> Void)?

    init(column: UnsafeMutablePointer<GtkWidget>, above text: UnsafeMutablePointer<GtkWidget>) {
        self.column = column
        self.text = text
    }

    /// The quoted post, or nothing (the row hidden).
    func show(_ quote: QuotedPost?, finding: Bool = false) {
        guard let quote else {
            if let row { gtk_widget_hide(row) }
            return
        }
        let label = loadedLabel()
        let words =
            finding
            ? localized("Finding the quoted post…")
            : quote.author.isEmpty
                ? localized("Quoting {0}", quote.url) : localized("Quoting {0}: {1}", quote.author, quote.firstLine)
        gtk_label_set_text(label.cast(), words)
        gtk_widget_set_tooltip_text(label, quote.firstLine.isEmpty ? quote.url : quote.firstLine)
        if let row { gtk_widget_show_all(row) }
    }

    /// Remove quote only while the post may change.
    func setEditable(_ editable: Bool) {
        self.editable = editable
        if let remove { gtk_widget_set_sensitive(remove, editable.gboolean) }
    }

    /// The words shown now (tests read them as a person does).
    var shownText: String? {
        guard let row, gtk_widget_get_visible(row) != 0, let label else { return nil }
        return String(cString: gtk_label_get_text(label.cast()))
    }

    private func loadedLabel() -> UnsafeMutablePointer<GtkWidget> {
        if let label { return label }
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_margin_start(row, 12)
        gtk_widget_set_margin_end(row, 12)
        gtk_widget_set_margin_top(row, 6)
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(label.cast(), 0)
        gtk_label_set_ellipsize(label.cast(), PANGO_ELLIPSIZE_END)
        gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label")
        let remove = gtk_button_new_with_label(localized("Remove quote"))!
        gtk_button_set_relief(remove.cast(), GTK_RELIEF_NONE)
        Signal.connect(remove, "clicked") { [weak self] in self?.onRemove?() }
        gtk_widget_set_sensitive(remove, editable.gboolean)
        self.remove = remove
        gtk_box_pack_start(row.cast(), label, 1, 1, 0)
        gtk_box_pack_end(row.cast(), remove, 0, 0, 0)
        let position = boxPosition(of: text, in: column)
        gtk_box_pack_start(column.cast(), row, 0, 1, 0)
        gtk_box_reorder_child(column.cast(), row, position)
        self.row = row
        self.label = label
        return label
    }
}
