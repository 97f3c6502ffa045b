import Foundation
import GtkPlaceholder

/// The modes `make bench` runs as separate processes, so that one measurement's memory does not
/// leak into the next. Each prints one number on standard output.
@MainActor
enum Subprocesses {
    /// `--rss-widgets placeholder|bare|control N`: RSS added by N realized widgets in one window,
    /// after a first one was made, shown and destroyed.
    static func rssOfWidgets(_ arguments: [String]) {
        let kind = BenchKind(argument: arguments.dropFirst().first)
        let count = Int(arguments.dropFirst(2).first ?? "") ?? 1_000
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_container_add(scrolled.asContainer, column)
        let window = Frame.window(holding: scrolled)
        // One widget first, shown and drawn, then destroyed: what the first one costs once (its
        // code paged in, the type registered, the theme's styles and fonts loaded) is not a widget's.
        let first = TypingBench.make(kind)
        gtk_box_pack_start(column.cast(), first.widget, 0, 0, 0)
        gtk_widget_show_all(first.widget)
        Frame.render(window)
        gtk_widget_destroy(first.widget)
        Frame.render(window)
        let before = residentBytes()
        var keep: [AnyObject] = []
        for _ in 0..<count {
            let subject = TypingBench.make(kind)
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
}
