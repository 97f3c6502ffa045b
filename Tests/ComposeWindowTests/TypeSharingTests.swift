import Foundation
import XCTest

/// Both implementations in one process: a Swift app linking the package and loading the C library
/// as a plugin does (placeholder-type-sharing-probe, Tests/Support/TypeSharingProbe), in either
/// order. A compatible build shares the one PlaceholderTextView type, each copy's widgets working
/// through C and Swift alike; a type registered by anything else is refused with one critical.
final class TypeSharingTests: XCTestCase {
    /// Each toolkit's probe and C library, as installed by `make test`'s fixtures (a fresh
    /// `make install` into .build/stage).
    static let toolkits = [
        (name: "GTK 3", probe: "placeholder-type-sharing-probe", library: "libgtkplaceholder-3.0.so.0"),
        (name: "GTK 4", probe: "placeholder-type-sharing-probe-gtk4", library: "libgtkplaceholder-4.0.so.0"),
    ]

    func run(_ mode: String, fatalCriticals: Bool = true) throws -> [(toolkit: String, result: Shell.Result)] {
        var environment = ProcessInfo.processInfo.environment
        environment["G_DEBUG"] = fatalCriticals ? "fatal-criticals" : nil
        return try Self.toolkits.map { toolkit in
            let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent(toolkit.probe).path
            let library = InstalledTests.stage.appendingPathComponent("usr/lib/\(toolkit.library)").path
            return (toolkit.name, try Shell.run(probe, [mode, library], environment: environment, replacing: true))
        }
    }

    /// Runs `mode` on both toolkits: exit 0, and every one of `checks` reported ok.
    func assertPasses(_ mode: String, _ checks: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        for (toolkit, result) in try run(mode) {
            XCTAssertEqual(result.code, 0, "\(toolkit): \(result.stdout)\(result.stderr)", file: file, line: line)
            for check in checks {
                XCTAssertTrue(result.stdout.contains("ok \(check)"), "\(toolkit): \(check)", file: file, line: line)
            }
        }
    }

    func testTheAppRegistersFirstAndThePluginUsesItsType() throws {
        try assertPasses(
            "swift-first",
            ["the C library uses the Swift package's type", "its placeholder is laid out", "both destroyed"])
    }

    func testThePluginRegistersFirstAndTheAppUsesItsType() throws {
        try assertPasses(
            "c-first", ["g_object_get reads the Swift widget", "its placeholder is laid out", "both destroyed"])
    }

    func testAnotherLibrarysTypeIsRefusedWithOneCritical() throws {
        for (toolkit, result) in try run("foreign", fatalCriticals: false) {
            XCTAssertEqual(result.code, 0, "\(toolkit): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(result.stdout.contains("ok the C library returns G_TYPE_INVALID"), toolkit)
            let criticals = result.stderr.components(separatedBy: "\n").filter { $0.contains("CRITICAL") }
            XCTAssertEqual(criticals.count, 1, "\(toolkit): \(result.stderr)")
            XCTAssertTrue(
                criticals.first?.contains("by another library; GtkPlaceholder 1 (\(toolkit)) cannot use that type")
                    == true,
                "the critical names both: \(result.stderr)")
        }
    }
}
