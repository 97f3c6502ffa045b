// The README's usage example, compiled: one window, one PlaceholderTextView.
import GtkPlaceholder

gtk_init(nil, nil)
let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
gtk_window_set_default_size(window.cast(), 400, 240)

let compose = PlaceholderTextView(placeholder: "Share something new…")
compose.font = "Sans 15"
gtk_text_view_set_left_margin(compose.textView, 8)
let counting = compose.observeText { _ in print("\(gtk_text_buffer_get_char_count(compose.buffer)) characters") }
gtk_container_add(window.asContainer, compose.widget)  // the widget keeps `compose` alive

Signal.connect(window, "destroy") { gtk_main_quit() }
gtk_widget_show_all(window)
gtk_main()
