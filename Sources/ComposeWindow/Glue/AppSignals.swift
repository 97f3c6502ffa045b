import CPlaceholderGObject
import PlaceholderGObjectGlue

// The signal shapes only the app (and the chat example) connects to; the widget needs none of them.

/// A handler for a signal with one pointer argument that returns gboolean.
package typealias PointerPredicate = @MainActor (gpointer?) -> Bool
/// A handler for a signal with one gint argument.
package typealias IntHandler = @MainActor (Int32) -> Void
/// A handler for GtkWidget "drag-data-received": the drag's context, where it was dropped, its
/// GtkSelectionData, the target's info and the event's time.
package typealias DropHandler =
    @MainActor (_ context: OpaquePointer, _ x: Int32, _ y: Int32, _ data: OpaquePointer, _ info: UInt32, _ time: UInt32)
    -> Void

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

private let dropThunk:
    @convention(c) (gpointer?, OpaquePointer?, gint, gint, OpaquePointer?, guint, guint, gpointer?) -> Void = {
        _, context, x, y, selection, info, time, data in
        let handler = HandlerBox<DropHandler>.unbox(data)
        nonisolated(unsafe) let context = context!  // GTK emits on its own thread, which is main
        nonisolated(unsafe) let selection = selection!
        MainActor.assumeIsolated { handler(context, x, y, selection, info, time) }
    }

private let predicateCallback = unsafeBitCast(predicateThunk, to: GCallback.self)
private let intCallback = unsafeBitCast(intThunk, to: GCallback.self)
private let dropCallback = unsafeBitCast(dropThunk, to: GCallback.self)

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

    /// For GtkWidget "drag-data-received".
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false, dropped handler: @escaping DropHandler
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: dropCallback, handler: handler,
            signature: .init([.pointer, .int, .int, .pointer, .int, .int], returns: .none))
    }
}
