import CGtk
import Foundation

/// The typing loop both compose-window (GTKPLACEHOLDER_BENCH_TYPE) and the benchmark's bare window
/// run, so the two are measured doing exactly the same thing: `count` one-character insertions at
/// the cursor, each followed by a frame. Returns the seconds taken.
@MainActor
public enum BenchTyping {
    /// Types at the end of `buffer` in `window`; see the type's description.
    public static func typeWithFrames(
        _ count: Int, into buffer: UnsafeMutablePointer<GtkTextBuffer>, window: UnsafeMutablePointer<GtkWidget>
    ) -> Double {
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_place_cursor(buffer, &end)
        MainLoop.renderFrame(window)
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count {
            gtk_text_buffer_insert_at_cursor(buffer, index % 7 == 6 ? " " : "x", 1)
            MainLoop.renderFrame(window)
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
