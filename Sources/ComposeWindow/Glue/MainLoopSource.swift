import CComposeWindowUnix
import CPlaceholderGObject
import PlaceholderGObjectGlue

/// A GLib main-loop source calling a Swift closure. GLib holds it until it ends or `cancel()`.
@MainActor
package final class MainLoopSource {
    private var id: guint = 0
    fileprivate let action: @MainActor () -> Bool

    fileprivate init(action: @escaping @MainActor () -> Bool) { self.action = action }

    /// Repeats every `milliseconds` while `action` returns true.
    package static func timeout(milliseconds: UInt32, _ action: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let source = MainLoopSource(action: action)
        source.id = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds, dispatch, source.retainedPointer, releaseSource)
        return source
    }

    /// Fires once at `time` (seconds since the epoch, the wall clock as it reads now), to the
    /// millisecond (GLib's seconds timer may fire up to a second early), while `action` returns
    /// true. A time from a file or a server is input: one past any sane range waits the longest
    /// GLib can, never overflows.
    package static func timeout(until time: Int64, _ action: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let (microseconds, overflow) = time.multipliedReportingOverflow(by: 1_000_000)
        let left = overflow ? Int64.max : (microseconds - Int64(g_get_real_time())) / 1_000
        return timeout(milliseconds: UInt32(clamping: max(0, left)), action)
    }

    /// Fires once `seconds` have passed, then every `seconds` while `action` returns true (GLib's
    /// second-granularity timer: any UInt32 number of seconds, nothing to overflow in milliseconds).
    package static func timeout(seconds: UInt32, _ action: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let source = MainLoopSource(action: action)
        source.id = g_timeout_add_seconds_full(
            G_PRIORITY_DEFAULT, seconds, dispatch, source.retainedPointer, releaseSource)
        return source
    }

    /// Runs when the main loop has nothing more urgent (events, redraws) to do, while `action`
    /// returns true.
    package static func idle(_ action: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let source = MainLoopSource(action: action)
        source.id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, dispatch, source.retainedPointer, releaseSource)
        return source
    }

    /// Runs on SIGTERM, SIGINT or SIGHUP, on the main loop (not in the signal handler), while
    /// `action` returns true.
    package static func unixSignal(_ signal: Int32, _ action: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let source = MainLoopSource(action: action)
        source.id = g_unix_signal_add_full(G_PRIORITY_HIGH, signal, dispatch, source.retainedPointer, releaseSource)
        return source
    }

    /// Whether the source is still attached to the main loop.
    package var isActive: Bool { id != 0 }

    /// Removes the source; nothing happens if it already ended.
    package func cancel() {
        guard id != 0 else { return }
        g_source_remove(id)
        id = 0
    }

    fileprivate func finished() { id = 0 }

    private var retainedPointer: gpointer { Unmanaged.passRetained(self).toOpaque() }
}

private let dispatch: GSourceFunc = { data in
    let source = Unmanaged<MainLoopSource>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated {
        let again = source.action()
        if !again { source.finished() }
        return again.gboolean
    }
}

private let releaseSource: GDestroyNotify = { data in
    Unmanaged<MainLoopSource>.fromOpaque(data!).release()
}
