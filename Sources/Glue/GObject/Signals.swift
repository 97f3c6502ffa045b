import CPlaceholderGObject

/// One connected handler. Whether it is still connected is learnt from the handler's own destroy
/// notify (GLib runs it on disconnection and when the instance drops its handlers), so disconnecting
/// never asks GObject about an instance that may be finalized already.
package struct SignalConnection: Sendable {
    /// The id g_signal_connect_data returned.
    package let handlerID: gulong
    private let instanceAddress: UInt
    fileprivate let state: ConnectionState

    fileprivate init(instance: gpointer, handlerID: gulong, state: ConnectionState) {
        self.instanceAddress = UInt(bitPattern: instance)
        self.handlerID = handlerID
        self.state = state
    }

    /// Whether GLib still holds the handler.
    @MainActor package var isConnected: Bool { state.isConnected }

    /// Disconnects the handler if the instance still holds it; safe twice, and after the instance
    /// was disposed or finalized.
    @MainActor package func disconnect() {
        guard isConnected, let instance = UnsafeMutableRawPointer(bitPattern: instanceAddress) else { return }
        g_signal_handler_disconnect(instance, handlerID)
    }
}

/// Whether a handler is still connected, shared by a connection and its handler's box (the box is
/// one: no second object per connection). Cleared by the destroy notify. GLib runs handlers and
/// their destroy notifies on the thread that owns the instance, the main thread for ours.
package class ConnectionState: @unchecked Sendable {
    nonisolated(unsafe) var isConnected = true

    /// GLib let the handler go.
    func released() { isConnected = false }
}

/// Holds a Swift closure for exactly as long as the GLib connection that calls it: retained when
/// connected, released by GLib's destroy notify, whichever of handler or instance goes first (the
/// closure then goes, even while a `SignalConnection` still holds the box for its state).
package final class HandlerBox<Handler>: ConnectionState, @unchecked Sendable {
    nonisolated(unsafe) private var handler: Handler?
    package init(_ handler: Handler) { self.handler = handler }

    package static func unbox(_ data: gpointer?) -> Handler {
        Unmanaged<HandlerBox<Handler>>.fromOpaque(data!).takeUnretainedValue().handler!
    }

    override func released() {
        super.released()
        handler = nil
    }
}

package func releaseBox(_ data: gpointer?, _: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    let box = Unmanaged<AnyObject>.fromOpaque(data)
    (box.takeUnretainedValue() as? ConnectionState)?.released()
    box.release()
}

/// A handler for a signal without arguments.
package typealias VoidHandler = @MainActor () -> Void
/// A handler for a signal with one pointer argument.
package typealias PointerHandler = @MainActor (gpointer?) -> Void

private let voidThunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let handler = HandlerBox<VoidHandler>.unbox(data)
    MainActor.assumeIsolated { handler() }
}

private let pointerThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let handler = HandlerBox<PointerHandler>.unbox(data)
    nonisolated(unsafe) let argument = argument  // GLib emits on the GTK thread, which is main
    MainActor.assumeIsolated { handler(argument) }
}

/// Connects `handler` through `thunk`, whose C signature `signature` describes (EditSignals.swift
/// adds the text buffer's edit signals on top of this).
@MainActor
package func connectHandler<Handler>(
    _ instance: gpointer, _ signal: String, after: Bool, thunk: GCallback, handler: Handler,
    signature: SignalSignature
) -> SignalConnection {
    // Debug builds only: a handler whose C signature is not the signal's fails here, by name.
    assert(signature.mismatch(instance, signal) == nil, signature.mismatch(instance, signal) ?? "")
    let box = HandlerBox(handler)
    let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
    let id = g_signal_connect_data(
        instance, signal, thunk, data, releaseBox, after ? G_CONNECT_AFTER : GConnectFlags(0))
    precondition(id != 0, "GLib refused signal \(signal)")
    return SignalConnection(instance: instance, handlerID: id, state: box)
}

/// Anything that points at a GObject instance: typed GTK pointers and the opaque ones (GdkKeymap,
/// GSimpleAction, …) alike.
package protocol GObjectPointer {
    /// The instance as an untyped gpointer.
    var asGPointer: gpointer { get }
}

extension UnsafeMutablePointer: GObjectPointer {}
extension OpaquePointer: GObjectPointer {}

private let voidCallback = unsafeBitCast(voidThunk, to: GCallback.self)
private let pointerCallback = unsafeBitCast(pointerThunk, to: GCallback.self)

/// Signal connection for signals whose C handlers take (instance, [arguments…], user_data); the
/// overload must match the signal's C signature. Handlers run on the main actor: GLib emits GTK
/// signals on the thread running GTK.
@MainActor
package enum Signal {
    /// For signals with no arguments and no return value ("changed", "destroy", "style-updated").
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false, _ handler: @escaping VoidHandler
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: voidCallback, handler: handler,
            signature: .init([], returns: .none))
    }

    /// For signals with one pointer argument and no return value ("preedit-changed", "size-allocate",
    /// GSimpleAction "activate").
    @discardableResult
    package static func connect(
        _ instance: some GObjectPointer, _ signal: String, after: Bool = false,
        withArgument handler: @escaping PointerHandler
    ) -> SignalConnection {
        connectHandler(
            instance.asGPointer, signal, after: after, thunk: pointerCallback, handler: handler,
            signature: .init([.pointer], returns: .none))
    }

    /// Called after a GObject property changes ("notify::name", whose handlers get a GParamSpec).
    @discardableResult
    package static func onNotify(
        _ instance: some GObjectPointer, _ property: String, _ handler: @escaping VoidHandler
    ) -> SignalConnection {
        connect(instance, "notify::\(property)", withArgument: { _ in handler() })
    }
}
