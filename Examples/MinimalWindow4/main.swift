// The README's GTK 4 usage example, compiled: one window, one PlaceholderTextView.
import GtkPlaceholder4

gtk_init()
let window = gtk_window_new()!
gtk_window_set_default_size(window.cast(), 400, 240)

let compose = PlaceholderTextView(placeholder: "Share something new…")
compose.font = "Sans 15"
gtk_text_view_set_left_margin(compose.textView, 8)
let counting = compose.observeText { _ in print("\(gtk_text_buffer_get_char_count(compose.buffer)) characters") }
gtk_window_set_child(window.cast(), compose.widget)  // the widget keeps `compose` alive

let loop = g_main_loop_new(nil, 0)
Signal.connect(window, "destroy") { g_main_loop_quit(loop) }
gtk_window_present(window.cast())
g_main_loop_run(loop)
