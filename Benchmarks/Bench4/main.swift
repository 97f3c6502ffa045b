import Foundation
import GtkPlaceholder4

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
    case "--rss-widgets":  // `--rss-widgets placeholder|bare|overlay`: resident bytes 1,000 more widgets take
        let kind = Bench4.Subject(rawValue: arguments.dropFirst().first ?? "") ?? .bare
        print(Bench4.residentBytesOfWidgets(kind, count: arguments.contains("--quick") ? 50 : 1_000))
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

    struct Figure: Codable {
        let name: String
        let ratios: [Double]
        let median: Double
        let baseline: [Double]
        let unit: String
    }

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
        // view in a GtkOverlay, as Tuba's composer does), against the same bare view — GTK's own cost
        // of showing a second widget with text — and this widget against it.
        figures.append(
            interleaved("… a label in a GtkOverlay (control) / bare", unit: "bytes") { overlay in
                Double(subprocess(["--rss-widgets", overlay ? "overlay" : "bare"]))
            })
        figures.append(
            interleaved("… PlaceholderTextView / the control", unit: "bytes") { placeholder in
                Double(subprocess(["--rss-widgets", placeholder ? "placeholder" : "overlay"]))
            })
        for figure in figures {
            print(
                String(
                    format: "%-40@ %.3f × bare GTK 4 text view (bare median %.4g %@)",
                    figure.name as NSString, figure.median, median(figure.baseline), figure.unit as NSString))
        }
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

    /// Rounds alternating the placeholder view and the bare one; ratios per round.
    static func interleaved(_ name: String, unit: String, _ measure: (Bool) -> Double) -> Figure {
        var ratios: [Double] = []
        var baseline: [Double] = []
        _ = measure(true)  // warm caches (fonts, GL/cairo set-up) outside the rounds
        _ = measure(false)
        for round in 0..<rounds {
            // Which goes first alternates, so that neither always gets the warmer cache.
            let first = measure(round % 2 == 0)
            let second = measure(round % 2 != 0)
            let (withPlaceholder, bare) = round % 2 == 0 ? (first, second) : (second, first)
            ratios.append(withPlaceholder / bare)
            baseline.append(bare)
        }
        return Figure(name: name, ratios: ratios, median: median(ratios), baseline: baseline, unit: unit)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    enum Subject: String {
        case placeholder, bare, overlay
    }

    /// A window holding the view under test (or a bare text view with the same settings).
    static func window(placeholder: Bool) -> (
        window: UnsafeMutablePointer<GtkWidget>, view: UnsafeMutablePointer<GtkTextView>, keep: AnyObject?
    ) {
        window(placeholder ? .placeholder : .bare)
    }

    static func window(_ kind: Subject) -> (
        window: UnsafeMutablePointer<GtkWidget>, view: UnsafeMutablePointer<GtkTextView>, keep: AnyObject?
    ) {
        let window = gtk_window_new()!
        gtk_window_set_default_size(window.cast(), 480, 320)
        if kind == .placeholder {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            gtk_window_set_child(window.cast(), view.widget)
            return (window, view.textView, view)
        }
        let textView = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(textView.cast(), GTK_WRAP_WORD_CHAR)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), textView)
        guard kind == .overlay else {
            gtk_window_set_child(window.cast(), scrolled)
            return (window, textView.cast(), nil)
        }
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), scrolled)
        let label = gtk_label_new("Share something new…")!
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_widget_set_valign(label, GTK_ALIGN_START)
        gtk_overlay_add_overlay(OpaquePointer(overlay), label)
        gtk_window_set_child(window.cast(), overlay)
        return (window, textView.cast(), nil)
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

    /// In a fresh process: resident bytes before and after 1,000 more widgets, shown in a column.
    static func residentBytesOfWidgets(_ kind: Subject, count: Int) -> Int {
        let window = gtk_window_new()!
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        gtk_window_set_child(window.cast(), scrolled)
        gtk_window_present(window.cast())
        while gtk_widget_get_mapped(window) == 0 { g_main_context_iteration(nil, 1) }
        frame(window)
        let before = residentBytes()
        var keep: [AnyObject] = []
        for _ in 0..<count {
            let subject = self.window(kind)
            // Take the view out of its own window into the column.
            let child = gtk_window_get_child(subject.window.cast())!
            g_object_ref(child.asGPointer)
            gtk_window_set_child(subject.window.cast(), nil)
            gtk_window_destroy(subject.window.cast())
            gtk_box_append(column.cast(), child)
            g_object_unref(child.asGPointer)
            if let object = subject.keep { keep.append(object) }
        }
        frame(window)
        return residentBytes() - before
    }

    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ").compactMap { Int($0) }
        return fields.count > 1 ? fields[1] * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    static func subprocess(_ mode: [String]) -> Int {
        let arguments = quick ? mode + ["--quick"] : mode
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
