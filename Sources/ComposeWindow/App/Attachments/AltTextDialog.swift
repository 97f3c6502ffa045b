import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// One image's alt text: a larger picture of it, a text field (any input method works in it) with
/// its own counter at the network's limit, and Remove; a video's captions too (CaptionList).
/// Answered from its "response" signal.
@MainActor
enum AltTextDialog {
    enum Answer {
        /// The alt text, and a video's captions.
        case describe(String, captions: [VideoCaption])
        case remove
    }

    static let removeResponse: gint = 1

    /// `captionLanguage`: a video's (its captions' language to begin with, the post's); nil for an image.
    static func ask(
        parent: UnsafeMutablePointer<GtkWindow>, image: PostImage, limit: Int, captionLanguage: String? = nil,
        completion: @escaping @MainActor (Answer?) -> Void
    ) {
        let isVideo = captionLanguage != nil
        let dialog = newObject(gtk_dialog_get_type()).cast(to: GtkWidget.self)
        gtk_window_set_title(dialog.cast(), isVideo ? localized("Video description") : localized("Image description"))
        gtk_window_set_transient_for(dialog.cast(), parent)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        gtk_window_set_default_size(dialog.cast(), 420, -1)
        let remove = gtk_dialog_add_button(
            dialog.cast(), isVideo ? localized("_Remove Video") : localized("_Remove Image"), removeResponse)!
        gtk_style_context_add_class(gtk_widget_get_style_context(remove), "destructive-action")
        gtk_dialog_add_button(dialog.cast(), localized("_Cancel"), gint(GTK_RESPONSE_CANCEL.rawValue))
        let done = gtk_dialog_add_button(dialog.cast(), localized("_Done"), gint(GTK_RESPONSE_OK.rawValue))!
        gtk_style_context_add_class(gtk_widget_get_style_context(done), "suggested-action")

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_container_set_border_width(column.cast(), 12)
        let picture = gtk_image_new_from_icon_name("image-x-generic-symbolic", GTK_ICON_SIZE_DIALOG)!
        gtk_widget_set_size_request(picture, -1, 160)
        // No mnemonic of its own: Alt+D is Done's.
        let question = gtk_label_new(
            isVideo
                ? localized("Describe the video for people who cannot see it:")
                : localized("Describe the image for people who cannot see it:"))!
        gtk_label_set_xalign(question.cast(), 0)
        gtk_label_set_line_wrap(question.cast(), 1)
        let field = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(field.cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(field.cast(), 0)
        for set in [gtk_text_view_set_left_margin, gtk_text_view_set_right_margin] { set(field.cast(), 6) }
        for set in [gtk_text_view_set_top_margin, gtk_text_view_set_bottom_margin] { set(field.cast(), 4) }
        gtk_label_set_mnemonic_widget(question.cast(), field)
        let buffer = gtk_text_view_get_buffer(field.cast())!
        gtk_text_buffer_set_text(buffer, image.alt, -1)
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(scrolled.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_shadow_type(scrolled.cast(), GTK_SHADOW_IN)
        gtk_widget_set_size_request(scrolled, -1, 96)
        gtk_container_add(scrolled.cast(), field)
        let counter = gtk_label_new(nil)!
        gtk_label_set_xalign(counter.cast(), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(counter), "dim-label")
        gtk_box_pack_start(column.cast(), picture, 0, 0, 0)
        gtk_box_pack_start(column.cast(), question, 0, 0, 0)
        gtk_box_pack_start(column.cast(), scrolled, 1, 1, 0)
        gtk_box_pack_start(column.cast(), counter, 0, 0, 0)
        let captions = captionLanguage.map {
            CaptionList(image.captions, defaultLanguage: $0, dialog: dialog.cast())
        }
        if let captions { gtk_box_pack_start(column.cast(), captions.box, 0, 0, 0) }
        gtk_box_pack_start(gtk_dialog_get_content_area(dialog.cast()).cast(), column, 1, 1, 0)
        gtk_widget_show_all(column)

        func text() -> String {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            let characters = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
            defer { g_free(characters) }
            return String(cString: characters)
        }
        let count = { () in
            let length = text().count
            gtk_label_set_text(counter.cast(), String(length) + "/" + String(limit))
            gtk_widget_set_sensitive(done, (length <= limit).gboolean)
        }
        count()
        Signal.connect(buffer, "changed") { count() }
        // The picture arrives later, from the image thread: only while the dialog is there.
        let open = Flag()
        Signal.connect(dialog, "destroy") {
            open.value = false
            captions?.isOpen = false
        }
        Thumbnail.load(image.path, size: 160) { pixbuf in
            guard let pixbuf else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            if open.value { gtk_image_set_from_pixbuf(picture.cast(), pixbuf) }
        }
        Signal.connect(
            dialog, "response",
            withInt: { response in
                let answer: Answer? =
                    switch response {
                    case gint(GTK_RESPONSE_OK.rawValue):
                        .describe(text(), captions: captions?.captions ?? image.captions)
                    case removeResponse: .remove
                    default: nil
                    }
                gtk_widget_destroy(dialog)
                completion(answer)
            })
        gtk_window_present(dialog.cast())
        gtk_widget_grab_focus(field)
    }
}

@MainActor
private final class Flag {
    var value = true
}
