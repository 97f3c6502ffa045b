import GtkPlaceholder4

/// Input as the shared behaviour suite sends it (keys: `type` and `key`, real X events).
extension TestWindow {
    /// A real button-1 click through the X server at (x, y) in `widget`'s coordinates.
    func click(_ widget: UnsafeMutablePointer<GtkWidget>, x: Int32, y: Int32) {
        let (windowX, windowY) = Toolkit.point(x, y, from: widget, to: window)
        Shell.run("xdotool", "mousemove", "--window", String(xid), String(windowX), String(windowY))
        Shell.run("xdotool", "click", "1")
    }

    /// Puts `text` on the clipboard and pastes it into the focused text view, through its own
    /// "clipboard.paste" action (GTK 4's clipboard is asynchronous: it lands a main-loop turn later).
    func paste(_ text: String) {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else {
            preconditionFailure("nothing has the focus")
        }
        gdk_clipboard_set_text(gtk_widget_get_clipboard(focus), text)
        precondition(gtk_widget_activate_action_variant(focus, "clipboard.paste", nil) != 0, "no paste action")
    }
}
