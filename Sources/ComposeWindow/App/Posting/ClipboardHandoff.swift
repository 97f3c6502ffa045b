import ComposeWindowCore
import ComposeWindowGlue
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

/// `--to clipboard`: the text stays pasteable after the window has gone. Where a clipboard manager
/// runs (GNOME's and KDE's keep clipboards; on X11 it owns CLIPBOARD_MANAGER), the text is handed
/// to it and the process exits. Where none does (and always on Wayland, where GTK 3 has no such
/// protocol), the process exits 0 for its caller at once, as xclip and wl-copy do, and a copy of
/// it without a window goes on serving the text until something else is copied, the session ends,
/// or `servingLimitSeconds` pass.
@MainActor
enum ClipboardHandoff {
    static let servingLimitSeconds: UInt32 = 24 * 60 * 60
    /// File descriptors above standard error that the process inherited (recorded by main).
    static var inheritedDescriptors: [Int32] = []

    static var clipboard: OpaquePointer {
        gtk_clipboard_get_for_display(gdk_display_get_default(), gdk_atom_intern_static_string("CLIPBOARD"))
    }

    /// Puts `text` on the clipboard while the window still has the focus (Wayland accepts a new
    /// selection only from the focused client); `onLost` runs when another program takes it.
    static func take(_ text: String, onLost: @escaping @MainActor () -> Void) -> Bool {
        ClipboardText.offer(text, on: clipboard, onLost: onLost)
    }

    /// After the window has closed. Returns in the process that should exit now.
    static func keep(isLost: @MainActor () -> Bool, serve: @MainActor () -> Void) {
        if gdk_display_supports_clipboard_persistence(gdk_display_get_default()) != 0 {
            gtk_clipboard_set_can_store(clipboard, nil, 0)
            gtk_clipboard_store(clipboard)  // returns once the manager has the text (or gave up)
            return
        }
        guard !isLost() else { return }
        switch fork() {
        case -1: break  // no background copy: serve from this process
        case 0:
            // The copy: its own session, nothing of the caller's held open (a script's $(…) reads
            // standard output to its end).
            setsid()
            let null = open("/dev/null", O_RDWR)
            for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] { dup2(null, descriptor) }
            if null > STDERR_FILENO { close(null) }
            for descriptor in inheritedDescriptors { close(descriptor) }
        default:
            // The caller's process: done. _exit, not exit: nothing may touch the display connection
            // the copy now serves from.
            _exit(ExitCode.sent.rawValue)
        }
        serve()
    }
}
