import CComposeWindowGtkSource
import ComposeWindowGlue
import GtkPlaceholder

/// The widgets of Resources/compose-window.ui.
@MainActor
struct ComposeLayout {
    let window: UnsafeMutablePointer<GtkWidget>
    let header: UnsafeMutablePointer<GtkWidget>
    let compose: PlaceholderTextView
    let cancelButton: UnsafeMutablePointer<GtkWidget>
    let sendButton: UnsafeMutablePointer<GtkWidget>
    /// Send later…, beside Send.
    let laterButton: UnsafeMutablePointer<GtkWidget>
    let counterLabel: UnsafeMutablePointer<GtkWidget>
    /// Attach… and the row of the post's images, beside the counter.
    let attachButton: UnsafeMutablePointer<GtkWidget>
    let imageStrip: UnsafeMutablePointer<GtkWidget>
    /// The vertical box holding the text and the counter (and the info bar and the post's options,
    /// when they are first needed).
    let column: UnsafeMutablePointer<GtkWidget>
    /// The thread offer and its numbering, beside the counter (ThreadRow).
    let threadCheck: UnsafeMutablePointer<GtkWidget>
    let numberCheck: UnsafeMutablePointer<GtkWidget>
    /// What a reply answers, above the text.
    let replyHeader: UnsafeMutablePointer<GtkWidget>

    init() {
        PlaceholderTextView.registerType()
        g_type_ensure(gtk_source_view_get_type())
        // No style scheme: the text follows the GTK theme, and the buffer does not parse every
        // scheme's XML at start (a sixth of the instructions to the first frame).
        var noDirectories: [UnsafeMutablePointer<gchar>?] = [nil]
        gtk_source_style_scheme_manager_set_search_path(gtk_source_style_scheme_manager_get_default(), &noDirectories)
        Self.addStyleSheet()
        let interface = EmbeddedInterface("compose-window.ui")
        window = interface.widget("window")
        header = interface.widget("header")
        compose = PlaceholderTextView.forWidget(interface.widget("compose"))!
        cancelButton = interface.widget("cancel_button")
        sendButton = interface.widget("send_button")
        laterButton = interface.widget("later_button")
        counterLabel = interface.widget("counter")
        attachButton = interface.widget("attach_button")
        imageStrip = interface.widget("image_strip")
        column = interface.widget("column")
        threadCheck = interface.widget("thread_check")
        numberCheck = interface.widget("number_check")
        replyHeader = interface.widget("reply_header")
    }

    /// The header bar's title in the regular weight: the theme's bold one is a second font file
    /// opened and kept mapped before the first frame (half a megabyte resident) for two words. An
    /// image without alt text is marked as the themes mark a warning (Adwaita's yellow); a video's
    /// length is white on dark over its poster frame, as players show it.
    private static func addStyleSheet() {
        let provider = gtk_css_provider_new()!
        let css = """
            headerbar .title { font-weight: normal; }
            .no-alt-mark { color: #000000; background-color: \(AttachmentStrip.markColor); border-radius: 8px; padding: 1px; }
            .video-length, .caption-count { color: #ffffff; background-color: rgba(0, 0, 0, 0.7); font-size: smaller; padding: 0 2px; }
            """
        gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count), nil)
        gtk_style_context_add_provider_for_screen(
            gdk_screen_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.asGPointer)
    }
}
