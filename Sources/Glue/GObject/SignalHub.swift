import CPlaceholderGObject

/// One emission of a signal a `SignalHub` connected: which signal, on which instance, with what.
/// Valid only while its handler runs.
@MainActor
package struct SignalEmission {
    /// The instance that emitted it.
    package let instance: UnsafeMutableRawPointer
    private let signalID: guint
    private let values: UnsafePointer<GValue>
    private let count: Int

    fileprivate init(instance: UnsafeMutableRawPointer, signalID: guint, values: UnsafePointer<GValue>, count: Int) {
        (self.instance, self.signalID, self.values, self.count) = (instance, signalID, values, count)
    }

    /// Whether it is `signal` (its name, as connected: "changed", "notify").
    package func `is`(_ signal: String) -> Bool { strcmp(g_signal_name(signalID), signal) == 0 }

    /// The pointer the `index`-th argument (from 1; 0 is the instance) carries: an object, a
    /// string, a boxed value or a pointer.
    package func argument(_ index: Int) -> UnsafeMutableRawPointer? {
        index < count ? g_value_peek_pointer(values + index) : nil
    }

    /// For "notify": the name of the property that changed.
    package var propertyName: String? {
        guard count > 1, let spec = g_value_get_param(values + 1) else { return nil }
        return String(cString: g_param_spec_get_name(spec))
    }
}

/// What a `SignalHub` hands its emissions to.
@MainActor
package protocol SignalReceiver: AnyObject {
    /// One of the hub's signals was emitted; returns the result of signals that return a gboolean
    /// ("draw"), ignored for the others.
    func receive(_ emission: SignalEmission) -> Bool
}

/// Many handlers of one widget in one GClosure: every signal the widget follows, on any of the
/// instances it keeps alive, is connected to the same closure, and one function receives them all
/// and tells them apart (`SignalEmission.is`). A connection costs GLib's handler record alone — no
/// closure, Swift box or captured context each, as `Signal.connect` makes — and `stop()` ends them
/// all at once. Each instance connected must outlive its connections (the caller holds a
/// reference, as the widget holds its children): a connection is ended through its instance.
@MainActor
package final class SignalHub {
    /// A connection made through a hub: its instance and GLib's handler id.
    package struct Connection {
        fileprivate let instance: UnsafeMutableRawPointer
        fileprivate let handlerID: gulong
    }

    private let closure: UnsafeMutablePointer<GClosure>
    private var stopped = false
    /// Receives every emission (it owns the hub, and stops it before it goes).
    package unowned var receiver: (any SignalReceiver)?

    package init() {
        closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), nil)
        g_closure_ref(closure)
        g_closure_sink(closure)
        closure.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        g_closure_set_marshal(closure, hubMarshal)
    }

    isolated deinit {
        stop()
        g_closure_unref(closure)
    }

    /// Connects `signal` of `instance` to the hub's receiver.
    @discardableResult
    package func connect(_ instance: some GObjectPointer, _ signal: String, after: Bool = false) -> Connection {
        precondition(!stopped, "SignalHub: connect after stop()")
        var signalID: guint = 0
        var detail: GQuark = 0
        let instanceType = instance.asGPointer.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee
            .g_type
        precondition(
            g_signal_parse_name(signal, instanceType, &signalID, &detail, 1) != 0, "GLib knows no signal \(signal)")
        let id = g_signal_connect_closure_by_id(instance.asGPointer, signalID, detail, closure, after ? 1 : 0)
        return Connection(instance: instance.asGPointer, handlerID: id)
    }

    /// Ends one connection, if GLib still holds it (its instance's dispose drops them all).
    package func disconnect(_ connection: Connection) {
        guard !stopped, g_signal_handler_is_connected(connection.instance, connection.handlerID) != 0 else { return }
        g_signal_handler_disconnect(connection.instance, connection.handlerID)
    }

    /// Ends every connection at once (invalidating the closure removes each handler from its
    /// instance); nothing more is received. Call before letting the instances go.
    package func stop() {
        guard !stopped else { return }
        stopped = true
        g_closure_invalidate(closure)
    }

    fileprivate func deliver(_ emission: SignalEmission) -> Bool { receiver?.receive(emission) ?? false }
}

/// G_TYPE_BOOLEAN (a macro: not imported).
private let booleanGType = GType(5 << 2)

private let hubMarshal: GClosureMarshal = { closure, returnValue, count, values, hint, _ in
    guard let data = closure?.pointee.data, let values, let hint, count > 0,
        let instance = g_value_peek_pointer(values)
    else { return }
    let signalID = hint.assumingMemoryBound(to: GSignalInvocationHint.self).pointee.signal_id
    // GLib emits GTK's signals on the thread running GTK, the main thread.
    nonisolated(unsafe) let (arguments, instancePointer, hub) = (values, instance, data)
    let handled = MainActor.assumeIsolated {
        Unmanaged<SignalHub>.fromOpaque(hub).takeUnretainedValue().deliver(
            SignalEmission(instance: instancePointer, signalID: signalID, values: arguments, count: Int(count)))
    }
    if let returnValue, returnValue.pointee.g_type == booleanGType {
        g_value_set_boolean(returnValue, handled ? 1 : 0)
    }
}
