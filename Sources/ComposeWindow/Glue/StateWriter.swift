import CComposeWindowUnix
import CPlaceholderGObject
import Glibc
import PlaceholderGObjectGlue

/// One thread that writes compose-window's state files (the draft, the outbox) in the order they
/// were asked for, so the main thread never waits on a disk (each write is fsynced); each result
/// comes back on the main loop. A GLib thread pool of one thread runs its jobs first in, first out.
package final class StateWriter: Sendable {
    package static let shared = StateWriter()
    /// A second thread of the same kind for reading and decoding images (thumbnails, checking an
    /// attached file), so that a large image never holds up a draft's write.
    package static let imageWork = StateWriter()
    /// A third for splitting a long text into a thread's posts while the person types on.
    package static let textWork = StateWriter()
    /// A fourth for making a post's images and videos fit their networks (a video takes minutes),
    /// so that neither holds up a draft's write.
    package static let mediaWork = StateWriter()

    private nonisolated(unsafe) let pool: UnsafeMutablePointer<GThreadPool>

    private init() {
        pool = g_thread_pool_new(runJob, nil, 1, 0, nil)
    }

    /// Runs `work` on the writer thread after everything asked before it; `then` gets its result
    /// on the main loop.
    package func write<Result: Sendable>(
        _ work: @escaping @Sendable () -> Result, then: @escaping @MainActor @Sendable (Result) -> Void
    ) {
        push {
            let result = work()
            onMainLoop { then(result) }
        }
    }

    /// Waits until every write asked for so far is on disk: only as the process ends, its window
    /// gone (a draft saved on SIGTERM must be there when the exit code is).
    package func waitForAll() {
        let done = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(done, 0, 0)
        let address = Int(bitPattern: done)
        push { sem_post(UnsafeMutablePointer<sem_t>(bitPattern: address)!) }
        while sem_wait(done) != 0 && errno == EINTR {}
        sem_destroy(done)
        done.deallocate()
    }

    private func push(_ job: @escaping @Sendable () -> Void) {
        g_thread_pool_push(pool, Unmanaged.passRetained(Job(job)).toOpaque(), nil)
    }
}

private final class Job: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

private let runJob: GFunc = { data, _ in
    let job = Unmanaged<Job>.fromOpaque(data!).takeRetainedValue()
    job.run()
}

private final class MainLoopCall: Sendable {
    let action: @MainActor @Sendable () -> Void
    init(_ action: @escaping @MainActor @Sendable () -> Void) { self.action = action }
}

/// Runs `action` on the main loop, from any thread (g_idle_add is thread-safe).
package func onMainLoop(_ action: @escaping @MainActor @Sendable () -> Void) {
    g_idle_add_full(
        G_PRIORITY_DEFAULT,
        { data in
            let call = Unmanaged<MainLoopCall>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { call.action() }
            return 0
        }, Unmanaged.passRetained(MainLoopCall(action)).toOpaque(),
        { data in Unmanaged<MainLoopCall>.fromOpaque(data!).release() })
}
