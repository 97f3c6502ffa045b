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
        XCTAssertEqual(
            Set(runners.map(\.target)),
            ["test", "check-durability", "check-fuzz", "check-explore", "coverage", "test-installed"],
            "the targets found")
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

    /// Every program `make run`'s build runs, outside the toolchain and a Debian base system, comes
    /// from a package `make run` installs: the programs in `make -n build`'s recipe and those the
    /// build tool plugin runs (gtk4-builder-tool once came only with the tests' packages, and a
    /// machine nobody set up could not build).
    func testEveryProgramTheBuildRunsComesFromABuildPackage() throws {
        let dryRun = try Shell.run("/usr/bin/make", ["-n", "--no-print-directory", "build", "SWIFT=true"])
        XCTAssertEqual(dryRun.code, 0, dryRun.stderr)
        let runDryRun = try Shell.run("/usr/bin/make", ["-n", "--no-print-directory", "run", "SWIFT=true"])
        let installed = Set(runDryRun.stdout.split(whereSeparator: { " \t\n;'\"\\".contains($0) }).map(String.init))
        var programs = Set(dryRun.stdout.split(whereSeparator: { " \t\n;'\"|&()$`=".contains($0) }).map(String.init))
        // What the build tool plugin's tool starts (`arguments = ["program", …]` after /usr/bin/env).
        let toolSources = try FileManager.default.contentsOfDirectory(
            atPath: Shell.packageRoot.appendingPathComponent("Tools/EmbedFiles").path)
        for name in toolSources where name.hasSuffix(".swift") {
            let source = try String(
                contentsOf: Shell.packageRoot.appendingPathComponent("Tools/EmbedFiles/\(name)"), encoding: .utf8)
            for line in source.split(separator: "\n") where line.contains(".arguments = [\"") {
                programs.insert(String(line.split(separator: "\"")[1]))
            }
        }
        XCTAssertTrue(programs.contains("gtk4-builder-tool"), "the plugin's program was found")
        XCTAssertTrue(programs.contains("msgfmt"), "the recipe's programs were found")
        var checked: [String] = []
        // The package list's own words (gettext, valac, locales) are names of packages, not programs run.
        for program in programs.subtracting(installed).sorted() where !program.contains("/") && !program.hasPrefix("-")
        {
            let path = try Shell.run("/bin/sh", ["-c", "command -v \"$0\"", program]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard path.hasPrefix("/usr/bin/") || path.hasPrefix("/usr/sbin/") else { continue }
            // sudo is how a machine becomes root, not something the build needs.
            guard program != "sudo" else { continue }
            let owner = try Shell.run("/usr/bin/dpkg", ["-S", path]).stdout.split(separator: ":").first.map(String.init)
            guard let owner else { continue }
            let fields = try Shell.run("/usr/bin/dpkg-query", ["-W", "-f=${Essential} ${Priority}", owner]).stdout
            if fields.hasPrefix("yes") || fields.hasSuffix("required") { continue }
            checked.append(program)
            XCTAssertTrue(
                installed.contains(owner), "the build runs \(program) (\(owner)), which make run does not install")
        }
        XCTAssertTrue(checked.contains("gtk4-builder-tool"), "checked: \(checked)")
    }
}
