import CPlaceholderGtk3
import PlaceholderGObjectGlue
import PlaceholderGtk3Glue

/// Text offered on a GtkClipboard in every text format GTK knows, for as long as this process owns
/// the clipboard: `onLost` runs once when another program (or the clipboard manager, after storing
/// it) takes the clipboard over.
@MainActor
package enum ClipboardText {
    private final class Offer: @unchecked Sendable {
        let text: String
        let onLost: @MainActor () -> Void
        init(text: String, onLost: @escaping @MainActor () -> Void) {
            self.text = text
            self.onLost = onLost
        }
    }

    private static let provide: @convention(c) (OpaquePointer?, OpaquePointer?, guint, gpointer?) -> Void = {
        _, selection, _, data in
        let offer = Unmanaged<Offer>.fromOpaque(data!).takeUnretainedValue()
        gtk_selection_data_set_text(selection, offer.text, gint(offer.text.utf8.count))
    }

    private static let clear: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
        let offer = Unmanaged<Offer>.fromOpaque(data!).takeRetainedValue()
        MainActor.assumeIsolated { offer.onLost() }
    }

    /// Takes `clipboard` over with `text`; false if GTK could not become its owner.
    package static func offer(
        _ text: String, on clipboard: OpaquePointer, onLost: @escaping @MainActor () -> Void
    ) -> Bool {
        let targets = gtk_target_list_new(nil, 0)
        gtk_target_list_add_text_targets(targets, 0)
        var count: gint = 0
        let table = gtk_target_table_new_from_list(targets, &count)
        defer {
            gtk_target_table_free(table, count)
            gtk_target_list_unref(targets)
        }
        let data = Unmanaged.passRetained(Offer(text: text, onLost: onLost)).toOpaque()
        guard gtk_clipboard_set_with_data(clipboard, table, guint(count), provide, clear, data) != 0 else {
            Unmanaged<Offer>.fromOpaque(data).release()  // GTK calls no clear function on failure
            return false
        }
        return true
    }
}
