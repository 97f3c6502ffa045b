import Foundation
import XCTest

/// The README's Swift quick starts, as a reader copies them: each is the code of an example in
/// Examples/, a package that depends on this one as a reader's app does (public API and GTK's C API
/// only), and the GTK 3 one runs: its window opens, typing reaches its observer, closing ends it.
final class SwiftExampleTests: XCTestCase {
    static let examples = Shell.packageRoot.appendingPathComponent("Examples")

    /// The README's ```swift blocks that are programs (those that import a widget module).
    static func readmeSwiftPrograms() throws -> [String] {
        let readme = try String(contentsOf: Shell.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "```swift\n").dropFirst()
            .compactMap { $0.components(separatedBy: "\n```").first }
            .filter { $0.hasPrefix("import GtkPlaceholder") }
    }

    /// An example's code after its leading comment lines.
    static func exampleCode(_ directory: String) throws -> String {
        let source = try String(
            contentsOf: examples.appendingPathComponent(directory).appendingPathComponent("main.swift"), encoding: .utf8
        )
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.drop { $0.hasPrefix("//") }.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }

    func testTheReadmesQuickStartsAreTheExamplesCode() throws {
        let programs = try Self.readmeSwiftPrograms()
        XCTAssertEqual(programs.count, 2, "one quick start for each toolkit")
        XCTAssertEqual(programs.first, try Self.exampleCode("MinimalWindow"), "the GTK 3 quick start")
        XCTAssertEqual(programs.last, try Self.exampleCode("MinimalWindow4"), "the GTK 4 quick start")
    }

    func testTheExamplesBuildAsADependentAndTheQuickStartRuns() throws {
        let build = try Shell.run("/usr/bin/env", ["swift", "build", "--package-path", Self.examples.path])
        XCTAssertEqual(build.code, 0, (build.stdout + build.stderr).suffix(3000).description)
        guard build.code == 0 else { return }
        let binPath = try Shell.run(
            "/usr/bin/env", ["swift", "build", "--package-path", Self.examples.path, "--show-bin-path"]
        )
        .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let state = try StateHome()
        let example = try ComposeProcess(
            [], stateHome: state.url, environment: ["NO_AT_BRIDGE": "1"], launcher: [binPath + "/minimal-window"])
        guard example.waitForWindow() else { return }
        example.type("Hi")
        XCTAssertTrue(WindowManager.requestClose(windowID: example.windowID))
        let result = try XCTUnwrap(example.finish(), "did not exit on close")
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "1 characters\n2 characters\n", result.stderr)
    }
}
