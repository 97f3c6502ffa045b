import CPlaceholderGObject
import PlaceholderGObjectGlue

// The signal shapes only the app (and the chat example) connects to; the widget needs none of them.

/// A handler for a signal with one pointer argument that returns gboolean.
package typealias PointerPredicate = @MainActor (gpointer?) -> Bool
/// A handler for a signal with one gint argument.
package typealias IntHandler = @MainActor (Int32) -> Void

private let predicateThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean = {
    _, argument, data in
    let handler = HandlerBox<PointerPredicate>.unbox(data)
    nonisolated(unsafe) let argument = argument  // GLib emits on the GTK thread, which is main
    return MainActor.assumeIsolated { handler(argument).gboolean }
}

private let intThunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, number, data in
    let handler = HandlerBox<IntHandler>.unbox(data)
    MainActor.assumeIsolated { handler(number) }
}

private let predicateCallback = unsafeBitCast(predicateThunk, to: GCallback.self)
private let intCallback = unsafeBitCast(intThunk, to: GCallback.self)

extension Signal {
    /// For signals with one pointer argument returning gboolean ("draw", "key-press-event").
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false,
        returning handler: @escaping PointerPredicate
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: predicateCallback, handler: handler,
            signature: .init([.pointer], returns: .boolean))
    }

    /// For signals with one gint argument and no return value (GtkInfoBar and GtkDialog "response").
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false, withInt handler: @escaping IntHandler
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: intCallback, handler: handler,
            signature: .init([.int], returns: .none))
    }
}
