import Foundation
import XCTest

/// A tiny run of placeholder-bench (`--quick`), so the benchmark keeps building and running; its
/// numbers mean nothing at these sizes and are not checked, only that every figure was measured.
final class BenchSmokeTests: XCTestCase {
    func testQuickBenchmarkMeasuresEveryFigure() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json")
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
    }
}
