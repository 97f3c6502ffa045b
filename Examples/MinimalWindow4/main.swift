// The README's GTK 4 quick start, as written there (ReadmeExampleTests checks they are the same): one
// window, one PlaceholderTextView, built as a dependent builds it.
import GtkPlaceholder4  // also gives you the GTK 4 C API

gtk_init()
let window = gtk_window_new()!
// GTK's C types import as distinct pointer types: pass a GtkWidget* where GTK wants its GtkWindow*
// through OpaquePointer, as C casts with GTK_WINDOW().
gtk_window_set_default_size(UnsafeMutablePointer(OpaquePointer(window)), 400, 240)

let compose = PlaceholderTextView(placeholder: "Share something new…")
compose.font = "Sans 15"
gtk_text_view_set_left_margin(compose.textView, 8)
let counting = compose.observeText { _ in print("\(gtk_text_buffer_get_char_count(compose.buffer)) characters") }
gtk_window_set_child(UnsafeMutablePointer(OpaquePointer(window)), compose.widget)  // it keeps `compose` alive

// Closing the window ends the program (GTK 4 has no gtk_main: a GLib main loop).
let loop = g_main_loop_new(nil, 0)
let quit: @convention(c) (gpointer?, gpointer?) -> Void = { _, loop in g_main_loop_quit(OpaquePointer(loop)) }
g_signal_connect_data(
    window, "destroy", unsafeBitCast(quit, to: GCallback.self), UnsafeMutableRawPointer(loop), nil, GConnectFlags(0))
gtk_window_present(UnsafeMutablePointer(OpaquePointer(window)))
g_main_loop_run(loop)
