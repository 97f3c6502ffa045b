import Foundation
import GtkPlaceholder

/// The whole benchmark: every figure of the benchmarks issue, as ratios against a bare GtkTextView
/// measured in the same run, printed as a table and written to Benchmarks/Results/results.json.
@MainActor
struct BenchRun {
    let arguments: [String]

    /// `--quick`: tiny sizes and one round, for the smoke test that keeps this code from rotting.
    private var quick: Bool { arguments.contains("--quick") }
    /// `--rounds N` (default 5; 1 with --quick).
    private var rounds: Int {
        arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? (quick ? 1 : 5)
    }
    /// `--only KEY`: just the figures whose key contains KEY (typing, megabyte, paste, clear, widgets,
    /// growth, app-startup, app-typing, counter), for profiling one of them.
    private func wanted(_ key: String) -> Bool {
        guard let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count else { return true }
        return key.contains(arguments[index + 1])
    }
    private func size(_ full: Int, quick small: Int) -> Int { quick ? small : full }

    private var directory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    func run() {
        var figures: [Figure] = []
        let typed = size(10_000, quick: 50)
        var labelAllocations = 0

        if wanted("typing") {
            var typing = Figure(name: "typing \(typed) characters, a frame each", target: "≤ 1.02", unit: "s")
            interleave(&typing, rounds: rounds) {
                let result = TypingBench.typing(count: typed, placeholder: true)
                labelAllocations = max(labelAllocations, result.labelAllocations)
                return result.seconds
            } baseline: {
                TypingBench.typing(count: typed, placeholder: false).seconds
            }
            // Under callgrind a tenth of the characters: the ratio is the same, the run 50 times slower.
            typing.instructions = Callgrind.pair(bench, "--typing-once", [String(typed / 10)])
            figures.append(typing)
        }

        let megabyte = AppBench.initialText(kilobytes: size(1_024, quick: 10))
        if wanted("megabyte") {
            var typingIntoMegabyte = Figure(name: "the same typing into 1 MB of text", target: "≤ 1.02", unit: "s")
            interleave(&typingIntoMegabyte, rounds: rounds) {
                TypingBench.typing(count: typed, prefill: megabyte, placeholder: true).seconds
            } baseline: {
                TypingBench.typing(count: typed, prefill: megabyte, placeholder: false).seconds
            }
            typingIntoMegabyte.instructions = Callgrind.pair(
                bench, "--typing-once", [String(typed / 10), String(size(1_024, quick: 10))])
            figures.append(typingIntoMegabyte)
        }

        let pasted = size(10 * 1_048_576, quick: 100_000)
        if wanted("paste") {
            var paste = Figure(
                name: "pasting \(pasted / 1_048_576) MB in one insert, then a frame", target: "≤ 1.01", unit: "s")
            interleave(&paste, rounds: rounds) {
                TypingBench.paste(bytes: pasted, placeholder: true)
            } baseline: {
                TypingBench.paste(bytes: pasted, placeholder: false)
            }
            paste.instructions = Callgrind.pair(bench, "--paste-once", [String(pasted / 1_024)])
            figures.append(paste)
        }

        let cycles = size(1_000, quick: 10)
        if wanted("clear") {
            // The show/hide path, against the bare view and against the hand-rolled control (which
            // shows and hides its label too).
            for (baseline, target) in [(BenchKind.bare, "report"), (.control, "≤ 1.02")] {
                var clearing = Figure(
                    name: "delete all and type again, \(cycles) times\(baseline == .control ? " / control" : "")",
                    target: target, unit: "s")
                interleave(&clearing, rounds: rounds) {
                    TypingBench.clearAndRetype(cycles: cycles, .placeholder)
                } baseline: {
                    TypingBench.clearAndRetype(cycles: cycles, baseline)
                }
                clearing.instructions = Callgrind.pair(
                    bench, "--clear-once", [String(cycles / 10)], baseline: baseline.rawValue)
                figures.append(clearing)
            }
        }

        if wanted("typing") {
            var allocations = Figure(name: "label allocations, characters 2…\(typed)", target: "≤ 0", unit: "count")
            allocations.absolute = Double(labelAllocations)
            figures.append(allocations)
        }

        if wanted("widgets") || wanted("growth") { figures += memoryFigures() }
        if wanted("app-startup") || wanted("app-typing") {
            var appFigures = AppFigures(directory: directory, rounds: rounds, quick: quick)
            appFigures.startup = wanted("app-startup")
            appFigures.typing = wanted("app-typing")
            appFigures.previous = arguments.firstIndex(of: "--previous").map { arguments[$0 + 1] }
            let app = appFigures.measure()
            figures += app.figures
            // Beside the results: Benchmarks/Results/typing.svg for `make bench`, a scratch directory for the smoke test.
            let plot =
                arguments.firstIndex(of: "--plot").map { arguments[$0 + 1] }
                ?? URL(fileURLWithPath: outputPath).deletingLastPathComponent().appendingPathComponent("typing.svg")
                .path
            TypingPlot(series: app.series).write(to: plot)
        }
        if wanted("counter") {
            figures += CounterBench.figures(rounds: rounds, typed: size(5_000, quick: 50), megabytes: quick ? 0 : 1)
        }
        report(figures)
    }

    private func memoryFigures() -> [Figure] {
        let widgets = size(1_000, quick: 20)
        var resident = Figure(name: "RSS of \(widgets) realized widgets", target: "≤ 1.25", unit: "bytes")
        interleave(&resident, rounds: rounds) {
            number(runSelf(["--rss-widgets", "placeholder", String(widgets)]))
        } baseline: {
            number(runSelf(["--rss-widgets", "bare", String(widgets)]))
        }
        // Against the placeholder a C app hand-rolls with the same label: what is ours alone.
        var againstControl = Figure(
            name: "RSS of \(widgets) realized widgets / control", target: "≤ 1.00", unit: "bytes")
        interleave(&againstControl, rounds: rounds) {
            number(runSelf(["--rss-widgets", "placeholder", String(widgets)]))
        } baseline: {
            number(runSelf(["--rss-widgets", "control", String(widgets)]))
        }
        let cycles = size(10_000, quick: 50)
        let warmup = size(1_000, quick: 10)
        // The target is about what the placeholder adds: a bare GtkTextView's own growth (GTK's
        // caches, the allocator) is measured alongside and taken off.
        var growth = Figure(
            name: "RSS growth over \(cycles) create/destroy cycles, placeholder − bare (MB)", target: "≤ 2", unit: "MB")
        for _ in 0..<rounds {
            growth.subject.append(
                number(runSelf(["--rss-cycles", "placeholder", String(cycles), String(warmup)])) / 1_048_576)
            growth.baseline.append(
                number(runSelf(["--rss-cycles", "bare", String(cycles), String(warmup)])) / 1_048_576)
        }
        growth.absolute = Figure.median(zip(growth.subject, growth.baseline).map { $0 - $1 })
        return [resident, againstControl, growth]
    }

    private func report(_ figures: [Figure]) {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces)
            ?? "unknown CPU"
        let machine =
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, Xvfb"
        var lines = [
            "Machine: \(machine); \(rounds) interleaved rounds per figure.", "",
            "| figure | median | min–max | target | |", "|---|---|---|---|---|",
        ]
        lines += figures.map(\.row)
        print(lines.joined(separator: "\n"))
        struct Results: Encodable {
            let machine: String
            let date: String
            let rounds: Int
            let figures: [Figure]
        }
        let results = Results(
            machine: machine, date: ISO8601DateFormatter().string(from: Date()), rounds: rounds, figures: figures)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let output = outputPath
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: output).deletingLastPathComponent(), withIntermediateDirectories: true)
        if let data = try? encoder.encode(results) { try? data.write(to: URL(fileURLWithPath: output)) }
    }

    private var outputPath: String {
        arguments.firstIndex(of: "--output").map { arguments[$0 + 1] } ?? "Benchmarks/Results/results.json"
    }

    private var bench: String { directory.appendingPathComponent("placeholder-bench").path }

    private func runSelf(_ arguments: [String]) -> String {
        run(bench, arguments, input: Data(), environment: [:])
            .stdout
    }

    private func number(_ text: String) -> Double {
        Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
    }

    private func run(_ executable: String, _ arguments: [String], input: Data, environment: [String: String]) -> (
        stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { return ("", "\(error)") }
        // Feed stdin from another thread while this one drains stdout (a megabyte fills any pipe).
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
