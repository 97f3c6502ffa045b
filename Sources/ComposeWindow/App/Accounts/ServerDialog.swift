import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// "Which Mastodon server is your account on?": a host name such as mastodon.social, refused with
/// the reason (and asked again) until it is one, or nil when the person cancels. Answered from the
/// dialog's "response" signal, with no nested main loop.
@MainActor
enum ServerDialog {
    static func ask(
        parent: UnsafeMutablePointer<GtkWindow>, current: String?, completion: @escaping @MainActor (String?) -> Void
    ) {
        let dialog = newObject(gtk_dialog_get_type()).cast(to: GtkWidget.self)
        gtk_window_set_title(dialog.cast(), localized("Mastodon server"))
        gtk_window_set_transient_for(dialog.cast(), parent)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        gtk_dialog_add_button(dialog.cast(), localized("_Cancel"), gint(GTK_RESPONSE_CANCEL.rawValue))
        let use = gtk_dialog_add_button(dialog.cast(), localized("_Use"), gint(GTK_RESPONSE_OK.rawValue))!
        gtk_style_context_add_class(gtk_widget_get_style_context(use), "suggested-action")
        gtk_dialog_set_default_response(dialog.cast(), gint(GTK_RESPONSE_OK.rawValue))

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_container_set_border_width(column.cast(), 12)
        let question = gtk_label_new(localized("Which Mastodon server is your account on?"))!
        gtk_label_set_xalign(question.cast(), 0)
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(entry.cast(), "mastodon.social")
        gtk_entry_set_activates_default(entry.cast(), 1)
        if let current { gtk_entry_set_text(entry.cast(), current) }
        let problem = gtk_label_new(nil)!
        gtk_label_set_xalign(problem.cast(), 0)
        gtk_label_set_line_wrap(problem.cast(), 1)
        gtk_style_context_add_class(gtk_widget_get_style_context(problem), "error")
        for widget in [question, entry, problem] { gtk_box_pack_start(column.cast(), widget, 0, 0, 0) }
        gtk_box_pack_start(gtk_dialog_get_content_area(dialog.cast()).cast(), column, 1, 1, 0)
        gtk_widget_show_all(column)
        gtk_widget_hide(problem)

        DialogAnswer.ask(
            dialog,
            check: { () -> String? in
                do throws(ServerName.Invalid) {
                    return try ServerName.validate(String(cString: gtk_entry_get_text(entry.cast())))
                } catch {
                    gtk_label_set_text(problem.cast(), error.description)
                    gtk_widget_show(problem)
                    gtk_widget_grab_focus(entry)
                    return nil
                }
            }, completion: completion)
    }
}
