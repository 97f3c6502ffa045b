import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// "Add a description?" when images have no alt text: Add a Description (the default) or Post
/// Without. Answered from its "response" signal; closing it is adding one (nothing is sent).
@MainActor
enum MissingAltDialog {
    private static let postWithoutResponse: gint = 1

    static func ask(
        parent: UnsafeMutablePointer<GtkWindow>, count: Int, completion: @escaping @MainActor (Bool) -> Void
    ) {
        let dialog = newObject(gtk_message_dialog_get_type()).cast(to: GtkWidget.self)
        gtk_window_set_transient_for(dialog.cast(), parent)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        Property.set(dialog, "message-type", Int32(GTK_MESSAGE_QUESTION.rawValue))
        Property.set(
            dialog, "text",
            count == 1
                ? localized("An image has no description")
                : localized("{0} images have no description", String(count)))
        Property.set(
            dialog, "secondary-text",
            localized("People who use a screen reader will not know what it shows. Add a description (alt text)?"))
        gtk_dialog_add_button(dialog.cast(), localized("_Post Without"), postWithoutResponse)
        let add = gtk_dialog_add_button(dialog.cast(), localized("_Add a Description"), gint(GTK_RESPONSE_OK.rawValue))!
        gtk_style_context_add_class(gtk_widget_get_style_context(add), "suggested-action")
        gtk_dialog_set_default_response(dialog.cast(), gint(GTK_RESPONSE_OK.rawValue))
        Signal.connect(
            dialog, "response",
            withInt: { response in
                gtk_widget_destroy(dialog)
                completion(response == postWithoutResponse)
            })
        gtk_window_present(dialog.cast())
    }
}
