import CComposeWindowSoup

/// A request that may be called off (GIO's GCancellable): a mention's search once the person has
/// typed on. A cancelled request ends with a failure, at once, and its answer is never read.
@MainActor
package final class Cancellation {
    let cancellable: UnsafeMutablePointer<GCancellable>

    package init() { cancellable = g_cancellable_new() }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(cancellable)) }

    package func cancel() { g_cancellable_cancel(cancellable) }

    package var isCancelled: Bool { g_cancellable_is_cancelled(cancellable) != 0 }
}
