import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// "Discard this post?" with Keep editing, Save draft (when drafts are on) and Discard.
@MainActor
enum DiscardDialog {
    enum Choice { case keepEditing, saveDraft, discard }

    private static let saveDraftResponse: gint = 1
    private static let discardResponse: gint = 2

    /// `secondary`: what is lost, or where the post already is. Answered from the dialog's
    /// "response" signal (no nested main loop: timers and I/O go on); `completion` runs once, and
    /// not at all when the window closed meanwhile (destroy-with-parent).
    static func ask(
        parent: UnsafeMutablePointer<GtkWindow>, offersDraft: Bool, secondary: String,
        completion: @escaping @MainActor (Choice) -> Void
    ) {
        // gtk_message_dialog_new is C varargs; its properties say the same, and keep the text plain.
        let dialog = newObject(gtk_message_dialog_get_type()).cast(to: GtkWidget.self)
        gtk_window_set_transient_for(dialog.cast(), parent)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        Property.set(dialog, "message-type", Int32(GTK_MESSAGE_QUESTION.rawValue))
        Property.set(dialog, "text", localized("Discard this post?"))
        Property.set(dialog, "secondary-text", secondary)
        gtk_dialog_add_button(dialog.cast(), localized("_Keep editing"), gint(GTK_RESPONSE_CANCEL.rawValue))
        if offersDraft { gtk_dialog_add_button(dialog.cast(), localized("_Save draft"), saveDraftResponse) }
        let discard = gtk_dialog_add_button(dialog.cast(), localized("_Discard"), discardResponse)!
        gtk_style_context_add_class(gtk_widget_get_style_context(discard), "destructive-action")
        gtk_dialog_set_default_response(dialog.cast(), gint(GTK_RESPONSE_CANCEL.rawValue))
        Signal.connect(
            dialog, "response",
            withInt: { response in
                gtk_widget_destroy(dialog)
                switch response {
                case saveDraftResponse: completion(.saveDraft)
                case discardResponse: completion(.discard)
                default: completion(.keepEditing)
                }
            })
        gtk_window_present(dialog.cast())
    }
}
