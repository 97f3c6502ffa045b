// A chat window: messages above, a growing PlaceholderTextView input row below.
import GtkPlaceholder

gtk_init(nil, nil)
let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
gtk_window_set_title(window.cast(), "Chat")
gtk_window_set_default_size(window.cast(), 420, 360)

let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
let messages = gtk_list_box_new()!
let history = gtk_scrolled_window_new(nil, nil)!
gtk_container_add(history.asContainer, messages)
gtk_box_pack_start(column.cast(), history, 1, 1, 0)

let row = ChatInputRow()
row.onSend = { text in
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(label.cast(), 0)
    gtk_label_set_line_wrap(label.cast(), 1)
    gtk_widget_set_margin_start(label, 8)
    gtk_container_add(messages.asContainer, label)
    gtk_widget_show(label)
}
gtk_box_pack_start(column.cast(), row.widget, 0, 0, 0)
gtk_container_add(window.asContainer, column)

Signal.connect(window, "destroy") { gtk_main_quit() }
gtk_widget_show_all(window)
gtk_widget_grab_focus(row.textView.asWidget)
gtk_main()
