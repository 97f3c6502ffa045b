import GLibSwift

/// Screen readers learn the placeholder once, from the text view: as its accessible description
/// (unless the app set its own), while the overlay label is marked redundant and nameless, ATK's
/// documented way of saying "exposed for technical reasons, ignore me".
@MainActor
enum PlaceholderAccessibility {
    static func describe(
        textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkLabel>,
        placeholder: String, previous: String
    ) {
        if let viewAccessible = gtk_widget_get_accessible(textView.asWidget) {
            let current = atk_object_get_description(viewAccessible).map { String(cString: $0) } ?? ""
            if current.isEmpty || current == previous {
                atk_object_set_description(viewAccessible, placeholder)
            }
        }
        if let labelAccessible = gtk_widget_get_accessible(label.asWidget) {
            atk_object_set_role(labelAccessible, ATK_ROLE_REDUNDANT_OBJECT)
            atk_object_set_name(labelAccessible, "")
        }
    }
}
