// The README's quick start, as written there (ReadmeExampleTests checks they are the same): one window,
// one PlaceholderTextView, built as a dependent builds it.
import GtkPlaceholder  // also gives you the GTK 3 C API

gtk_init(nil, nil)
let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
// GTK's C types import as distinct pointer types: pass a GtkWidget* where GTK wants its GtkWindow* or
// GtkContainer* through OpaquePointer, as C casts with GTK_WINDOW().
gtk_window_set_default_size(UnsafeMutablePointer(OpaquePointer(window)), 400, 240)

let compose = PlaceholderTextView(placeholder: "Share something new…")
compose.font = "Sans 15"
gtk_text_view_set_left_margin(compose.textView, 8)
let counting = compose.observeText { _ in print("\(gtk_text_buffer_get_char_count(compose.buffer)) characters") }
gtk_container_add(UnsafeMutablePointer(OpaquePointer(window)), compose.widget)  // it keeps `compose` alive

// Closing the window ends the program: a C function as the "destroy" handler, as G_CALLBACK makes it.
let quit: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in gtk_main_quit() }
g_signal_connect_data(window, "destroy", unsafeBitCast(quit, to: GCallback.self), nil, nil, GConnectFlags(0))
gtk_widget_show_all(window)
gtk_main()
