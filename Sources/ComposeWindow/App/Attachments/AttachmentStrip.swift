import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The post's images under the text, each a button showing its thumbnail: pressing it opens its alt
/// text. A screen reader hears each as "Image N: FILE" with its alt text as the description (the
/// tooltip says it too, or that there is none).
@MainActor
final class AttachmentStrip {
    static let thumbnailSize = 48
    private let box: UnsafeMutablePointer<GtkWidget>
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []
    private var pictures: [UnsafeMutablePointer<GtkWidget>] = []
    /// Which showing a thumbnail was asked for: one that arrives after the strip changed is dropped.
    private var showing = 0
    /// The person pressed image `index`.
    var onOpen: (@MainActor (Int) -> Void)?

    init(box: UnsafeMutablePointer<GtkWidget>) {
        self.box = box
    }

    /// Shows `images`, in order, a video's poster frame with its length; `editable`: whether
    /// pressing one may change it.
    func show(_ images: [PostImage], videoLengths: [String: Int64] = [:], editable: Bool) {
        for button in buttons { gtk_widget_destroy(button) }
        showing += 1
        let shown = showing
        pictures = []
        buttons = images.enumerated().map { index, image in
            let button = gtk_button_new()!
            gtk_button_set_relief(button.cast(), GTK_RELIEF_NONE)
            gtk_widget_set_sensitive(button, editable.gboolean)
            let length = videoLengths[image.path]
            let icon = length == nil ? "image-x-generic-symbolic" : "video-x-generic-symbolic"
            let picture = gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_DND)!
            gtk_widget_set_size_request(picture, gint(Self.thumbnailSize), gint(Self.thumbnailSize))
            let overlay = gtk_overlay_new()!
            gtk_container_add(overlay.cast(), picture)
            if image.alt.isEmpty { gtk_overlay_add_overlay(overlay.cast(), Self.noAltMark()) }
            if let length { gtk_overlay_add_overlay(overlay.cast(), Self.lengthMark(length)) }
            if !image.captions.isEmpty {
                gtk_overlay_add_overlay(overlay.cast(), Self.captionMark(image.captions.count))
            }
            gtk_container_add(button.cast(), overlay)
            pictures.append(picture)
            var described = image.alt.isEmpty ? localized("No description") : image.alt
            if !image.captions.isEmpty {
                described += "\n" + localized("Captions for Bluesky: {0}", String(image.captions.count))
            }
            gtk_widget_set_tooltip_text(button, described)
            let accessible = gtk_widget_get_accessible(button)
            let name =
                length.map { localized("Video, {0}: {1}", VideoFit.duration($0), Self.fileName(image.path)) }
                ?? localized("Image {0}: {1}", String(index + 1), Self.fileName(image.path))
            atk_object_set_name(accessible, name)
            atk_object_set_description(accessible, described)
            Signal.connect(button, "clicked") { [weak self] in self?.onOpen?(index) }
            let loaded: @MainActor (OpaquePointer?) -> Void = { [weak self] pixbuf in
                guard let pixbuf else { return }
                defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
                guard let self, self.showing == shown else { return }
                gtk_image_set_from_pixbuf(self.pictures[index].cast(), pixbuf)
            }
            if length != nil {
                let (path, size) = (image.path, Self.thumbnailSize)
                Thumbnail.make({ VideoPreparation.posterFrame(path, size: size) }, then: loaded)
            } else {
                Thumbnail.load(image.path, size: Self.thumbnailSize, then: loaded)
            }
            gtk_box_pack_start(box.cast(), button, 0, 0, 0)
            gtk_widget_show_all(button)
            return button
        }
    }

    /// The mark's background (Adwaita's warning yellow): seen at a glance, found by the tests' pixels.
    static let markColor = "#f6d32d"

    /// A warning sign in the thumbnail's corner: this image has no alt text yet (the tooltip and the
    /// screen reader's description say "No description").
    private static func noAltMark() -> UnsafeMutablePointer<GtkWidget> {
        let mark = gtk_image_new_from_icon_name("dialog-warning-symbolic", GTK_ICON_SIZE_MENU)!
        gtk_style_context_add_class(gtk_widget_get_style_context(mark), "no-alt-mark")
        gtk_widget_set_halign(mark, GTK_ALIGN_END)
        gtk_widget_set_valign(mark, GTK_ALIGN_END)
        return mark
    }

    /// How many captions a video has ("CC 2"), in the thumbnail's upper left corner.
    private static func captionMark(_ count: Int) -> UnsafeMutablePointer<GtkWidget> {
        let mark = gtk_label_new("CC " + String(count))!
        gtk_style_context_add_class(gtk_widget_get_style_context(mark), "caption-count")
        gtk_widget_set_halign(mark, GTK_ALIGN_START)
        gtk_widget_set_valign(mark, GTK_ALIGN_START)
        return mark
    }

    /// A video's length ("0:07") in the thumbnail's lower left corner.
    private static func lengthMark(_ milliseconds: Int64) -> UnsafeMutablePointer<GtkWidget> {
        let mark = gtk_label_new(VideoFit.duration(milliseconds))!
        gtk_style_context_add_class(gtk_widget_get_style_context(mark), "video-length")
        gtk_widget_set_halign(mark, GTK_ALIGN_START)
        gtk_widget_set_valign(mark, GTK_ALIGN_END)
        return mark
    }

    nonisolated static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
