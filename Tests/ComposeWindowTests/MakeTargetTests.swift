import Foundation
import XCTest

/// Every make target works on a fresh clone by itself: a target that runs the suites first makes
/// what they need besides the build (`test-fixtures`: translations, the staged install, the atproto
/// validator), so none depends on another target having run before it.
final class MakeTargetTests: XCTestCase {
    /// The Makefile's rules: target name and recipe lines.
    static func rules() throws -> [(target: String, recipe: [String])] {
        let makefile = try String(
            contentsOf: Shell.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        var rules: [(target: String, recipe: [String])] = []
        for line in makefile.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("\t") {
                if !rules.isEmpty { rules[rules.count - 1].recipe.append(String(line)) }
            } else if let colon = line.firstIndex(of: ":"), !line.hasPrefix("#"), !line.contains("="),
                !line.hasPrefix(".")
            {
                rules.append((String(line[..<colon]), []))
            }
        }
        return rules
    }

    func testEveryTargetThatRunsTheSuitesMakesTheirFixturesFirst() throws {
        let runners = try Self.rules().filter { rule in rule.recipe.contains { $0.contains("$(SWIFT) test") } }
        XCTAssertEqual(Set(runners.map(\.target)), ["test", "check-durability", "coverage"], "the targets found")
        for rule in runners {
            let fixtures = rule.recipe.firstIndex { $0.contains("test-fixtures") }
            let firstRun = rule.recipe.firstIndex { $0.contains("$(SWIFT) test") }
            XCTAssertNotNil(fixtures, "make \(rule.target) runs the suites without making test-fixtures")
            XCTAssertLessThan(fixtures ?? .max, firstRun ?? 0, "make \(rule.target): test-fixtures after the suites")
        }
        let makefile = try String(contentsOf: Shell.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        XCTAssertTrue(
            makefile.contains("\ntest-fixtures: locales stage atproto\n"),
            "test-fixtures makes the translations, the staged install and the atproto validator")
    }

    /// `make run` installs what building and running need, and none of the tests' tools: its
    /// recipe, as `make -n` prints it, names none of them (`make test` and the checks add them).
    func testMakeRunInstallsNoTestTool() throws {
        // SWIFT=true: `swift build --show-bin-path` would wait for the build lock `swift test` holds.
        let dryRun = try Shell.run("/usr/bin/make", ["-n", "--no-print-directory", "run", "SWIFT=true"])
        XCTAssertEqual(dryRun.code, 0, dryRun.stderr)
        let words = Set(dryRun.stdout.split(whereSeparator: { " \t\n;'\"".contains($0) }).map(String.init))
        XCTAssertTrue(words.contains("libgtk-3-dev"), "the package list is in the recipe: \(dryRun.stdout)")
        for tool in ["sway", "lintian", "fish", "zsh", "valgrind", "xvfb", "xdotool", "imagemagick"] {
            XCTAssertFalse(words.contains(tool), "make run installs \(tool)")
        }
        let testDryRun = try Shell.run("/usr/bin/make", ["-n", "--no-print-directory", "test-deps", "SWIFT=true"])
        XCTAssertTrue(testDryRun.stdout.contains(" xvfb "), "make test still installs Xvfb")
    }
}
