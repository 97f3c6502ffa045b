import CPlaceholderGtk3
import PlaceholderGObjectGlue
import PlaceholderGtk3Glue

private let shortcutThunk:
    @convention(c) (
        UnsafeMutablePointer<GtkAccelGroup>?, UnsafeMutablePointer<GObject>?, guint, GdkModifierType, gpointer?
    ) -> gboolean = { _, _, _, _, data in
        let action = HandlerBox<VoidHandler>.unbox(data)
        MainActor.assumeIsolated { action() }
        return 1
    }

/// A window's keyboard shortcuts, GTK 3's way for a window without a GtkApplication: one
/// GtkAccelGroup, each accelerator running its action. The window checks them before the focused
/// widget sees the key, and a shortcut's key is always consumed (so Ctrl+Enter never falls
/// through to the text as a newline).
@MainActor
package enum KeyboardShortcuts {
    /// Adds `shortcuts` (accelerators in gtk_accelerator_parse's syntax, "<Control>Return") to
    /// `window`, which keeps them for its lifetime.
    package static func install(
        on window: UnsafeMutablePointer<GtkWidget>, _ shortcuts: [(accelerator: String, action: VoidHandler)]
    ) {
        let group = gtk_accel_group_new()!
        for (accelerator, action) in shortcuts {
            var key: guint = 0
            var modifiers = GdkModifierType(0)
            gtk_accelerator_parse(accelerator, &key, &modifiers)
            precondition(key != 0, "invalid accelerator \(accelerator)")
            let data = Unmanaged.passRetained(HandlerBox(action) as AnyObject).toOpaque()
            let closure = g_cclosure_new(unsafeBitCast(shortcutThunk, to: GCallback.self), data, releaseBox)
            gtk_accel_group_connect(group, key, modifiers, GtkAccelFlags(0), closure)
        }
        gtk_window_add_accel_group(window.cast(), group)
        g_object_unref(group.asGPointer)
    }
}

extension KeyboardShortcuts {
    /// Ends a key's release at `widget` when it did not handle it. GTK 3 otherwise offers every
    /// release to each ancestor's key bindings in turn, a binding-table look-up per container,
    /// for keys none of them binds (in compose-window, 6 % of typing's instructions under callgrind).
    /// A modifier's release still travels (the window shows and hides mnemonics on Alt).
    package static func endUnhandledKeyReleases(at widget: UnsafeMutablePointer<GtkWidget>) {
        Signal.connect(
            widget, "key-release-event", after: true,
            returning: { event in
                guard let event else { return false }
                return event.cast(to: GdkEventKey.self).pointee.is_modifier == 0
            })
    }
}
