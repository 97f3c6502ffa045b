import Foundation
import GtkPlaceholder

// placeholder-bench: PlaceholderTextView against a bare GtkTextView, measured in the same run.
// `make bench` runs it under Xvfb; modes starting with "--" are the subprocesses it measures.
MainActor.assumeIsolated {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard gtk_init_check(nil, nil) != 0 else {
        FileHandle.standardError.write(Data("placeholder-bench: cannot open a display\n".utf8))
        exit(3)
    }
    switch arguments.first {
    case "--rss-widgets": Subprocesses.rssOfWidgets(arguments)
    case "--rss-cycles": Subprocesses.rssGrowthOverCycles(arguments)
    case "--typing-once":  // `--typing-once placeholder|bare N [PREFILL-KB]`: one typing run, for callgrind
        let count = Int(arguments.dropFirst(2).first ?? "") ?? 300
        let prefill = AppBench.initialText(kilobytes: Int(arguments.dropFirst(3).first ?? "") ?? 0)
        let placeholder = arguments.dropFirst().first == "placeholder"
        print(TypingBench.typing(count: count, prefill: prefill, placeholder: placeholder).seconds)
    case "--paste-once":  // `--paste-once placeholder|bare KB`: one paste and frame, for callgrind
        let kilobytes = Int(arguments.dropFirst(2).first ?? "") ?? 1_024
        let placeholder = arguments.dropFirst().first == "placeholder"
        print(TypingBench.paste(bytes: kilobytes * 1_024, placeholder: placeholder))
    case "--clear-once":  // `--clear-once placeholder|bare|control CYCLES`: clearing and retyping, for callgrind
        let cycles = Int(arguments.dropFirst(2).first ?? "") ?? 100
        print(TypingBench.clearAndRetype(cycles: cycles, BenchKind(argument: arguments.dropFirst().first)))
    case "--startup-once": AppBench.startupOnce(arguments)
    case "--probe-once":  // `--probe-once KILOBYTES EXECUTABLE [ARGUMENT…]`: one typing run from outside
        AppBench.probeOnce(arguments)
    default: BenchRun(arguments: arguments).run()
    }
}
