import CGtk
import Foundation

/// GLib main-loop helpers. GTK does not drain DispatchQueue.main, so deferred work goes through
/// GLib sources instead.
@MainActor
public enum MainLoop {
    /// Runs every pending event and idle source, without blocking.
    public static func drain() {
        while gtk_events_pending() != 0 { gtk_main_iteration_do(0) }
    }

    /// Iterates the main loop until `condition` holds or `timeout` seconds pass; returns whether it held.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
        }
        return true
    }

    /// Iterates until the widget's frame clock has painted `frames` more frames (layout and draw).
    public static func waitForFrames<T>(_ widget: UnsafeMutablePointer<T>, _ frames: Int = 2) {
        guard let clock = gtk_widget_get_frame_clock(widget.asWidget) else {
            drain()
            return
        }
        let target = gdk_frame_clock_get_frame_counter(clock) + frames
        var requested = Int.min
        iterate(
            until: {
                let counter = gdk_frame_clock_get_frame_counter(clock)
                if counter != requested {  // one paint per request: ask for the next frame
                    requested = counter
                    gtk_widget_queue_draw(widget.asWidget)
                }
                return counter >= target
            }, timeout: 5)
        drain()
    }
}
