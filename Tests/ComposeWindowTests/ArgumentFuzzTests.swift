import ComposeWindowCore
import Foundation
import PlaceholderTestSupport
import XCTest

/// Random command lines (seeded; the seed is printed to reproduce a failure): every option with
/// missing, empty, negative, huge, non-numeric and non-UTF-8 values, unknown and repeated options.
/// compose-window must answer each with a documented exit code — never a signal, a hang or a GLib
/// critical — and a usage error (2) with exactly one line on stderr. `FUZZ_RUNS` sets the number of
/// runs (`make check-durability` runs 5,000).
final class ArgumentFuzzTests: XCTestCase {
    static let valueOptions = ComposeOption.allCases.filter(\.takesValue).map(\.name)
    static let flags = ComposeOption.allCases.filter { !$0.takesValue }.map(\.name) + ["help"]
    static let unknown = ["--bogus", "-x", "--LIMIT", "--limit-", "---limit", "-", "--", "stray", "--help-gtk"]
    static let values: [[UInt8]] =
        [
            "", "-1", "-999999999999", "0", "1", "5", "140", "4294967296", "99999999999999999999", "abc", "1e3",
            " 5", "0x10", "NaN", "12abc", "分享新鲜事…", "../x", "a/b", ".hidden", "\u{202E}rtl", "#fff", "red",
            "transparent", "rgba(0,0,0,0)", "Sans 400", "Sans", "\"Sans", "graphemes", "weibo", "en_US", "C",
            String(repeating: "x", count: 5_000), "-", "--limit", "\t", "line\nbreak",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3, 0x28], [0xE2, 0x82], [0x61, 0xC0, 0xAF], [0xED, 0xA0, 0x80]]

    typealias Generator = SeededGenerator

    static func commandLine(using random: inout Generator) -> [[UInt8]] {
        var arguments: [[UInt8]] = []
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let option = "--" + valueOptions.randomElement(using: &random)!
                let value = values.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: arguments.append(Array(option.utf8) + [UInt8(ascii: "=")] + value)
                case 1: arguments += [Array(option.utf8), value]
                default: arguments.append(Array(option.utf8))  // value missing (or the next item taken as it)
                }
            case 6..<8: arguments.append(Array(("--" + flags.randomElement(using: &random)!).utf8))
            case 8: arguments.append(Array(unknown.randomElement(using: &random)!.utf8))
            default: if let last = arguments.last { arguments.append(last) }  // repeated
            }
        }
        return arguments
    }

    static func describe(_ arguments: [[UInt8]]) -> String {
        arguments.map { String(decoding: $0, as: UTF8.self).debugDescription }.joined(separator: " ")
    }

    func testRandomCommandLinesGetADocumentedAnswer() throws {
        let runs = ProcessInfo.processInfo.environment["FUZZ_RUNS"].flatMap(Int.init) ?? 400
        var random = Generator(seedFrom: "FUZZ_SEED", fixed: 20_261_203)
        let seed = random.state
        print("argument fuzzer: \(runs) runs, FUZZ_SEED=\(seed)")
        let state = try StateHome()
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")  // a valid command line then stops at exit 3, quickly
        environment["XDG_STATE_HOME"] = state.url.path
        environment["G_DEBUG"] = "fatal-criticals"
        environment["LANG"] = "C.UTF-8"
        // Never the developer's own accounts: --sign-out is among the options tried.
        environment["GSETTINGS_BACKEND"] = "memory"
        var codes: [Int32: Int] = [:]
        var validLines: [[[UInt8]]] = []
        for run in 0..<runs {
            let arguments = Self.commandLine(using: &random)
            let outcome = RawProcess.run(
                ComposeProcess.binary, arguments: arguments, environment: environment, timeout: 20)
            let label = "run \(run) (FUZZ_SEED=\(seed)): \(Self.describe(arguments))"
            XCTAssertFalse(outcome.timedOut, "hung: \(label)")
            XCTAssertNil(outcome.signal, "signal \(outcome.signal ?? 0): \(label)")
            guard let code = outcome.code else { continue }
            codes[code, default: 0] += 1
            // --measure answers 1 for what Send would refuse (an empty standard input here).
            let allowed: Set<Int32> = arguments.contains(Array("--measure".utf8)) ? [0, 1, 2, 3] : [0, 2, 3]
            XCTAssertTrue(allowed.contains(code), "exit \(code): \(label)")
            let stderr = String(decoding: outcome.stderr, as: UTF8.self)
            if code == 2 || code == 3 {
                XCTAssertTrue(
                    stderr.hasPrefix("compose-window: ") && stderr.hasSuffix("\n")
                        && stderr.dropLast().allSatisfy { $0 != "\n" },
                    "one stderr line expected, got \(stderr.debugDescription): \(label)")
            }
            // --accounts, --drafts and --outbox list none here (an empty list is their whole answer),
            // and --deliver has nothing due.
            let lists = ["--accounts", "--drafts", "--outbox", "--deliver"].contains {
                arguments.contains(Array($0.utf8))
            }
            if code == 0, !lists {
                XCTAssertFalse(outcome.stdout.isEmpty, "--help or --version prints: \(label)")
            }
            // "--" ends the options: a --timeout appended after it would be an argument, not an option.
            if code == 3, validLines.count < 6, !arguments.contains(Array("--".utf8)) { validLines.append(arguments) }
        }
        print("argument fuzzer: exit codes \(codes.sorted { $0.key < $1.key })")
        XCTAssertGreaterThan(codes[2] ?? 0, runs / 4, "the generator should mostly produce bad command lines")

        // Some valid lines with a display: the window opens and --timeout ends it with 5.
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { return XCTFail("tests need a display") }
        var withDisplay = environment
        withDisplay["DISPLAY"] = ProcessInfo.processInfo.environment["DISPLAY"]
        for arguments in validLines {
            let outcome = RawProcess.run(
                ComposeProcess.binary, arguments: arguments + [Array("--timeout=1".utf8)],
                environment: withDisplay, timeout: 20)
            XCTAssertEqual(
                outcome.code, 5, "\(Self.describe(arguments)): \(String(decoding: outcome.stderr, as: UTF8.self))")
        }
    }
}
