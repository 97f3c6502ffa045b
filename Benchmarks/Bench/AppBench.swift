import Foundation
import PlaceholderXProbe

/// compose-window measured from outside against bare-window-c (GTK alone), bare-window-swift (the
/// Swift floor) and zenity, interleaved, with X key events into the mapped windows.
@MainActor
enum AppBench {
    static let initialLine = "分享新鲜事 Share something new, typed long ago.\n"

    /// About `kilobytes` KB of mixed Latin and Chinese text.
    static func initialText(kilobytes: Int) -> String {
        String(repeating: initialLine, count: kilobytes * 1024 / initialLine.utf8.count)
    }

    /// A file of `initialText(kilobytes:)`, for standard input.
    static func inputFile(kilobytes: Int, in directory: URL) -> String {
        let path = directory.appendingPathComponent("input-\(kilobytes)k.txt").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(initialText(kilobytes: kilobytes).utf8))
        return path
    }

    static func scratchDirectory() -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `--probe-once KILOBYTES EXECUTABLE [ARGUMENT…]`: startup and 300 keys, printed.
    static func probeOnce(_ arguments: [String]) {
        guard xprobe_open() != 0 else {
            print("no display with XTest and XDamage")
            return
        }
        let scratch = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let probe = AppProbe(scratch: scratch)
        let kilobytes = Int(arguments[1]) ?? 0
        let subject = AppProbe.Subject(name: arguments[2], argv: Array(arguments.dropFirst(2)))
        let input = inputFile(kilobytes: kilobytes, in: scratch)
        if let startup = probe.startup(subject, inputPath: input) {
            print(
                String(
                    format: "mapped %.1f ms, first frame %.1f ms (%.1f ms CPU), RSS %.1f MB",
                    startup.mappedSeconds * 1e3, startup.firstFrameSeconds * 1e3, startup.cpuSeconds * 1e3,
                    startup.residentBytes / 1_048_576))
        }
        if let typing = probe.typing(subject, inputPath: input, text: AppProbe.prose(count: 300)) {
            let sorted = typing.latenciesMilliseconds.filter { !$0.isNaN }.sorted()
            print(
                String(
                    format:
                        "settle %.2f CPU s; %.3f ms CPU a key; latency p50 %.2f p99 %.2f ms; %d unanswered; RSS %.1f MB",
                    typing.settleCPUSeconds, typing.cpuSecondsPerKey * 1e3, percentile(sorted, 0.5),
                    percentile(sorted, 0.99), typing.unanswered, typing.residentBytes / 1_048_576))
        }
    }

    /// `--startup-once EXECUTABLE [ARGUMENT…]`: one start measured from outside (exec to its first
    /// window's map and first drawing), printed as JSON for scripts (the Python bench's start-up).
    static func startupOnce(_ arguments: [String]) {
        guard xprobe_open() != 0 else {
            FileHandle.standardError.write(Data("placeholder-bench: no display with XTest and XDamage\n".utf8))
            exit(3)
        }
        let scratch = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let subject = AppProbe.Subject(name: arguments[1], argv: Array(arguments.dropFirst()))
        guard let startup = AppProbe(scratch: scratch).startup(subject, inputPath: "/dev/null") else {
            FileHandle.standardError.write(Data("placeholder-bench: \(arguments[1]) drew no window in 30 s\n".utf8))
            exit(1)
        }
        print(
            String(
                format: "{\"mapped_ms\": %.3f, \"first_frame_ms\": %.3f, \"cpu_ms\": %.3f, \"resident_kib\": %.0f}",
                startup.mappedSeconds * 1e3, startup.firstFrameSeconds * 1e3, startup.cpuSeconds * 1e3,
                startup.residentBytes / 1024))
    }

    /// The `fraction` percentile of sorted values (nearest rank).
    nonisolated static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
