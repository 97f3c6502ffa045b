import GtkPlaceholder
import PlaceholderGtk3Glue

/// A dialog that asks for something and checks it, answered from its "response" signal (no nested
/// main loop: the window behind stays drawn, its timers and I/O go on).
@MainActor
enum DialogAnswer {
    /// Shows `dialog`. OK asks `check` for the answer: nil keeps the dialog open (`check` has
    /// said why, or moved the focus); an answer closes it and goes to `completion`. Anything else
    /// (Cancel, Escape, closing it) closes it with nil.
    static func ask<Answer>(
        _ dialog: UnsafeMutablePointer<GtkWidget>, check: @escaping @MainActor () -> Answer?,
        completion: @escaping @MainActor (Answer?) -> Void
    ) {
        Signal.connect(
            dialog, "response",
            withInt: { response in
                var answer: Answer?
                if response == gint(GTK_RESPONSE_OK.rawValue) {
                    answer = check()
                    if answer == nil { return }
                }
                gtk_widget_destroy(dialog)
                completion(answer)
            })
        gtk_window_present(dialog.cast())
    }
}
