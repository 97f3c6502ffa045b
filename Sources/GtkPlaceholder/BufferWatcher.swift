import GLibSwift

/// Watches one GtkTextBuffer's "changed" at a time; `watch` moves to another buffer and lets the
/// old one go, so a swapped-out buffer is no longer observed (or kept alive) by us.
@MainActor
final class BufferWatcher {
    private var buffer: ObjectReference<GtkTextBuffer>?
    private var connection: SignalConnection?

    func watch(_ newBuffer: UnsafeMutablePointer<GtkTextBuffer>?, onChange: @escaping @MainActor () -> Void) {
        guard newBuffer != buffer?.pointer else { return }
        stop()
        guard let newBuffer else { return }
        buffer = ObjectReference(newBuffer)
        connection = Signal.connect(newBuffer, "changed", onChange)
    }

    func stop() {
        connection?.disconnect()
        connection = nil
        buffer = nil
    }

    /// O(1): GtkTextBuffer keeps its character count in the B-tree.
    var isEmpty: Bool {
        guard let buffer else { return true }
        return gtk_text_buffer_get_char_count(buffer.pointer) == 0
    }
}
