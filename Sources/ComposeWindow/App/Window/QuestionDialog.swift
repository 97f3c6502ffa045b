import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A question with buttons (GtkMessageDialog, modal to the window, gone with it), answered from its
/// "response" signal: no nested main loop, so timers and I/O go on while it is asked. `completion`
/// gets the response of the button pressed (or Escape's, closing's), and does not run when the
/// window closed meanwhile (destroy-with-parent).
@MainActor
enum QuestionDialog {
    struct Button {
        let label: String
        let response: gint
        /// "suggested-action" or "destructive-action"; nil: neither.
        var style: String?
    }

    static func ask(
        parent: UnsafeMutablePointer<GtkWindow>, text: String, secondary: String, buttons: [Button],
        defaultResponse: gint, completion: @escaping @MainActor (gint) -> Void
    ) {
        // gtk_message_dialog_new is C varargs; its properties say the same, and keep the text plain.
        let dialog = newObject(gtk_message_dialog_get_type()).cast(to: GtkWidget.self)
        gtk_window_set_transient_for(dialog.cast(), parent)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        Property.set(dialog, "message-type", Int32(GTK_MESSAGE_QUESTION.rawValue))
        Property.set(dialog, "text", text)
        Property.set(dialog, "secondary-text", secondary)
        for button in buttons {
            let widget = gtk_dialog_add_button(dialog.cast(), button.label, button.response)!
            if let style = button.style { gtk_style_context_add_class(gtk_widget_get_style_context(widget), style) }
        }
        gtk_dialog_set_default_response(dialog.cast(), defaultResponse)
        Signal.connect(
            dialog, "response",
            withInt: { response in
                gtk_widget_destroy(dialog)
                completion(response)
            })
        gtk_window_present(dialog.cast())
    }
}
