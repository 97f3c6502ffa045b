import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The link card under the text, as Bluesky will show it: the page's picture, title, description
/// and host; a menu of the text's other links; and Remove. Only the widgets: what the card is and
/// when it changes is LinkCardPreview's.
@MainActor
final class LinkCardRow {
    let row: UnsafeMutablePointer<GtkWidget>
    private let picture: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let details: UnsafeMutablePointer<GtkWidget>
    private let host: UnsafeMutablePointer<GtkWidget>
    private let links: UnsafeMutablePointer<GtkWidget>
    private let remove: UnsafeMutablePointer<GtkWidget>
    private var filling = false
    var onRemove: (() -> Void)?
    var onChoose: ((String) -> Void)?

    static let pictureSize = 64

    /// Packed into `column` (a vertical GtkBox) right after `text`, hidden until there is a card.
    init(column: UnsafeMutablePointer<GtkWidget>, after text: UnsafeMutablePointer<GtkWidget>) {
        row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        gtk_container_set_border_width(row.cast(), 4)
        // Framed as the theme frames a box (Adwaita's .frame), apart from the text above it.
        gtk_style_context_add_class(gtk_widget_get_style_context(row), "frame")
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(row, 6) }
        picture = gtk_image_new()
        gtk_widget_set_size_request(picture, gint(Self.pictureSize), gint(Self.pictureSize))
        let words = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        title = Self.label(lines: 1)
        details = Self.label(lines: 2)
        host = Self.label(lines: 1)
        for dim in [details, host] { gtk_style_context_add_class(gtk_widget_get_style_context(dim), "dim-label") }
        for label in [title, details, host] { gtk_box_pack_start(words.cast(), label, 0, 0, 0) }
        links = gtk_combo_box_text_new()
        gtk_widget_set_valign(links, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(links, localized("The link the card shows"))
        remove = gtk_button_new_with_mnemonic(localized("Remove _link card"))
        gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(remove, localized("Post without this link card on Bluesky"))
        gtk_box_pack_start(row.cast(), picture, 0, 0, 0)
        gtk_box_pack_start(row.cast(), words, 1, 1, 0)
        gtk_box_pack_end(row.cast(), remove, 0, 0, 0)
        gtk_box_pack_end(row.cast(), links, 0, 0, 0)
        gtk_widget_show_all(row)
        gtk_widget_set_no_show_all(row, 1)
        gtk_widget_hide(row)
        gtk_box_pack_start(column.cast(), row, 0, 1, 0)
        gtk_box_reorder_child(column.cast(), row, boxPosition(of: text, in: column) + 1)
        Signal.connect(remove, "clicked") { [weak self] in self?.onRemove?() }
        Signal.connect(links, "changed") { [weak self] in
            guard let self, !self.filling, let id = gtk_combo_box_get_active_id(self.links.cast()) else { return }
            self.onChoose?(String(cString: id))
        }
    }

    /// Shows `card` for `link` among `links`: loading (nil card), or its words and picture.
    func show(link: String, card: LinkCard?, loading: Bool, links allLinks: [String], note: String?) {
        gtk_label_set_text(title.cast(), note ?? (card.map { $0.title.isEmpty ? link : $0.title } ?? link))
        let words = loading ? localized("Reading the page…") : (card?.description ?? "")
        gtk_label_set_text(details.cast(), note == nil ? words : "")
        gtk_label_set_text(host.cast(), note == nil ? Self.host(of: link) : link)
        gtk_widget_set_visible(details, note == nil && !words.isEmpty ? 1 : 0)
        gtk_widget_set_visible(picture, note == nil ? 1 : 0)
        gtk_widget_set_sensitive(remove, note == nil ? 1 : 0)
        filling = true
        gtk_combo_box_text_remove_all(links.cast())
        for each in allLinks {
            gtk_combo_box_text_append(links.cast(), each, Self.host(of: each) + Self.path(of: each))
        }
        gtk_combo_box_set_active_id(links.cast(), link)
        filling = false
        gtk_widget_set_visible(links, allLinks.count > 1 && note == nil ? 1 : 0)
        let named = card?.title.isEmpty == false ? card!.title : link
        atk_object_set_name(
            gtk_widget_get_accessible(row),
            loading ? localized("Link card: {0}, reading the page…", named) : localized("Link card: {0}", named))
        gtk_widget_show(row)
    }

    /// The picture (owned: taken here), or none.
    func showPicture(_ pixbuf: OpaquePointer?) {
        if let pixbuf {
            gtk_image_set_from_pixbuf(picture.cast(), pixbuf)
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        } else {
            gtk_image_set_from_icon_name(picture.cast(), "text-html", GTK_ICON_SIZE_DIALOG)
        }
    }

    func hide() { gtk_widget_hide(row) }

    var isShown: Bool { gtk_widget_get_visible(row) != 0 }
    var shownTitle: String { String(cString: gtk_label_get_text(title.cast())) }

    private static func label(lines: gint) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(label.cast(), 0)
        gtk_label_set_ellipsize(label.cast(), PANGO_ELLIPSIZE_END)
        gtk_label_set_lines(label.cast(), lines)
        gtk_label_set_line_wrap(label.cast(), lines > 1 ? 1 : 0)
        gtk_label_set_max_width_chars(label.cast(), 60)
        return label
    }

    private static func host(of link: String) -> String {
        let rest = link.drop { $0 != "/" }.drop { $0 == "/" }
        return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    private static func path(of link: String) -> String {
        let rest = link.drop { $0 != "/" }.drop { $0 == "/" }
        let path = rest.drop { $0 != "/" && $0 != "?" && $0 != "#" }
        return path.count > 24 ? String(path.prefix(23)) + "…" : String(path)
    }
}
