import ComposeWindowCore
import ComposeWindowGlue
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The Bluesky app password for `--sign-in bluesky`: from standard input when it is not a terminal
/// (`secret-tool lookup … | compose-window --sign-in bluesky …`), else from a dialog that says what
/// an app password is. Never an argument: argv is visible to every process.
@MainActor
enum AppPasswordPrompt {
    /// Why there is no password: the person cancelled (exit 1), or there was nothing to read it from.
    struct Failure: Error {
        let code: ExitCode
        let message: String?
    }

    /// The password, from standard input or (on a terminal) a dialog; `completion` runs once.
    static func appPassword(for handle: String, completion: @escaping @MainActor (Result<String, Failure>) -> Void) {
        guard isatty(STDIN_FILENO) == 1 else {
            return completion(Result { () throws(Failure) in try fromStandardInput() })
        }
        guard gtk_init_check(nil, nil) != 0 else {
            return completion(
                .failure(
                    Failure(
                        code: .usage,
                        message: localized("no display to ask for the app password: give it on standard input"))))
        }
        askInDialog(handle: handle, parent: nil) { answer in
            completion(answer.map { .success($0.password) } ?? .failure(Failure(code: .cancelled, message: nil)))
        }
    }

    private static func fromStandardInput() throws(Failure) -> String {
        let bytes: [UInt8]
        do throws(SystemIO.Failure) { bytes = try SystemIO.readAll(from: STDIN_FILENO) } catch {
            throw Failure(code: .failure, message: localized("cannot read standard input: {0}", error.description))
        }
        // One line, as `secret-tool lookup` and `echo` write it.
        var line = String(decoding: bytes, as: UTF8.self)
        while line.hasSuffix("\n") || line.hasSuffix("\r\n") { line.removeLast() }
        guard !line.isEmpty else {
            throw Failure(code: .usage, message: localized("no app password on standard input"))
        }
        return line
    }

    /// The window's "Sign in to Bluesky…": the handle (checked as --handle is) and the app password.
    static func askForAccount(
        parent: UnsafeMutablePointer<GtkWindow>, completion: @escaping @MainActor (Answer?) -> Void
    ) {
        askInDialog(handle: nil, parent: parent, completion: completion)
    }

    typealias Answer = (handle: String, password: String)

    /// `handle`: the account's, or nil to ask for it too.
    private static func askInDialog(
        handle: String?, parent: UnsafeMutablePointer<GtkWindow>?, completion: @escaping @MainActor (Answer?) -> Void
    ) {
        let dialog = newObject(gtk_dialog_get_type()).cast(to: GtkWidget.self)
        if let parent {
            gtk_window_set_transient_for(dialog.cast(), parent)
            gtk_window_set_modal(dialog.cast(), 1)
        }
        gtk_window_set_title(dialog.cast(), localized("Sign in to Bluesky"))
        gtk_window_set_icon_name(dialog.cast(), ComposeApplication.applicationID)
        gtk_dialog_add_button(dialog.cast(), localized("_Cancel"), gint(GTK_RESPONSE_CANCEL.rawValue))
        let signIn = gtk_dialog_add_button(dialog.cast(), localized("_Sign In"), gint(GTK_RESPONSE_OK.rawValue))!
        gtk_style_context_add_class(gtk_widget_get_style_context(signIn), "suggested-action")
        gtk_dialog_set_default_response(dialog.cast(), gint(GTK_RESPONSE_OK.rawValue))

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_container_set_border_width(column.cast(), 12)
        let question = gtk_label_new(
            handle.map { localized("App password for @{0}", $0) } ?? localized("Bluesky handle and app password"))!
        let handleEntry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(handleEntry.cast(), "alice.bsky.social")
        gtk_entry_set_activates_default(handleEntry.cast(), 1)
        let explanation = gtk_label_new(
            localized(
                "This is not your account password. Make an app password in Bluesky under Settings → Privacy and security → App passwords."
            ))!
        gtk_label_set_line_wrap(explanation.cast(), 1)
        gtk_label_set_max_width_chars(explanation.cast(), 48)
        let link = gtk_link_button_new_with_label(
            "https://bsky.app/settings/app-passwords", "bsky.app/settings/app-passwords")!
        gtk_widget_set_halign(link, GTK_ALIGN_START)
        let entry = gtk_entry_new()!
        gtk_entry_set_visibility(entry.cast(), 0)
        gtk_entry_set_input_purpose(entry.cast(), GTK_INPUT_PURPOSE_PASSWORD)
        gtk_entry_set_placeholder_text(entry.cast(), "xxxx-xxxx-xxxx-xxxx")
        gtk_entry_set_activates_default(entry.cast(), 1)
        for label in [question, explanation] { gtk_label_set_xalign(label.cast(), 0) }
        let widgets =
            handle == nil ? [question, handleEntry, entry, explanation, link] : [question, entry, explanation, link]
        for widget in widgets { gtk_box_pack_start(column.cast(), widget, 0, 0, 0) }
        gtk_box_pack_start(gtk_dialog_get_content_area(dialog.cast()).cast(), column, 1, 1, 0)
        gtk_widget_show_all(column)

        DialogAnswer.ask(
            dialog,
            check: { () -> Answer? in
                let given = handle ?? String(cString: gtk_entry_get_text(handleEntry.cast()))
                guard let valid = try? BlueskySession.handle(given) else {
                    gtk_widget_grab_focus(handleEntry)
                    return nil
                }
                let password = String(cString: gtk_entry_get_text(entry.cast()))
                guard !password.trimmingSpaces.isEmpty else {
                    gtk_widget_grab_focus(entry)
                    return nil
                }
                return (valid, password)
            }, completion: completion)
    }
}
