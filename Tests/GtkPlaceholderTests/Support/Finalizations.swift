import GtkPlaceholder
import PlaceholderGtk3Glue

/// Counts GObject finalizations (g_object_weak_ref fires when an object is finalized).
@MainActor
enum Finalizations {
    static var count = 0

    static func watch<T>(_ object: UnsafeMutablePointer<T>) {
        g_object_weak_ref(object.asObject, { _, _ in MainActor.assumeIsolated { Finalizations.count += 1 } }, nil)
    }

    /// Watches the overlay, text view, label, scrolled window and buffer: 5 objects.
    static func watchAll(_ view: PlaceholderTextView) {
        watch(view.widget)
        watch(view.textView)
        watch(view.placeholderLabel)
        watch(view.scrolledWindow)
        watch(view.buffer)
    }
}
