import CComposeWindowSoup

/// A request that may be called off (GIO's GCancellable): a mention's search once the person has
/// typed on. A cancelled request ends with a failure, at once, and its answer is never read.
@MainActor
package final class Cancellation {
    let cancellable: UnsafeMutablePointer<GCancellable>

    package init() { cancellable = g_cancellable_new() }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(cancellable)) }

    /// Those cancelled with this one (a request's own, which its deadline also cancels).
    private var followers: [Cancellation] = []

    package func cancel() {
        g_cancellable_cancel(cancellable)
        for follower in followers { follower.cancel() }
        followers = []
    }

    /// `other` is cancelled when this is (at once if it already is).
    func cancels(_ other: Cancellation) {
        if isCancelled { other.cancel() } else { followers.append(other) }
    }

    package var isCancelled: Bool { g_cancellable_is_cancelled(cancellable) != 0 }
}
