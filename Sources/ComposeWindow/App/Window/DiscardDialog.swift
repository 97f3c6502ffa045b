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
        var buttons: [QuestionDialog.Button] = [
            .init(label: localized("_Keep editing"), response: gint(GTK_RESPONSE_CANCEL.rawValue))
        ]
        if offersDraft { buttons.append(.init(label: localized("_Save draft"), response: saveDraftResponse)) }
        buttons.append(.init(label: localized("_Discard"), response: discardResponse, style: "destructive-action"))
        QuestionDialog.ask(
            parent: parent, text: localized("Discard this post?"), secondary: secondary, buttons: buttons,
            defaultResponse: gint(GTK_RESPONSE_CANCEL.rawValue)
        ) { response in
            switch response {
            case saveDraftResponse: completion(.saveDraft)
            case discardResponse: completion(.discard)
            default: completion(.keepEditing)
            }
        }
    }
}
