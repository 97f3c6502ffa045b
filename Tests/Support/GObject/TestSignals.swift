import CPlaceholderGObject
import PlaceholderGObjectGlue

// Test-only: the signal shape the suites connect to (GtkOverlay "get-child-position", counted).

/// A handler for a signal with two pointer arguments that returns gboolean.
package typealias TwoPointerPredicate = @MainActor (gpointer?, gpointer?) -> Bool

private let twoPointerPredicateThunk: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> gboolean = {
    _, first, second, data in
    let handler = HandlerBox<TwoPointerPredicate>.unbox(data)
    nonisolated(unsafe) let (first, second) = (first, second)  // GLib emits on the GTK thread, which is main
    return MainActor.assumeIsolated { handler(first, second) ? 1 : 0 }
}

private let twoPointerPredicateCallback = unsafeBitCast(twoPointerPredicateThunk, to: GCallback.self)

extension Signal {
    /// For signals with two pointer arguments returning gboolean.
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false,
        returning handler: @escaping TwoPointerPredicate
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: twoPointerPredicateCallback, handler: handler,
            signature: .init([.pointer, .pointer], returns: .boolean))
    }
}
