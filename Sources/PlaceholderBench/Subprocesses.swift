import Foundation
import GtkPlaceholder

/// The modes `make bench` runs as separate processes, so that one measurement's memory does not
/// leak into the next. Each prints one number on standard output.
@MainActor
enum Subprocesses {
    /// `--rss-widgets placeholder|bare N`: RSS added by N realized widgets in one window.
    static func rssOfWidgets(_ arguments: [String]) {
        let placeholder = arguments.dropFirst().first == "placeholder"
        let count = Int(arguments.dropFirst(2).first ?? "") ?? 1_000
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(scrolled.asContainer, column)
        let window = Frame.window(holding: scrolled)
        let before = residentBytes()
        var keep: [AnyObject] = []
        for _ in 0..<count {
            let subject = TypingBench.make(placeholder: placeholder)
            if let object = subject.keepAlive { keep.append(object) }
            gtk_box_pack_start(column.cast(), subject.widget, 0, 0, 0)
            gtk_widget_show_all(subject.widget)
        }
        Frame.render(window)
        print(residentBytes() - before)
    }

    /// `--rss-cycles placeholder|bare N WARMUP`: RSS growth over N create/realize/destroy cycles,
    /// measured after WARMUP cycles.
    static func rssGrowthOverCycles(_ arguments: [String]) {
        let placeholder = arguments.dropFirst().first == "placeholder"
        let cycles = Int(arguments.dropFirst(2).first ?? "") ?? 10_000
        let warmup = Int(arguments.dropFirst(3).first ?? "") ?? 1_000
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let window = Frame.window(holding: column)
        func cycle() {
            let subject = TypingBench.make(placeholder: placeholder)
            gtk_box_pack_start(column.cast(), subject.widget, 1, 1, 0)
            gtk_widget_show_all(subject.widget)
            gtk_widget_destroy(subject.widget)
        }
        for _ in 0..<warmup { cycle() }
        Frame.render(window)
        let before = residentBytes()
        for _ in 0..<cycles { cycle() }
        Frame.render(window)
        print(residentBytes() - before)
    }

    /// `--bare-window`: the baseline app, a GTK 3 window with a text view holding standard input.
    static func bareWindow() {
        let bare = bareTextView()
        let input = FileHandle.standardInput.readDataToEndOfFile()
        let buffer = gtk_text_view_get_buffer(bare.textView)!
        let text = String(decoding: input, as: UTF8.self)
        gtk_text_buffer_set_text(buffer, text, gint(text.utf8.count))
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(window.cast(), "bare")
        gtk_window_set_default_size(window.cast(), 480, 320)
        gtk_container_add(window.asContainer, bare.widget)
        Signal.connect(window, "destroy") { gtk_main_quit() }
        gtk_widget_show_all(window)
        gtk_main()
    }
}
