import CPlaceholderGObject
import PlaceholderGObjectGlue

/// Watches one GtkTextBuffer's "changed" at a time; `watch` moves to another buffer and lets the
/// old one go, so a swapped-out buffer is no longer observed (or kept alive) by us. The buffer is
/// GTK 3's or GTK 4's: `characterCount` is the toolkit's `gtk_text_buffer_get_char_count`.
@MainActor
package final class BufferWatcher {
    private let characterCount: @MainActor (UnsafeMutablePointer<GObject>) -> Int32
    private var buffer: ObjectReference<GObject>?
    private var connection: SignalConnection?

    package init(characterCount: @escaping @MainActor (UnsafeMutablePointer<GObject>) -> Int32) {
        self.characterCount = characterCount
    }

    package func watch(_ newBuffer: UnsafeMutablePointer<GObject>?, onChange: @escaping @MainActor () -> Void) {
        guard newBuffer != buffer?.pointer else { return }
        stop()
        guard let newBuffer else { return }
        buffer = ObjectReference(newBuffer)
        connection = Signal.connect(newBuffer, "changed", onChange)
    }

    package func stop() {
        connection?.disconnect()
        connection = nil
        buffer = nil
    }

    /// O(1): GtkTextBuffer keeps its character count in the B-tree.
    package var isEmpty: Bool {
        guard let buffer else { return true }
        return characterCount(buffer.pointer) == 0
    }
}
