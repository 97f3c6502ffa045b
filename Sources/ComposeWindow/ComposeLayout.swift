import CGtkSource
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
    /// The vertical box holding the text and the counter (and the info bar, when there is one).
    let column: UnsafeMutablePointer<GtkWidget>

    init() {
        PlaceholderTextView.registerType()
        g_type_ensure(gtk_source_view_get_type())
        // No style scheme: the text follows the GTK theme, and the buffer does not parse every
        // scheme's XML at start (a sixth of the instructions to the first frame).
        var noDirectories: [UnsafeMutablePointer<gchar>?] = [nil]
        gtk_source_style_scheme_manager_set_search_path(gtk_source_style_scheme_manager_get_default(), &noDirectories)
        // The translation domain comes from the file's <interface domain="compose-window">. Setting
        // it on the builder as well made GTK 3.24's parser restore a domain it had freed (valgrind).
        let interface: Interface
        do throws(Interface.Failure) {
            interface = try Interface(EmbeddedFiles.contents["compose-window.ui"]!)
        } catch {
            fatalError("compose-window.ui: \(error)")
        }
        func object(_ id: String) -> UnsafeMutablePointer<GtkWidget> {
            do throws(Interface.Failure) { return try interface.object(id) } catch {
                fatalError("compose-window.ui: \(error)")
            }
        }
        // Toplevels belong to GTK's window list and packed widgets to their parents: they outlive
        // the builder.
        window = object("window")
        header = object("header")
        compose = PlaceholderTextView.forWidget(object("compose"))!
        sendButton = object("send_button")
        counterLabel = object("counter")
        column = object("column")
    }
}
