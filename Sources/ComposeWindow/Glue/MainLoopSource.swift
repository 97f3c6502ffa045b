import CComposeWindowUnix
import CPlaceholderGObject
import Glibc
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

    /// Fires once at `time` (seconds since the epoch) on the wall clock: also when the machine
    /// slept past it (at the first moment it is awake after), and at once when the clock is set
    /// past it. GLib's timeouts wait on the monotonic clock, which stops while the machine sleeps
    /// (a post due at 09:00, asleep from 08:00 to 17:00, went at about 18:00); a timerfd on
    /// CLOCK_REALTIME, absolute and cancelled when the clock is set, does not. Where no timerfd can
    /// be made, a GLib timeout to the millisecond. A time from a file or a server is input: one past
    /// any sane range never overflows.
    package static func timeout(until time: Int64, _ action: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let source = MainLoopSource(action: action)
        let descriptor = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        guard descriptor >= 0, arm(descriptor, at: time) else {
            if descriptor >= 0 { close(descriptor) }
            let (microseconds, overflow) = time.multipliedReportingOverflow(by: 1_000_000)
            let left = overflow ? Int64.max : (microseconds - Int64(g_get_real_time())) / 1_000
            source.id = g_timeout_add_full(
                G_PRIORITY_DEFAULT, UInt32(clamping: max(0, left)), dispatch, source.retainedPointer, releaseSource)
            return source
        }
        source.descriptor = descriptor
        source.wallClockTime = time
        source.id = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, descriptor, G_IO_IN, dispatchWallClock, source.retainedPointer, releaseWallClock)
        return source
    }

    /// The timer's file and its moment, for a wall-clock timeout.
    fileprivate var descriptor: Int32 = -1
    fileprivate var wallClockTime: Int64 = 0

    /// Arms `descriptor` for `time`, absolute, cancelled (read fails with ECANCELED) when the clock
    /// is set. A time already past expires at once.
    fileprivate static func arm(_ descriptor: Int32, at time: Int64) -> Bool {
        var value = itimerspec()
        value.it_value.tv_sec = time_t(clamping: max(1, time))
        return timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &value, nil) == 0
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

/// The timerfd is readable: expired (the action runs, once), or the clock was set (ECANCELED: armed
/// again for the same moment, which fires at once if the new time is past it).
private let dispatchWallClock: GUnixFDSourceFunc = { descriptor, _, data in
    let source = Unmanaged<MainLoopSource>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        if count == MemoryLayout<UInt64>.size {
            _ = source.action()
            source.finished()
            return 0
        }
        if count < 0, errno == ECANCELED, !MainLoopSource.arm(descriptor, at: source.wallClockTime) {
            _ = source.action()  // never left waiting: a timer that cannot be armed again fires now
            source.finished()
            return 0
        }
        return 1  // EAGAIN, or armed again
    }
}

private let releaseWallClock: GDestroyNotify = { data in
    let source = Unmanaged<MainLoopSource>.fromOpaque(data!)
    MainActor.assumeIsolated {
        let descriptor = source.takeUnretainedValue().descriptor
        if descriptor >= 0 { close(descriptor) }
        source.takeUnretainedValue().descriptor = -1
    }
    source.release()
}
