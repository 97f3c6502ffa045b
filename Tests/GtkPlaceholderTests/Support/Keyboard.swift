import GtkPlaceholder
import PlaceholderGtk3Glue
import PlaceholderGtk3TestSupport

/// Key presses delivered through GTK's event dispatch to the toplevel's focus widget (and its input
/// method), synchronously: what a keyboard sends, without an X round trip to wait for.
@MainActor
enum Keyboard {
    static func press(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ keyval: Int32, _ modifiers: GdkModifierType = GdkModifierType(0)
    ) {
        send(GDK_KEY_PRESS, to: widget, keyval, modifiers)
        send(GDK_KEY_RELEASE, to: widget, keyval, modifiers)
    }

    /// One key event (a press or a release) with `modifiers` held, dispatched at once;
    /// `isModifier` as GDK marks a modifier key's own events.
    static func send(
        _ type: GdkEventType, to widget: UnsafeMutablePointer<GtkWidget>, _ keyval: Int32,
        _ modifiers: GdkModifierType = GdkModifierType(0), isModifier: Bool = false
    ) {
        guard let window = gtk_widget_get_window(gtk_widget_get_toplevel(widget)) else {
            preconditionFailure("the widget is not realized in a window")
        }
        let event = gdk_event_new(type)!
        event.pointee.key.window = window
        g_object_ref(window.asGPointer)  // gdk_event_free drops it
        event.pointee.key.send_event = 1
        event.pointee.key.time = guint32(GDK_CURRENT_TIME)
        event.pointee.key.state = modifiers.rawValue
        event.pointee.key.keyval = guint(keyval)
        event.pointee.key.hardware_keycode = keycode(for: keyval)
        event.pointee.key.is_modifier = isModifier ? 1 : 0
        gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(gdk_window_get_display(window))))
        gtk_main_do_event(event)
        gdk_event_free(event)
        MainLoop.drain()
    }

    static func type(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ text: String, modifiers: GdkModifierType = GdkModifierType(0)
    ) {
        for scalar in text.unicodeScalars {
            press(widget, Int32(gdk_unicode_to_keyval(scalar.value)), modifiers)
        }
    }

    private static func keycode(for keyval: Int32) -> guint16 {
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: gint = 0
        gdk_keymap_get_entries_for_keyval(
            gdk_keymap_get_for_display(gdk_display_get_default()), guint(keyval), &keys, &count)
        defer { g_free(keys) }
        return count > 0 ? guint16(keys![0].keycode) : 0
    }

    static let control = GDK_CONTROL_MASK
    static let controlShift = GdkModifierType(GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
}
