import CPlaceholderGtk3
import Glibc

// bare-window-swift: the Swift floor of the app benchmark — bare-window-c's window written in
// Swift (static runtime, no Foundation), so what compose-window costs beyond it is its own.
var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65_536)
while true {
    let count = read(STDIN_FILENO, &chunk, chunk.count)
    guard count > 0 else { break }
    input += chunk[0..<count]
}
guard gtk_init_check(nil, nil) != 0 else {
    let message = "bare-window-swift: cannot open a display\n"
    _ = write(STDERR_FILENO, message, message.utf8.count)
    exit(3)
}
let view = gtk_text_view_new()!
let textView = UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self)
gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
gtk_text_view_set_left_margin(textView, 10)
gtk_text_view_set_right_margin(textView, 10)
gtk_text_view_set_top_margin(textView, 8)
gtk_text_view_set_bottom_margin(textView, 8)
input.append(0)
input.withUnsafeBufferPointer { bytes in
    bytes.withMemoryRebound(to: CChar.self) {
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(textView), $0.baseAddress, gint(bytes.count - 1))
    }
}
let scrolled = gtk_scrolled_window_new(nil, nil)!
gtk_scrolled_window_set_policy(
    UnsafeMutableRawPointer(scrolled).assumingMemoryBound(to: GtkScrolledWindow.self), GTK_POLICY_NEVER,
    GTK_POLICY_AUTOMATIC)
gtk_container_add(UnsafeMutableRawPointer(scrolled).assumingMemoryBound(to: GtkContainer.self), view)
let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
gtk_window_set_title(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), "bare")
gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 480, 320)
gtk_container_add(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkContainer.self), scrolled)
let quit: @convention(c) () -> Void = { gtk_main_quit() }
g_signal_connect_data(window, "destroy", quit, nil, nil, GConnectFlags(0))
gtk_widget_show_all(window)
gtk_widget_grab_focus(view)
gtk_main()
