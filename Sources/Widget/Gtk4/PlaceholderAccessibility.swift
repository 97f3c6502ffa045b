import PlaceholderGtk4Glue

/// Screen readers learn the placeholder once, from the text view's own accessible
/// (GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER, what GtkText sets for its placeholder), while the label
/// that draws it is hidden from them: its accessible role is "none" (`makePlaceholderLabel`), and its
/// hidden state is set too for GTK before 4.18, which keeps it (4.18 sets it from being mapped).
@MainActor
struct PlaceholderAccessibility {
    private let textView: UnsafeMutablePointer<GtkTextView>

    init(textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkWidget>) {
        self.textView = textView
        var states = [GTK_ACCESSIBLE_STATE_HIDDEN]
        var hidden = GValue()
        g_value_init(&hidden, Property.booleanType)
        g_value_set_boolean(&hidden, 1)
        gtk_accessible_update_state_value(label.asAccessible, 1, &states, &hidden)
        g_value_unset(&hidden)
    }

    func placeholderChanged(_ text: String) {
        var properties = [GTK_ACCESSIBLE_PROPERTY_PLACEHOLDER]
        var value = GValue()
        g_value_init(&value, Property.stringType)
        g_value_set_string(&value, text)
        gtk_accessible_update_property_value(textView.asWidget.asAccessible, 1, &properties, &value)
        g_value_unset(&value)
    }
}
