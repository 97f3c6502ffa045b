import Foundation
import GtkPlaceholder4
import PlaceholderHandRolled4

// placeholder-bench-gtk4: the GTK 4 PlaceholderTextView against a bare GTK 4 GtkTextView, measured in
// the same run (interleaved rounds, medians of the ratios): typing with a real frame after each
// character, a 1 MB paste, and the resident memory of 1,000 widgets. CPU time of this process, so
// waiting for the next frame clock tick counts for neither. `make bench` runs it under Xvfb; modes
// starting with "--" are the subprocesses it measures.
MainActor.assumeIsolated {
    setenv("GDK_BACKEND", "x11", 1)
    guard gtk_init_check() != 0 else {
        FileHandle.standardError.write(Data("placeholder-bench-gtk4: cannot open a display\n".utf8))
        exit(3)
    }
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "--rss-widgets":  // `--rss-widgets placeholder|bare|control [N]`: resident bytes N (1,000) more widgets take
        let kind = Bench4.Subject(rawValue: arguments.dropFirst().first ?? "") ?? .bare
        let count = arguments.dropFirst(2).first.flatMap { Int($0) } ?? (arguments.contains("--quick") ? 50 : 1_000)
        print(Bench4.residentBytesOfWidgets(kind, count: count))
    case "--clear-once":  // `--clear-once placeholder|bare|control CYCLES`: the show/hide path, for callgrind
        let kind = Bench4.Subject(rawValue: arguments.dropFirst().first ?? "") ?? .bare
        print(Bench4.clearAndRetype(kind, cycles: Int(arguments.dropFirst(2).first ?? "") ?? 30))
    default:
        let output =
            arguments.firstIndex(of: "--output").map { arguments[$0 + 1] } ?? "Benchmarks/Results/results-gtk4.json"
        // `--quick`: one round of small sizes, for `make test`'s smoke test (the numbers mean nothing).
        Bench4.quick = arguments.contains("--quick")
        Bench4.run(output: output)
    }
}

@MainActor
enum Bench4 {
    static var quick = false
    static var rounds: Int { quick ? 1 : 5 }
    static var characters: Int { quick ? 30 : 300 }

    static func run(output: String) {
        var figures: [Figure] = []
        figures.append(
            interleaved("typing \(characters) characters, a frame each", unit: "CPU s") { typing(placeholder: $0) })
        figures.append(interleaved("pasting 1 MB, then a frame", unit: "CPU s") { paste(placeholder: $0) })
        figures.append(
            interleaved("resident memory of 1,000 widgets", unit: "bytes") { placeholder in
                Double(subprocess(["--rss-widgets", placeholder ? "placeholder" : "bare"]))
            })
        // The control: the hand-rolled placeholder GTK 4 apps write (a GtkLabel over the scrolled text
        // view in a GtkOverlay, as Tuba's composer does, with the same label settings), against the
        // same bare view — GTK's own cost of showing a second widget with text — and this widget
        // against it.
        figures.append(
            interleaved("… a label in a GtkOverlay (control) / bare", unit: "bytes") { control in
                Double(subprocess(["--rss-widgets", control ? "control" : "bare"]))
            })
        figures.append(
            interleaved("… PlaceholderTextView / the control", unit: "bytes", target: "≤ 1.00") { placeholder in
                Double(subprocess(["--rss-widgets", placeholder ? "placeholder" : "control"]))
            })
        figures += showHideFigures()
        for figure in figures { print(figure.row) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        struct Report: Codable {
            let gtk: String
            let figures: [Figure]
        }
        let version = "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
        do {
            try encoder.encode(Report(gtk: version, figures: figures)).write(to: URL(fileURLWithPath: output))
        } catch {
            FileHandle.standardError.write(Data("placeholder-bench-gtk4: cannot write \(output): \(error)\n".utf8))
            exit(1)
        }
    }

    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// What a figure compares: PlaceholderTextView, the bare text view, or the control (the
    /// placeholder a C app hand-rolls, Benchmarks/HandRolled4: a label with the same settings).
    enum Subject: String {
        case placeholder, bare, control
    }

    /// A window holding the view under test (or a bare text view with the same settings).
    static func window(placeholder: Bool) -> (
        window: UnsafeMutablePointer<GtkWidget>, view: UnsafeMutablePointer<GtkTextView>, keep: AnyObject?
    ) {
        window(placeholder ? .placeholder : .bare)
    }

    static let placeholderText = "Share something new…"

    static func window(_ kind: Subject) -> (
        window: UnsafeMutablePointer<GtkWidget>, view: UnsafeMutablePointer<GtkTextView>, keep: AnyObject?
    ) {
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(), 480, 320)
        switch kind {
        case .placeholder:
            let view = PlaceholderTextView(placeholder: placeholderText)
            gtk_window_set_child(window.cast(), view.widget)
            return (window, view.textView, view)
        case .control:
            var textView: UnsafeMutablePointer<GtkTextView>?
            gtk_window_set_child(window.cast(), hand_rolled_placeholder_new(placeholderText, &textView))
            return (window, textView!, nil)
        case .bare:
            let textView = gtk_text_view_new()!
            gtk_text_view_set_wrap_mode(textView.cast(), GTK_WRAP_WORD_CHAR)
            let scrolled = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_scrolled_window_set_child(OpaquePointer(scrolled), textView)
            gtk_window_set_child(window.cast(), scrolled)
            return (window, textView.cast(), nil)
        }
    }

    /// Lets the frame clock lay out and paint the window once more.
    static func frame(_ window: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        let target = gdk_frame_clock_get_frame_counter(clock) + 1
        gtk_widget_queue_draw(window)
        while gdk_frame_clock_get_frame_counter(clock) < target { g_main_context_iteration(nil, 1) }
    }

    static func shown(placeholder: Bool) -> (
        window: UnsafeMutablePointer<GtkWidget>, view: UnsafeMutablePointer<GtkTextView>, keep: AnyObject?
    ) {
        let subject = window(placeholder: placeholder)
        gtk_window_present(subject.window.cast())
        while gtk_widget_get_mapped(subject.window) == 0 { g_main_context_iteration(nil, 1) }
        frame(subject.window)
        frame(subject.window)
        return subject
    }

    static func typing(placeholder: Bool) -> Double {
        let subject = shown(placeholder: placeholder)
        defer { gtk_window_destroy(subject.window.cast()) }
        let start = cpuSeconds()
        measuredTyping(gtk_text_view_get_buffer(subject.view), subject.window)
        return cpuSeconds() - start
    }

    static func paste(placeholder: Bool) -> Double {
        let subject = shown(placeholder: placeholder)
        defer { gtk_window_destroy(subject.window.cast()) }
        let line = String(repeating: "Share something new, and then some more words. ", count: 2) + "\n"
        let text = String(repeating: line, count: 1_048_576 / line.utf8.count)
        let start = cpuSeconds()
        measuredPaste(text, gtk_text_view_get_buffer(subject.view), subject.window)
        return cpuSeconds() - start
    }

    // The measured parts, each its own function (for a profiler's eyes).
    @inline(never)
    static func measuredTyping(_ buffer: UnsafeMutablePointer<GtkTextBuffer>, _ window: UnsafeMutablePointer<GtkWidget>)
    {
        for index in 0..<characters {
            let character =
                index % 61 == 60 ? "\n" : index % 7 == 6 ? " " : String(UnicodeScalar(UInt8(97 + index % 26)))
            gtk_text_buffer_insert_at_cursor(buffer, character, -1)
            frame(window)
        }
    }

    @inline(never)
    static func measuredPaste(
        _ text: String, _ buffer: UnsafeMutablePointer<GtkTextBuffer>, _ window: UnsafeMutablePointer<GtkWidget>
    ) {
        gtk_text_buffer_insert_at_cursor(buffer, text, Int32(text.utf8.count))
        frame(window)
    }
}
