import CPlaceholderGObject
import PlaceholderGObjectGlue

/// Watches one GtkTextBuffer's "changed" at a time, through the widget's hub; `watch` moves to
/// another buffer and lets the old one go, so a swapped-out buffer is no longer observed (or kept
/// alive) by us.
@MainActor
package struct BufferWatcher {
    /// The buffer watched now, referenced while watched.
    package private(set) var buffer: UnsafeMutablePointer<GObject>?
    private var connection: SignalHub.Connection?

    package init() {}

    package mutating func watch(_ newBuffer: UnsafeMutablePointer<GObject>?, through hub: SignalHub) {
        guard newBuffer != buffer else { return }
        stop(hub)
        guard let newBuffer else { return }
        g_object_ref(newBuffer)
        buffer = newBuffer
        connection = hub.connect(newBuffer, "changed")
    }

    /// Disconnects and lets the buffer go (call before the watcher goes).
    package mutating func stop(_ hub: SignalHub) {
        if let connection { hub.disconnect(connection) }
        connection = nil
        if let buffer { g_object_unref(buffer) }
        buffer = nil
    }
}
