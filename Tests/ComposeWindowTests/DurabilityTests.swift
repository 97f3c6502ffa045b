import Foundation
import PlaceholderTestSupport
import XCTest

/// Drafts survive what can happen to a compose window while someone types: SIGKILL at a random
/// moment, termination signals, a full disk. `DURABILITY_ROUNDS` sets the kill rounds
/// (`make check-durability` runs 25; `make test` 3).
final class DurabilityTests: XCTestCase {
    /// What the test typed and when each piece had been sent to the X server.
    final class TypingLog: @unchecked Sendable {
        private let lock = NSLock()
        private var pieces: [(sent: Date, text: String)] = []

        func append(_ text: String) {
            lock.withLock { pieces.append((Date(), text)) }
        }

        /// Everything whose sending had finished by `time`.
        func typed(by time: Date) -> String {
            lock.withLock { pieces.filter { $0.sent <= time }.map(\.text).joined() }
        }
    }

    /// Types `text` in 8-character pieces until the process ends (or the text runs out).
    func typeContinuously(_ window: ComposeProcess, _ text: String, log: TypingLog) {
        var rest = Substring(text)
        while window.isRunning, !rest.isEmpty {
            let piece = String(rest.prefix(8))
            rest = rest.dropFirst(8)
            window.type(piece)
            if window.isRunning { log.append(piece) }
        }
        Self.releaseKeys(of: text)
    }

    /// xdotool exits on the X error a vanished window causes, possibly between a key's press and
    /// release: the X server then holds the key down and auto-repeats it into the next window.
    static func releaseKeys(of text: String) {
        let names = Set(text).compactMap { character -> String? in
            switch character {
            case " ": "space"
            case ":": "colon"
            case _ where character.isASCII && (character.isLetter || character.isNumber): String(character)
            default: nil
            }
        }
        Xdotool.run(["keyup"] + names.sorted())
    }

    static let prose = (1...400).map { "word\($0) " }.joined()

    func testSIGKILLWhileTypingLosesAtMostTheLastSecond() throws {
        let rounds = ProcessInfo.processInfo.environment["DURABILITY_ROUNDS"].flatMap(Int.init) ?? 3
        var random = SeededGenerator(seedFrom: "DURABILITY_SEED", fixed: 20_261_203)
        print("SIGKILL rounds: \(rounds), DURABILITY_SEED=\(random.state)")
        var lostCharacters: [Int] = []
        for round in 0..<rounds {
            let state = try StateHome()
            let window = try ComposeProcess([], stateHome: state.url)
            guard window.waitForWindow() else { return }
            let log = TypingLog()
            let delay = Double.random(in: 1.2...4.0, using: &random)
            let killed = KillTime()
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                killed.time = Date()
                window.signal(SIGKILL)
            }
            let text = "round \(round): " + Self.prose
            typeContinuously(window, text, log: log)
            _ = window.finish()
            let killTime = try XCTUnwrap(killed.time)
            // Autosave runs at most 1 s after an edit; allow 0.3 s for the keystrokes to arrive.
            let mustHave = log.typed(by: killTime.addingTimeInterval(-1.3))
            let sentBeforeKill = log.typed(by: killTime)
            // Every round: no file, or a whole prefix of the text holding at least what was typed
            // more than a second before the kill.
            let file = state.draft()
            let draft = file ?? ""
            XCTAssertTrue(
                file != nil || mustHave.isEmpty, "round \(round): no draft after \(delay) s of typing")
            XCTAssertNotEqual(file, "", "round \(round): an empty draft file")
            XCTAssertTrue(text.hasPrefix(draft), "round \(round): torn draft \(draft.debugDescription)")
            XCTAssertGreaterThanOrEqual(draft.count, mustHave.count, "round \(round): more than the last second lost")
            lostCharacters.append(sentBeforeKill.count - draft.count)

            // The next start restores exactly that draft.
            let restarted = try ComposeProcess([], stateHome: state.url)
            guard restarted.waitForWindow() else { return }
            restarted.key("ctrl+Return")
            let result = try XCTUnwrap(restarted.finish())
            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), draft, "round \(round): restored")
        }
        print("SIGKILL rounds: \(rounds), characters sent but not in the draft per round: \(lostCharacters)")
    }

    final class KillTime: @unchecked Sendable {
        var time: Date?
    }

    /// TERM, INT, HUP mid-typing: everything that reached the window before the signal is saved.
    func testTerminationSignalsMidTypingLoseNothing() throws {
        var random = SeededGenerator(seedFrom: "DURABILITY_SEED", fixed: 20_261_203)
        print("termination signals mid-typing: DURABILITY_SEED=\(random.state)")
        for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
            let state = try StateHome()
            let window = try ComposeProcess([], stateHome: state.url)
            guard window.waitForWindow() else { return }
            let log = TypingLog()
            let signalled = KillTime()
            DispatchQueue.global().asyncAfter(deadline: .now() + Double.random(in: 0.8...2.0, using: &random)) {
                signalled.time = Date()
                window.signal(signalNumber)
            }
            typeContinuously(window, Self.prose, log: log)
            let result = try XCTUnwrap(window.finish())
            XCTAssertEqual(result.code, 1, "signal \(signalNumber)")
            let sentTime = try XCTUnwrap(signalled.time)
            let draft = state.draft() ?? ""
            // A piece being typed when the signal came may be partly in: compare with the whole text.
            XCTAssertTrue(Self.prose.hasPrefix(draft), "signal \(signalNumber): torn draft \(draft.debugDescription)")
            // Keystrokes sent 0.15 s before the signal have been handled by then.
            XCTAssertGreaterThanOrEqual(
                draft.count, log.typed(by: sentTime.addingTimeInterval(-0.15)).count,
                "signal \(signalNumber): typed text lost")
        }
    }

    /// Changes a resource limit of a running process (util-linux prlimit); its exit status.
    static func prlimit(_ pid: String, _ limit: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = ["--pid", pid, limit]
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A full disk (RLIMIT_FSIZE set on the running window with prlimit): the window says so on
    /// stderr and in its info bar, the previous draft file stays intact, no temporary file is left,
    /// the text stays in the window, and saving resumes once space returns.
    func testDiskFullKeepsTheTextAndThePreviousDraft() throws {
        let state = try StateHome()
        try state.writeDraft("previous draft")
        let window = try ComposeProcess([], stateHome: state.url)
        guard window.waitForWindow() else { return }
        let pid = String(window.process.processIdentifier)
        XCTAssertEqual(Self.prlimit(pid, "--fsize=8:unlimited"), 0)
        window.type(" and more text than eight bytes")
        XCTAssertTrue(window.waitForStderr(containing: "cannot write the draft"), "the autosave failed and said so")
        XCTAssertEqual(state.draft(), "previous draft", "the previous draft is intact")
        let drafts = state.draftURL().deletingLastPathComponent()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: drafts.path), ["default.txt"])

        XCTAssertEqual(Self.prlimit(pid, "--fsize=unlimited"), 0)
        window.type("!")
        XCTAssertTrue(
            waitUntil(timeout: 10) { state.draft() == "previous draft and more text than eight bytes!" },
            "saving resumed: \(state.draft() ?? "no draft")")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "previous draft and more text than eight bytes!")
        let failures = result.stderr.split(separator: "\n").filter { $0.contains("cannot write the draft") }
        XCTAssertEqual(failures.count, 1, "one line for the failure: \(result.stderr)")
        XCTAssertTrue(failures.first?.hasSuffix(": File too large") ?? false, "the system's reason: \(result.stderr)")
    }

    /// The draft path is a symlink to a file elsewhere, or a directory: a clear message, nothing
    /// written through the link, the text still sent.
    func testDraftPathReplacedByASymlinkOrADirectory() throws {
        for kind in ["symlink", "directory"] {
            let state = try StateHome()
            let draft = state.draftURL()
            try FileManager.default.createDirectory(
                at: draft.deletingLastPathComponent(), withIntermediateDirectories: true)
            let outside = state.url.appendingPathComponent("outside.txt")
            try Data("someone else's file".utf8).write(to: outside)
            if kind == "symlink" {
                try FileManager.default.createSymbolicLink(at: draft, withDestinationURL: outside)
            } else {
                try FileManager.default.createDirectory(at: draft, withIntermediateDirectories: false)
            }
            let window = try ComposeProcess([], stateHome: state.url)
            guard window.waitForWindow() else { return }
            window.type("typed over a \(kind)")
            // The autosave came, one way or the other: the link replaced by a file, or a refusal.
            XCTAssertTrue(
                waitUntil(timeout: 10) {
                    state.draft() == "typed over a \(kind)" || window.stderrSoFar.contains("cannot write the draft")
                }, kind)
            window.key("ctrl+Return")
            let result = try XCTUnwrap(window.finish())
            XCTAssertEqual(result.code, 0, "\(kind): \(result.stderr)")
            XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "typed over a \(kind)")
            XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "someone else's file", kind)
            XCTAssertTrue(result.stderr.contains("compose-window: cannot read the draft"), "\(kind): \(result.stderr)")
        }
    }
}
