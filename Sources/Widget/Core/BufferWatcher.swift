import CPlaceholderGObject
import PlaceholderGObjectGlue

/// Watches one GtkTextBuffer's "changed" at a time; `watch` moves to another buffer and lets the
/// old one go, so a swapped-out buffer is no longer observed (or kept alive) by us.
@MainActor
package final class BufferWatcher {
    /// The buffer watched now, referenced while watched.
    package private(set) var buffer: UnsafeMutablePointer<GObject>?
    private var connection: SignalConnection?

    package init() {}

    isolated deinit { stop() }

    package func watch(_ newBuffer: UnsafeMutablePointer<GObject>?, onChange: @escaping @MainActor () -> Void) {
        guard newBuffer != buffer else { return }
        stop()
        guard let newBuffer else { return }
        g_object_ref(newBuffer)
        buffer = newBuffer
        connection = Signal.connect(newBuffer, "changed", onChange)
    }

    package func stop() {
        connection?.disconnect()
        connection = nil
        if let buffer { g_object_unref(buffer) }
        buffer = nil
    }
}
