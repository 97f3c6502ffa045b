// A chat window: messages above, a growing PlaceholderTextView input row below.
import GtkPlaceholder

gtk_init(nil, nil)
let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
gtk_window_set_title(UnsafeMutablePointer(OpaquePointer(window)), "Chat")
gtk_window_set_default_size(UnsafeMutablePointer(OpaquePointer(window)), 420, 360)

let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
let messages = gtk_list_box_new()!
let history = gtk_scrolled_window_new(nil, nil)!
gtk_container_add(UnsafeMutablePointer(OpaquePointer(history)), messages)
gtk_box_pack_start(UnsafeMutablePointer(OpaquePointer(column)), history, 1, 1, 0)

let row = ChatInputRow()
row.onSend = { text in
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(UnsafeMutablePointer(OpaquePointer(label)), 0)
    gtk_label_set_line_wrap(UnsafeMutablePointer(OpaquePointer(label)), 1)
    gtk_widget_set_margin_start(label, 8)
    gtk_container_add(UnsafeMutablePointer(OpaquePointer(messages)), label)
    gtk_widget_show(label)
}
gtk_box_pack_start(UnsafeMutablePointer(OpaquePointer(column)), row.widget, 0, 0, 0)
gtk_container_add(UnsafeMutablePointer(OpaquePointer(window)), column)

let quit: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in gtk_main_quit() }
g_signal_connect_data(window, "destroy", unsafeBitCast(quit, to: GCallback.self), nil, nil, GConnectFlags(0))
gtk_widget_show_all(window)
gtk_widget_grab_focus(UnsafeMutablePointer(OpaquePointer(row.textView)))
gtk_main()
