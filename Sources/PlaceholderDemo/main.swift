import Foundation
import GLibSwift
import GtkPlaceholder

// A small window showing the widget until the compose window exists: `make run`.
MainActor.assumeIsolated {
    guard gtk_init_check(nil, nil) != 0 else {
        FileHandle.standardError.write(Data("placeholder-demo: cannot open a display (is DISPLAY set?)\n".utf8))
        exit(3)
    }
    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_title(window.cast(), "GtkPlaceholder demo")
    gtk_window_set_default_size(window.cast(), 420, 240)
    let view = PlaceholderTextView(placeholder: "Share something new…")
    gtk_text_view_set_left_margin(view.textView, 8)
    gtk_text_view_set_right_margin(view.textView, 8)
    gtk_text_view_set_top_margin(view.textView, 5)
    view.font = "Sans 15"
    gtk_container_add(window.asContainer, view.widget)
    Signal.connect(window, "destroy") { gtk_main_quit() }
    gtk_widget_show_all(window)
    gtk_main()
}
