import CPlaceholderGtk3
import PlaceholderGObjectGlue
import PlaceholderGtk3Glue

/// A GtkBuilder interface loaded from .ui text: the objects it made, by id. The builder (and its
/// references) goes with this value; widgets packed into a container or shown as toplevels stay.
@MainActor
package final class Interface {
    /// Why a .ui text did not load: GtkBuilder's message, or the id that is missing.
    package struct Failure: Error, CustomStringConvertible {
        /// One line saying what is wrong.
        package let description: String
    }

    /// The GtkBuilder holding the objects.
    package let builder: UnsafeMutablePointer<GtkBuilder>

    /// Parses `text` (register any custom types it names first).
    package init(_ text: String) throws(Failure) {
        builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, text, gsize(text.utf8.count), &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "GtkBuilder failed"
            g_error_free(error)
            throw Failure(description: message)  // deinit still runs (every property is set) and unrefs
        }
    }

    isolated deinit { g_object_unref(builder.asGPointer) }

    /// The object with `id`, as the struct type it is (a widget, usually).
    package func object<T>(_ id: String, as _: T.Type = GtkWidget.self) throws(Failure) -> UnsafeMutablePointer<T> {
        guard let object = gtk_builder_get_object(builder, id) else {
            throw Failure(description: "no object with id \"\(id)\"")
        }
        return object.cast()
    }
}
