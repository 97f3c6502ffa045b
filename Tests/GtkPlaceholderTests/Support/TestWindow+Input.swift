import Foundation
import GtkPlaceholder
import PlaceholderGtk3Glue
import PlaceholderGtk3TestSupport

/// Input as the shared behaviour suite sends it. Keys go through GTK's event dispatch to the
/// window's focus widget (and its input method) at once (`Keyboard`); clicks through the X server.
extension TestWindow {
    private var focusWidget: UnsafeMutablePointer<GtkWidget> {
        guard let focus = gtk_window_get_focus(window.cast()) else { preconditionFailure("nothing has the focus") }
        return focus
    }

    func type(_ text: String) {
        Keyboard.type(focusWidget, text)
        settle()
    }

    /// A chord in xdotool's spelling ("ctrl+shift+u", "Escape", "space"), sent as a keyboard does:
    /// each modifier key pressed, the key pressed and released, the modifiers released (input
    /// methods such as GtkIMContextSimple's Ctrl+Shift+U watch the modifiers' own releases).
    func key(_ chord: String) {
        var names = chord.split(separator: "+").map(String.init)
        let keyName = names.removeLast()
        let modifierKeys: [String: (keyval: Int32, mask: GdkModifierType)] = [
            "ctrl": (GDK_KEY_Control_L, GDK_CONTROL_MASK), "shift": (GDK_KEY_Shift_L, GDK_SHIFT_MASK),
            "alt": (GDK_KEY_Alt_L, GDK_MOD1_MASK),
        ]
        let modifiers = names.map { name in
            guard let modifier = modifierKeys[name] else { preconditionFailure("unknown modifier \(name)") }
            return modifier
        }
        let widget = focusWidget
        var held: UInt32 = 0
        for modifier in modifiers {
            Keyboard.send(GDK_KEY_PRESS, to: widget, modifier.keyval, GdkModifierType(held))
            held |= modifier.mask.rawValue
        }
        var keyval = gdk_keyval_from_name(keyName)
        // What X reports for a shifted letter: its upper case.
        if held & GDK_SHIFT_MASK.rawValue != 0 { keyval = gdk_keyval_to_upper(keyval) }
        Keyboard.press(widget, Int32(keyval), GdkModifierType(held))
        for modifier in modifiers.reversed() {
            Keyboard.send(GDK_KEY_RELEASE, to: widget, modifier.keyval, GdkModifierType(held))
            held &= ~modifier.mask.rawValue
        }
        settle()
    }

    /// A real button-1 click through the X server at (x, y) in `widget`'s coordinates.
    func click(_ widget: UnsafeMutablePointer<GtkWidget>, x: Int32, y: Int32) {
        let (windowX, windowY) = Toolkit.point(x, y, from: widget, to: window)
        var originX: gint = 0
        var originY: gint = 0
        gdk_window_get_origin(gtk_widget_get_window(window), &originX, &originY)
        Shell.run("xdotool", "mousemove", String(originX + windowX), String(originY + windowY), "click", "1")
    }

    /// Puts `text` on the clipboard and pastes it into the focused text view (Ctrl+V).
    func paste(_ text: String) {
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), text, -1)
        key("ctrl+v")
    }
}
