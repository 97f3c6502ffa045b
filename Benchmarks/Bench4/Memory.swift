import Foundation
import GtkPlaceholder4

/// The subprocess figures of the GTK 4 bench: resident memory per widget, and the show/hide path
/// under callgrind.
extension Bench4 {
    /// In a fresh process: resident bytes before and after `count` more widgets, shown in a column,
    /// after a first one was made, shown and removed (what the first costs once — code paged in,
    /// the type registered, the theme's styles and fonts — is not a widget's).
    static func residentBytesOfWidgets(_ kind: Subject, count: Int) -> Int {
        let window = gtk_window_new()!
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        gtk_window_set_child(window.cast(), scrolled)
        gtk_window_present(window.cast())
        while gtk_widget_get_mapped(window) == 0 { g_main_context_iteration(nil, 1) }
        frame(window)
        var keep: [AnyObject] = []
        let first = addWidget(kind, to: column, keeping: &keep)
        frame(window)
        gtk_box_remove(column.cast(), first)
        keep.removeAll()
        frame(window)
        let before = residentBytes()
        for _ in 0..<count { _ = addWidget(kind, to: column, keeping: &keep) }
        frame(window)
        return residentBytes() - before
    }

    /// A new widget of `kind`, taken out of its own window into `column`.
    private static func addWidget(
        _ kind: Subject, to column: UnsafeMutablePointer<GtkWidget>, keeping keep: inout [AnyObject]
    ) -> UnsafeMutablePointer<GtkWidget> {
        let subject = window(kind)
        let child = gtk_window_get_child(subject.window.cast())!
        g_object_ref(child.asGPointer)
        gtk_window_set_child(subject.window.cast(), nil)
        gtk_window_destroy(subject.window.cast())
        gtk_box_append(column.cast(), child)
        g_object_unref(child.asGPointer)
        if let object = subject.keep { keep.append(object) }
        return child
    }

    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ").compactMap { Int($0) }
        return fields.count > 1 ? fields[1] * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// "Delete all and type again", the placeholder shown and hidden each time, with a frame of GTK
    /// 4's frame clock after each step: against the bare view, and against the control (which shows
    /// and hides its label too). CPU time in interleaved rounds, and callgrind's instructions of the
    /// measured steps alone, the figure reported (steady where CPU time with a frame clock is not).
    static func showHideFigures() -> [Figure] {
        [(Subject.bare, nil), (.control, "≤ 1.02")].map { baseline, target in
            var figure = interleaved(
                "delete all and type again, \(clearCycles) times\(baseline == .control ? " / control" : "")",
                unit: "CPU s", target: target
            ) { placeholder in
                clearAndRetype(placeholder ? .placeholder : baseline, cycles: clearCycles)
            }
            // A tenth of the cycles under valgrind (Callgrind.swift, shared with placeholder-bench).
            figure.instructions = Callgrind.pair(
                CommandLine.arguments[0], "--clear-once", [String(clearCycles / 10)], baseline: baseline.rawValue
            ).map { [$0.subject, $0.baseline] }
            return figure
        }
    }

    static var clearCycles: Int { quick ? 10 : 300 }

    /// CPU seconds to delete everything and type one character again, `cycles` times, a frame after each.
    static func clearAndRetype(_ kind: Subject, cycles: Int) -> Double {
        let subject = window(kind)
        gtk_window_present(subject.window.cast())
        while gtk_widget_get_mapped(subject.window) == 0 { g_main_context_iteration(nil, 1) }
        frame(subject.window)
        defer { gtk_window_destroy(subject.window.cast()) }
        let start = cpuSeconds()
        measuredClearing(gtk_text_view_get_buffer(subject.view), subject.window, cycles: cycles)
        return cpuSeconds() - start
    }

    @inline(never)
    static func measuredClearing(
        _ buffer: UnsafeMutablePointer<GtkTextBuffer>, _ window: UnsafeMutablePointer<GtkWidget>, cycles: Int
    ) {
        for _ in 0..<cycles {
            gtk_text_buffer_set_text(buffer, "", 0)
            frame(window)
            gtk_text_buffer_insert_at_cursor(buffer, "a", 1)
            frame(window)
        }
    }
}
