import CPlaceholderGtk3
import PlaceholderGtk3Glue

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
        // Blocks until something happens, woken at the deadline at the latest: no sleeping.
        let wake = g_timeout_source_new(guint(max(1, timeout * 1_000)))!
        g_source_set_callback(wake, { _ in 0 }, nil, nil)
        g_source_attach(wake, nil)
        defer {
            g_source_destroy(wake)
            g_source_unref(wake)
        }
        while !condition() {
            if g_source_is_destroyed(wake) != 0 { return condition() }
            g_main_context_iteration(nil, 1)
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

    /// One frame of `window` done at once: layout of the whole toplevel, then drawing of every
    /// widget into an image surface of its size. The same work as a frame-clock frame, without
    /// waiting for the next vblank (benchmarks time many of them).
    public static func renderFrame(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_container_check_resize(window.asContainer)
        let width = max(1, gtk_widget_get_allocated_width(window))
        let height = max(1, gtk_widget_get_allocated_height(window))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let cairo = cairo_create(surface)!
        gtk_widget_draw(window, cairo)
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }
}
