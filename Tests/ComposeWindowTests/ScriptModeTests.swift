import ComposeWindowCore
import Foundation
import XCTest

/// The command line without a window: usage errors, --help, --version, no display.
final class ScriptModeTests: XCTestCase {
    func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]) throws -> (
        code: Int32, stdout: Data, stderr: String
    ) {
        let state = try StateHome()
        let process = try ComposeProcess(arguments, stateHome: state.url, stdin: stdin, environment: environment)
        return try XCTUnwrap(process.finish())
    }

    func testUsageErrorsExit2WithOneLineAndNoWindow() throws {
        let cases: [[String]] = [
            ["--bogus"], ["--limit", "abc"], ["--limit", "-1"], ["--limit"], ["--count", "words"],
            ["--placeholder-color", "not-a-colour"], ["--width", "10"], ["--timeout", "0"],
            ["--draft", "../escape"], ["--draft", "x", "--no-draft"], ["stray-argument"], ["--spell", "xx_YY"],
            // A time needs a network: standard output would release an embargoed text at once (#61).
            ["--at", "23:59", "--text", "x"], ["--at", "23:59", "--to", "clipboard", "--text", "x"],
        ]
        for arguments in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.code, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, Data(), "\(arguments)")
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(lines.first?.hasPrefix("compose-window: ") ?? false, result.stderr)
        }
    }

    /// Every numeric option at and beyond its bounds: inside them the count is measured (exit 0 or
    /// 1), outside them a one-line error and exit 2, and never a signal.
    func testEveryNumericOptionAtAndBeyondItsBounds() throws {
        let bounds: [(option: String, range: ClosedRange<Int>)] = [
            ("--limit", 1...1_000_000_000), ("--timeout", 1...31_536_000), ("--width", 100...16_384),
            ("--height", 100...16_384),
        ]
        let beyond = ["-1", "0", "2147483648", "9223372036854775807", "9223372036854775808", "1e309", "NaN", "inf", ""]
        for (option, range) in bounds {
            let inside = [range.lowerBound, range.upperBound].map(String.init)
            let outside = [String(range.lowerBound - 1), String(range.upperBound + 1)] + beyond
            for value in inside + outside {
                let result = try run(
                    [option, value, "--measure"], stdin: Data("Share something new".utf8), environment: ["DISPLAY": ""])
                let label = "\(option) \(value.debugDescription): \(result.stderr)"
                let lines = result.stderr.split(separator: "\n")
                if inside.contains(value) {
                    XCTAssertTrue([0, 1].contains(result.code), label)
                } else {
                    XCTAssertEqual(result.code, 2, label)
                    XCTAssertEqual(lines.count, 1, label)
                    XCTAssertTrue(lines.first?.hasPrefix("compose-window: ") ?? false, label)
                }
            }
        }
    }

    func testInvalidUTF8OnStandardInputNamesTheByte() throws {
        let result = try run([], stdin: Data([0x68, 0x69, 0x20, 0xC3, 0x28]))
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stderr, "compose-window: standard input is not valid UTF-8 (byte 3)\n")
    }

    /// GTK buffers cannot hold NUL: rather than drop it silently, refuse the input and say where.
    func testNulOnStandardInputIsRefusedWithItsOffset() throws {
        let result = try run([], stdin: Data([0x61, 0x62, 0x00, 0x63]))
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.stderr, "compose-window: standard input contains a NUL byte (byte 2)\n")
        XCTAssertEqual(result.stdout, Data())
    }

    /// Stopped while standard input is still open (the script has not finished writing): exit 1.
    func testSignalWhileReadingStandardInputCancels() throws {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            let state = try StateHome()
            let process = Process()
            process.executableURL = ComposeProcess.binary
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": state.url.path]) { $1 }
            try process.run()
            try input.fileHandleForWriting.write(contentsOf: Data("half of the input".utf8))
            // Its own handlers are installed before it reads: wait until it blocks reading for more.
            XCTAssertTrue(
                waitUntil(timeout: 10) { Self.isBlockedReadingStandardInput(process.processIdentifier) },
                "signal \(signalNumber): never waited on standard input")
            kill(process.processIdentifier, signalNumber)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "signal \(signalNumber)")
            XCTAssertEqual(process.terminationStatus, 1, "signal \(signalNumber)")
            try input.fileHandleForWriting.close()
        }
    }

    func testNoDisplayIsExit3() throws {
        let result = try run(["--text", "hi"], environment: ["DISPLAY": ""])
        XCTAssertEqual(result.code, 3)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
        XCTAssertEqual(result.stdout, Data())
        // A Wayland desktop's variable is named too: it may be the one that is wrong.
        let wayland = try run(["--text", "hi"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "wayland-gone"])
        XCTAssertEqual(wayland.code, 3)
        XCTAssertEqual(
            wayland.stderr, "compose-window: cannot open a display (WAYLAND_DISPLAY “wayland-gone”, DISPLAY “”)\n")
    }

    func testHelpDocumentsOptionsExitCodesAndExamples() throws {
        let result = try run(["--help"])
        XCTAssertEqual(result.code, 0)
        let help = String(decoding: result.stdout, as: UTF8.self)
        let options = ComposeOption.allCases.map { option in
            "--" + option.name + (option.argumentName.map { "=" + $0 } ?? "") + " "
        }
        for expected in options + ["5  --timeout", "post=$(compose-window --limit 140 --count weibo)"] {
            XCTAssertTrue(help.contains(expected), "--help lacks \(expected)")
        }
        let version = try run(["--version"])
        XCTAssertEqual(version.code, 0)
        XCTAssertTrue(String(decoding: version.stdout, as: UTF8.self).hasPrefix("compose-window "))
    }

    func testHelpIsTranslated() throws {
        let result = try run(["--help"], environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8"])
        let help = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertTrue(help.contains("在窗口中写一条微博"), help)
        XCTAssertTrue(help.contains("退出状态"), help)
        let error = try run(["--limit", "x"], environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8"])
        XCTAssertEqual(error.code, 2)
        XCTAssertEqual(error.stderr, "compose-window: --limit：需要 1 到 1000000000 之间的整数，得到的是“x”\n")
    }

    func testDesktopFileValidates() throws {
        let report = try Shell.run(
            "/usr/bin/desktop-file-validate", ["Resources/io.github.gtkplaceholder.ComposeWindow.desktop"])
        XCTAssertEqual(report.code, 0, report.stdout)
        XCTAssertEqual(report.stdout, "", "no warnings either")
    }

    /// Whether `pid` sits in read(0, …): /proc/PID/syscall starts with the system call's number and
    /// its first argument.
    static func isBlockedReadingStandardInput(_ pid: Int32) -> Bool {
        #if arch(x86_64)
            let read = "0"
        #else
            let read = "63"  // arm64, riscv64 (the generic table)
        #endif
        let call = (try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? ""
        return call.hasPrefix("\(read) 0x0 ")
    }
}
