import Foundation

/// Instructions counted by callgrind in one run of a placeholder-bench mode, inside the measured
/// functions only (`TypingBench.measured…`, not start-up or set-up): the steady figure for the
/// widget, where the wall clock of the same work varies by a few per cent between runs.
enum Callgrind {
    static let valgrind = "/usr/bin/valgrind"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: valgrind) }

    static func instructions(_ bench: String, _ arguments: [String]) -> Double? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments =
            [
                "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*measured*",
                "--callgrind-out-file=\(output.path)", bench,
            ] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = try? String(contentsOf: output, encoding: .utf8) else {
            return nil
        }
        let totals = text.split(separator: "\n").first { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }
        return totals.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// Subject and baseline instruction counts of `mode` (`--typing-once` and the like) with
    /// "placeholder" and `baseline` ("bare", or "control": the hand-rolled placeholder).
    static func pair(_ bench: String, _ mode: String, _ arguments: [String], baseline kind: String = "bare") -> (
        subject: Double, baseline: Double
    )? {
        guard isAvailable, let subject = instructions(bench, [mode, "placeholder"] + arguments),
            let baseline = instructions(bench, [mode, kind] + arguments), subject > 0, baseline > 0
        else { return nil }
        return (subject, baseline)
    }
}
