import CPlaceholderGObject

/// Ties a Swift object to the GObject it wraps, the way language bindings do (GLib toggle refs):
/// while anything besides the Swift side holds the object (a container, a builder, another ref),
/// the Swift owner is kept alive by this tie, so `func build() { let v = View(); box.add(v.widget) }`
/// keeps working after `v` goes out of scope. When only our reference is left, the tie lets go, and
/// the owner lives only as long as Swift variables do. No cycle, so neither side leaks.
@MainActor
package final class ObjectOwnership {
    /// The wrapped object.
    package let object: UnsafeMutablePointer<GObject>
    private weak var owner: AnyObject?
    private var ownerRetain: Unmanaged<AnyObject>?
    private var adopted = false
    private var released = false

    /// Sinks a floating `object` and holds it until `adopt(owner:)` hands it to the tie.
    package init<T>(_ object: UnsafeMutablePointer<T>) {
        self.object = object.asObject
        g_object_ref_sink(self.object)
    }

    /// Takes a plain reference to `object` without sinking it: for an instance still being
    /// constructed, whose floating reference belongs to whoever called `g_object_new`.
    package init<T>(borrowing object: UnsafeMutablePointer<T>) {
        self.object = object.asObject
        g_object_ref(self.object)
    }

    /// Starts the tie (call once the owner is fully initialised).
    package func adopt(owner: AnyObject) {
        precondition(!adopted, "adopt(owner:) called twice")
        adopted = true
        self.owner = owner
        g_object_set_qdata(object, ownershipQuark, Unmanaged.passUnretained(self).toOpaque())
        g_object_add_toggle_ref(object, toggleNotify, Unmanaged.passUnretained(self).toOpaque())
        if object.pointee.ref_count > 2 { toggled(toLastReference: false) }
        // Leaves the toggle ref plus whatever others hold it.
        g_object_unref(object)
    }

    /// Whether the tie currently keeps the owner alive (something else holds the object).
    package var keepsOwnerAlive: Bool { ownerRetain != nil }

    /// The Swift owner tied to `object`, if any is alive.
    package static func owner<T>(of object: UnsafeMutablePointer<T>) -> AnyObject? {
        guard let data = g_object_get_qdata(object.asObject, ownershipQuark) else { return nil }
        return Unmanaged<ObjectOwnership>.fromOpaque(data).takeUnretainedValue().owner
    }

    fileprivate func toggled(toLastReference isLast: Bool) {
        if isLast {
            let retained = ownerRetain
            ownerRetain = nil
            retained?.release()  // may run the owner's deinit, which calls release() below
        } else if !keepsOwnerAlive, let owner {
            ownerRetain = Unmanaged.passRetained(owner)
        }
    }

    /// An owner that forgets `release()` would leave GObject pointing at freed memory (the qdata and
    /// the toggle ref's data are this object): a debug build traps, a release build lets go here.
    isolated deinit {
        assert(released, "ObjectOwnership destroyed without release(): call it from the owner's deinit")
        if !released { release() }
    }

    /// Drops the Swift side's reference; call from the owner's deinit. Finalizes the object if
    /// nothing else holds it.
    package func release() {
        guard !released else { return }
        released = true
        ownerRetain = nil
        g_object_set_qdata(object, ownershipQuark, nil)
        if adopted {
            g_object_remove_toggle_ref(object, toggleNotify, Unmanaged.passUnretained(self).toOpaque())
        } else {
            g_object_unref(object)
        }
    }
}

// g_quark_from_string copies the name: a Swift string passed to C is a temporary buffer, which
// g_quark_from_static_string would keep (valgrind caught the dangling name). The name is this copy's
// own: a process may hold two copies of this code (the Swift package and a C library, each with its
// Swift runtime), and an owner is only ever read by the copy that tied it.
private let ownershipQuark = g_quark_from_string(
    "glibswift-widget-ownership-" + String(UInt(bitPattern: ObjectIdentifier(ObjectOwnership.self)), radix: 16))

private let toggleNotify: GToggleNotify = { data, _, isLastRef in
    guard let data else { return }
    let ownership = Unmanaged<ObjectOwnership>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { ownership.toggled(toLastReference: isLastRef != 0) }
}

/// A strong GObject reference owned by a Swift value's lifetime (for children we must outlive).
@MainActor
package final class ObjectReference<T> {
    /// The referenced object.
    package let pointer: UnsafeMutablePointer<T>
    /// Takes a reference (sinking a floating one), dropped when this value goes.
    package init(_ pointer: UnsafeMutablePointer<T>) {
        self.pointer = pointer
        g_object_ref_sink(pointer.asGPointer)
    }
    isolated deinit { g_object_unref(pointer.asGPointer) }
}

/// The earlier name of ``ObjectOwnership`` (it owns any GObject, not only widgets).
@available(*, deprecated, renamed: "ObjectOwnership")
package typealias WidgetOwnership = ObjectOwnership
