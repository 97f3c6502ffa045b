import ComposeWindowCore
import GtkPlaceholder

/// "Add a description?" when images have no alt text: Add a Description (the default) or Post
/// Without. Closing it is adding one (nothing is sent).
@MainActor
enum MissingAltDialog {
    private static let postWithoutResponse: gint = 1

    static func ask(
        parent: UnsafeMutablePointer<GtkWindow>, count: Int, completion: @escaping @MainActor (Bool) -> Void
    ) {
        let add = gint(GTK_RESPONSE_OK.rawValue)
        QuestionDialog.ask(
            parent: parent,
            text: count == 1
                ? localized("An image has no description") : localized("{0} images have no description", String(count)),
            secondary: localized(
                "People who use a screen reader will not know what it shows. Add a description (alt text)?"),
            buttons: [
                .init(label: localized("_Post Without"), response: postWithoutResponse),
                .init(label: localized("_Add a Description"), response: add, style: "suggested-action"),
            ], defaultResponse: add
        ) { response in completion(response == postWithoutResponse) }
    }
}
