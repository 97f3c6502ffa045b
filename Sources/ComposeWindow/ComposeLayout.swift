import CGtkSource
import Foundation
import GtkPlaceholder

/// The widgets of Resources/compose-window.ui (compiled in by the EmbedFiles plugin). A layout that
/// does not load is a build defect, so it stops the program with GtkBuilder's message.
@MainActor
struct ComposeLayout {
    let window: UnsafeMutablePointer<GtkWidget>
    let header: UnsafeMutablePointer<GtkWidget>
    let compose: PlaceholderTextView
    let sendButton: UnsafeMutablePointer<GtkWidget>
    let counterLabel: UnsafeMutablePointer<GtkWidget>
    let infoBar: UnsafeMutablePointer<GtkWidget>
    let infoMessage: UnsafeMutablePointer<GtkWidget>
    let infoButton: UnsafeMutablePointer<GtkWidget>

    init() {
        PlaceholderTextView.registerType()
        g_type_ensure(gtk_source_view_get_type())
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder.asGPointer) }
        // The translation domain comes from the file's <interface domain="compose-window">. Setting
        // it on the builder as well made GTK 3.24's parser restore a domain it had freed (valgrind).
        let text = EmbeddedFiles.contents["compose-window.ui"]!
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_string(builder, text, gsize(text.utf8.count), &error) == 0 {
            fatalError("compose-window.ui: \(error.map { String(cString: $0.pointee.message) } ?? "?")")
        }
        func object(_ id: String) -> UnsafeMutablePointer<GtkWidget> {
            guard let object = gtk_builder_get_object(builder, id) else { fatalError("compose-window.ui: no \(id)") }
            return object.cast()
        }
        window = object("window")
        // The builder's reference goes with it; a toplevel is owned by GTK's window list.
        header = object("header")
        compose = PlaceholderTextView.forWidget(object("compose"))!
        sendButton = object("send_button")
        counterLabel = object("counter")
        infoBar = object("info_bar")
        infoMessage = object("info_message")
        infoButton = object("info_button")
    }
}
