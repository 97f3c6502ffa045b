import CPlaceholderGObject

/// A handler for a signal with two pointer arguments.
package typealias TwoPointerHandler = @MainActor (gpointer?, gpointer?) -> Void
/// A handler for a signal with two pointer arguments and an int.
package typealias PointerPointerIntHandler = @MainActor (gpointer?, gpointer?, Int32) -> Void

private let twoPointerThunk: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> Void = {
    _, first, second, data in
    let handler = HandlerBox<TwoPointerHandler>.unbox(data)
    nonisolated(unsafe) let (first, second) = (first, second)
    MainActor.assumeIsolated { handler(first, second) }
}

private let pointerPointerIntThunk: @convention(c) (gpointer?, gpointer?, gpointer?, Int32, gpointer?) -> Void = {
    _, first, second, number, data in
    let handler = HandlerBox<PointerPointerIntHandler>.unbox(data)
    nonisolated(unsafe) let (first, second) = (first, second)
    MainActor.assumeIsolated { handler(first, second, number) }
}

private let twoPointerCallback = unsafeBitCast(twoPointerThunk, to: GCallback.self)
private let pointerPointerIntCallback = unsafeBitCast(pointerPointerIntThunk, to: GCallback.self)

/// A text buffer's edits as they happen ("insert-text", "delete-range"), for the widget's text
/// observers.
extension Signal {
    /// For signals with two pointer arguments and no return value (GtkTextBuffer "delete-range").
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false,
        withTwoArguments handler: @escaping TwoPointerHandler
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: twoPointerCallback, handler: handler,
            signature: .init([.pointer, .pointer], returns: .none))
    }

    /// For (pointer, pointer, int) signals (GtkTextBuffer "insert-text": location, text, length).
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false,
        withPointersAndInt handler: @escaping PointerPointerIntHandler
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: pointerPointerIntCallback, handler: handler,
            signature: .init([.pointer, .pointer, .int], returns: .none))
    }
}
