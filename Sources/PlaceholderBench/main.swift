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
    case "--typing-once":  // `--typing-once placeholder|bare N`: one typing run, for callgrind
        let count = Int(arguments.dropFirst(2).first ?? "") ?? 300
        print(TypingBench.typing(count: count, placeholder: arguments.dropFirst().first == "placeholder").seconds)
    case "--paste-once":  // `--paste-once placeholder|bare MB`: one paste and frame, for callgrind
        let megabytes = Int(arguments.dropFirst(2).first ?? "") ?? 1
        let placeholder = arguments.dropFirst().first == "placeholder"
        print(TypingBench.paste(bytes: megabytes * 1_048_576, placeholder: placeholder))
    case "--probe-once":  // `--probe-once KILOBYTES EXECUTABLE [ARGUMENT…]`: one typing run from outside
        AppBench.probeOnce(arguments)
    default: BenchRun(arguments: arguments).run()
    }
}
