import Foundation
import XCTest

/// A tiny run of placeholder-bench (`--quick`), so the benchmark keeps building and running; its
/// numbers mean nothing at these sizes and are not checked, only that every figure was measured.
final class BenchSmokeTests: XCTestCase {
    func testQuickBenchmarkMeasuresEveryFigure() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("results.json")
        let process = Process()
        process.executableURL = ComposeProcess.binary.deletingLastPathComponent().appendingPathComponent(
            "placeholder-bench")
        process.arguments = ["--quick", "--output", output.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        let figures = try XCTUnwrap(results?["figures"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(figures.count, 9)
        for figure in figures {
            let measured = (figure["subject"] as? [Any])?.isEmpty == false || figure["absolute"] != nil
            XCTAssertTrue(measured, "not measured: \(figure["name"] ?? "?")")
        }
        // compose-window from outside: started, drawn and typed into by X events, against the C window.
        let names = figures.compactMap { $0["name"] as? String }
        for expected in [
            "compose-window: exec to first frame / C", "compose-window: RSS at first frame / C",
            "CPU a keystroke into empty / C", "keystroke to frame p99, empty / C",
            "Swift floor: exec to first frame / C", "compose-window: exec to first frame / C with its widgets",
            "CPU a keystroke into empty / C with its widgets",
        ] {
            XCTAssertTrue(names.contains(expected), "missing: \(expected) in \(names)")
        }
        // Where valgrind is installed (make bench installs it), the widget's figures are callgrind's.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") {
            let typing = figures.first { ($0["name"] as? String)?.hasPrefix("typing ") == true }
            XCTAssertNotNil(typing?["instructionRatio"], "callgrind's instruction ratio for the widget's typing")
        }
        let plot = try String(contentsOf: directory.appendingPathComponent("typing.svg"), encoding: .utf8)
        XCTAssertTrue(plot.contains("compose-window") && plot.contains("<rect"), "the typing plot has bars")
    }
}

/// The same for placeholder-bench-gtk4 (its own binary: GTK 4 cannot share a process with GTK 3).
final class GTK4BenchSmokeTests: XCTestCase {
    func testQuickGTK4BenchmarkMeasuresEveryFigure() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bench-gtk4-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = ComposeProcess.binary.deletingLastPathComponent().appendingPathComponent(
            "placeholder-bench-gtk4")
        process.arguments = ["--quick", "--output", output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let results = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        XCTAssertNotNil(results?["gtk"] as? String, "the GTK 4 version measured")
        let figures = try XCTUnwrap(results?["figures"] as? [[String: Any]])
        XCTAssertEqual(
            figures.count, 7,
            "typing, paste, memory, the control, against the control, show/hide against bare and control")
        for figure in figures {
            let median = figure["median"] as? Double ?? 0
            XCTAssertTrue(median > 0 && median.isFinite, "not measured: \(figure["name"] ?? "?") \(median)")
        }
    }
}

/// The Python bench (scripts/bench-python.py, `make bench`) at a tiny size against the installed C
/// library: both variants on GTK 3 and GTK 4 made, drawn, typed into (GTK 3) and started from
/// outside through placeholder-bench. The numbers mean nothing at this size; that each was measured,
/// and that the hand-rolled view is the one with the same label settings, is what is checked.
final class PythonBenchSmokeTests: XCTestCase {
    func testQuickPythonBenchMeasuresEveryFigureOnBothToolkits() throws {
        let prefix = try InstalledLibraryTests.installedPrefix()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-py-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let probe = ComposeProcess.binary.deletingLastPathComponent().appendingPathComponent("placeholder-bench").path
        let environment = InstalledLibraryTests.environment(prefix)
        let run = try Shell.run(
            "/usr/bin/python3",
            [
                Shell.packageRoot.appendingPathComponent("scripts/bench-python.py").path, "--views", "3", "--keys", "3",
                "--typed-views", "1", "--runs", "1", "--startup-runs", "1", "--probe", probe, "--output", output.path,
            ], environment: environment)
        XCTAssertEqual(run.code, 0, run.stdout + run.stderr)
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        for (toolkit, keys) in [
            ("gtk3", ["shown_ms", "resident_added_kib", "cpu_us_per_key", "first_frame_ms"]),
            ("gtk4", ["shown_ms", "resident_added_kib", "first_frame_ms"]),
        ] {
            let figures = try XCTUnwrap(report[toolkit] as? [String: Any], "no \(toolkit) in \(report)")
            for variant in ["library", "hand_rolled"] {
                let measured = try XCTUnwrap(figures[variant] as? [String: Double], "\(toolkit) \(variant)")
                for key in keys {
                    XCTAssertNotNil(measured[key], "\(toolkit) \(variant): no \(key) in \(measured)")
                }
                XCTAssertGreaterThan(measured["first_frame_ms"] ?? 0, 0, "\(toolkit) \(variant) drew a window")
            }
        }
    }
}
