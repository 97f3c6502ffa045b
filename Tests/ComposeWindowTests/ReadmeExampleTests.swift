import Foundation
import XCTest

/// The README's C, Python, JavaScript and Vala examples, run as written against the installed C
/// library (InstalledLibraryTests' prefix, the toolchain hidden): each opens its window, the test
/// types a word and deletes it, closes the window as a window manager does, and reads what the
/// example printed.
final class ReadmeExampleTests: XCTestCase {
    static let section = "## From C, Python, JavaScript and Vala"

    /// The section's fenced code blocks by language tag.
    static func examples() throws -> [String: String] {
        let readme = try String(contentsOf: Shell.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "\n" + section + "\n"), "no “\(section)” in the README")
        let rest = readme[start.upperBound...]
        let body = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var blocks: [String: String] = [:]
        var language: String?
        var lines: [Substring] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = language {
                if line == "```" {
                    blocks[open] = lines.joined(separator: "\n") + "\n"
                    language = nil
                } else {
                    lines.append(line)
                }
            } else if line.hasPrefix("```"), line.count > 3 {
                language = String(line.dropFirst(3))
                lines = []
            }
        }
        return blocks
    }

    /// Writes `source`, builds it if `build` says how, then runs the example and drives its window.
    func runExample(
        _ language: String, file name: String, build: ((String, String) throws -> Shell.Result)?,
        run: (_ source: String, _ program: String) -> [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let prefix = try InstalledLibraryTests.installedPrefix()
        let source = try XCTUnwrap(try Self.examples()[language], "no ```\(language) block", file: file, line: line)
        let directory = prefix.appendingPathComponent("readme-examples")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sourcePath = directory.appendingPathComponent(name).path
        try Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath))
        let program = directory.appendingPathComponent("hello-\(language)").path
        if let build {
            let built = try build(sourcePath, program)
            XCTAssertEqual(built.code, 0, "\(language): \(built.stdout)\(built.stderr)", file: file, line: line)
            guard built.code == 0 else { return }
        }
        let state = try StateHome()
        let example = try ComposeProcess(
            [], stateHome: state.url, environment: InstalledLibraryTests.environment(prefix),
            launcher: try InstalledTests.withoutToolchain() + run(sourcePath, program))
        guard example.waitForWindow(file: file, line: line) else { return }
        example.type("Hi")
        example.key("BackSpace", "BackSpace")
        // After the keys: X delivers the close request behind them.
        XCTAssertTrue(WindowManager.requestClose(windowID: example.windowID), file: file, line: line)
        let result = try XCTUnwrap(example.finish(), "\(language): did not exit on close", file: file, line: line)
        XCTAssertEqual(result.code, 0, "\(language): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self), "placeholder hidden\nplaceholder shown\n",
            "\(language): \(result.stderr)", file: file, line: line)
    }

    func testTheCExample() throws {
        try runExample(
            "c", file: "hello.c",
            build: { source, program in
                try Shell.bash(
                    "cc -Wall -Werror -o \"$1\" \"$2\" $(pkg-config --cflags --libs gtkplaceholder-3.0)", program,
                    source, environment: InstalledLibraryTests.environment(try InstalledLibraryTests.installedPrefix()))
            }, run: { [$1] })
    }

    func testThePythonExample() throws {
        try runExample("python", file: "hello.py", build: nil, run: { source, _ in ["/usr/bin/python3", source] })
    }

    func testTheJavaScriptExample() throws {
        try runExample("js", file: "hello.js", build: nil, run: { source, _ in ["/usr/bin/gjs", source] })
    }

    func testTheValaExample() throws {
        let prefix = try InstalledLibraryTests.installedPrefix()
        try runExample(
            "vala", file: "hello.vala",
            build: { source, program in
                try Shell.run(
                    "/usr/bin/valac",
                    [
                        "--vapidir", prefix.appendingPathComponent("share/vala/vapi").path, "--pkg",
                        "gtkplaceholder-3.0", "-o", program, source,
                    ], environment: InstalledLibraryTests.environment(prefix),
                    directory: URL(fileURLWithPath: program).deletingLastPathComponent())
            }, run: { [$1] })
    }
}
