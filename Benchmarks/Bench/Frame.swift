import Foundation
import GtkPlaceholder
import PlaceholderGtk3TestSupport

/// Real frames of mapped windows, done synchronously (MainLoop.renderFrame): the frame clock would
/// cap a benchmark at 60 frames per second.
@MainActor
enum Frame {
    static func render(_ window: UnsafeMutablePointer<GtkWidget>) { MainLoop.renderFrame(window) }

    /// A toplevel holding `child`, mapped and painted once.
    static func window(holding child: UnsafeMutablePointer<GtkWidget>, width: Int32 = 480, height: Int32 = 320)
        -> UnsafeMutablePointer<GtkWidget>
    {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(window.cast(), width, height)
        gtk_container_add(window.asContainer, child)
        gtk_widget_show_all(window)
        while gtk_widget_get_mapped(window) == 0 || gtk_events_pending() != 0 { gtk_main_iteration() }
        render(window)
        return window
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// What a widget figure compares: PlaceholderTextView, the bare text view, or the control (the
/// placeholder a C app hand-rolls, Benchmarks/HandRolled3).
enum BenchKind: String {
    case placeholder, bare, control

    /// A mode's argument; anything else is the bare view.
    init(argument: String?) { self = BenchKind(rawValue: argument ?? "") ?? .bare }
}

/// The bare baseline: a GtkTextView in a scrolled window, as PlaceholderTextView has it, no placeholder.
@MainActor
func bareTextView() -> (widget: UnsafeMutablePointer<GtkWidget>, textView: UnsafeMutablePointer<GtkTextView>) {
    let textView = gtk_text_view_new()!.cast(to: GtkTextView.self)
    gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(scrolled.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_container_add(scrolled.asContainer, textView.asWidget)
    return (scrolled, textView)
}

/// Reads this process's resident set size, in bytes.
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    return rssBytes(fromStatus: status)
}

/// VmRSS of a /proc/PID/status text, in bytes.
func rssBytes(fromStatus status: String) -> Int {
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
    return 0
}
