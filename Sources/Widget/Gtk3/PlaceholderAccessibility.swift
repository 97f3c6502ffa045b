import PlaceholderGtk3Glue

/// Screen readers learn the placeholder once, from the text view: as its accessible description
/// (unless the app set its own), while the overlay label is marked redundant and nameless, ATK's
/// documented way of saying "exposed for technical reasons, ignore me".
///
/// Lazily: accessibles cost memory and GtkTextViewAccessible copies every insertion it is told
/// about, so none is made until an assistive technology can reach one — through the overlay's own
/// accessible (the tree walk from the window) or the text view taking focus (GTK's focus tracker
/// makes its accessible then anyway; PlaceholderParts hears of it through the core's "notify").
@MainActor
struct PlaceholderAccessibility {
    private let textView: UnsafeMutablePointer<GtkTextView>
    private let label: UnsafeMutablePointer<GtkLabel>
    private var placeholder = ""
    private var described: String?

    init(textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkLabel>) {
        self.textView = textView
        self.label = label
    }

    /// Whether the accessibles exist and carry the placeholder.
    var isActive: Bool { described != nil }

    mutating func placeholderChanged(_ text: String) {
        placeholder = text
        if isActive { describe() }
    }

    /// Something can now reach the accessibles: describe them, and keep them current from now on.
    mutating func activate() {
        guard !isActive else { return }
        if let labelAccessible = gtk_widget_get_accessible(label.asWidget) {
            atk_object_set_role(labelAccessible, ATK_ROLE_REDUNDANT_OBJECT)
            atk_object_set_name(labelAccessible, "")
        }
        described = ""
        describe()
    }

    private mutating func describe() {
        guard let viewAccessible = gtk_widget_get_accessible(textView.asWidget) else { return }
        let current = atk_object_get_description(viewAccessible).map { String(cString: $0) } ?? ""
        if current.isEmpty || current == described {
            atk_object_set_description(viewAccessible, placeholder)
        }
        described = placeholder
    }
}
