import GtkPlaceholder
import PlaceholderGtk3Glue

/// What a screen reader reads, through ATK (GTK 3's accessibility).
@MainActor
enum ScreenReader {
    /// Every accessible object under `root`, depth first.
    static func accessibleTree(_ root: UnsafeMutablePointer<AtkObject>) -> [UnsafeMutablePointer<AtkObject>] {
        var result = [root]
        for index in 0..<atk_object_get_n_accessible_children(root) {
            guard let child = atk_object_ref_accessible_child(root, index) else { continue }
            result += accessibleTree(child)
            g_object_unref(child.asGPointer)
        }
        return result
    }

    /// The widgets under `window` whose accessible name or description holds `text`.
    static func widgetsReading(_ text: String, in window: UnsafeMutablePointer<GtkWidget>)
        -> [UnsafeMutablePointer<GtkWidget>]
    {
        accessibleTree(gtk_widget_get_accessible(window)!).filter { object in
            let name = atk_object_get_name(object).map { String(cString: $0) } ?? ""
            let description = atk_object_get_description(object).map { String(cString: $0) } ?? ""
            return name.contains(text) || description.contains(text)
        }.compactMap { gtk_accessible_get_widget($0.cast()) }
    }

    /// The text view's accessible tells what to write (its description; ATK has no placeholder).
    static func describes(_ textView: UnsafeMutablePointer<GtkWidget>, as text: String) -> Bool {
        atk_object_get_description(gtk_widget_get_accessible(textView)).map { String(cString: $0) } == text
    }

    /// The label that draws the placeholder tells screen readers to skip it.
    static func ignores(_ label: UnsafeMutablePointer<GtkWidget>) -> Bool {
        atk_object_get_role(gtk_widget_get_accessible(label)) == ATK_ROLE_REDUNDANT_OBJECT
    }
}

/// Counts the label's layouts: its allocations, and the overlay asking where it goes.
@MainActor
final class LabelLayoutCounter {
    private(set) var count = 0
    private var connections: [SignalConnection] = []

    init(watching view: PlaceholderTextView) {
        connections.append(
            Signal.connect(view.placeholderLabel, "size-allocate", withArgument: { [unowned self] _ in count += 1 }))
        connections.append(
            Signal.connect(
                view.widget, "get-child-position",
                returning: { [unowned self] _, _ in
                    count += 1
                    return false
                }))
    }

    func stop() { for connection in connections { connection.disconnect() } }
}
