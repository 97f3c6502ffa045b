import Foundation
import XCTest

/// A test that hangs would hold CI until its 90-minute limit and, its output still in a pipe's
/// buffer, say nothing of where (a CI run once ended so). Output is made line-buffered, and a test
/// case that runs longer than `limit` is named, with the processes it left; they are killed and the
/// run ends failing, so the rest of `make test` still reports. It also closes the windows each test
/// case left open.
final class TestWatchdog: NSObject, XCTestObservation, @unchecked Sendable {
    /// Far beyond the slowest test case (KilledWithImagesTests' 40 s); TEST_WATCHDOG_SECONDS to try it.
    static let limit = ProcessInfo.processInfo.environment["TEST_WATCHDOG_SECONDS"].flatMap(TimeInterval.init) ?? 600
    private static let shared = TestWatchdog()
    private static let started = NSLock()
    nonisolated(unsafe) private static var isStarted = false

    private let lock = NSLock()
    private var current: (name: String, since: Date)?

    /// Idempotent: every base class's `setUp` calls it.
    static func start() {
        started.lock()
        defer { started.unlock() }
        guard !isStarted else { return }
        isStarted = true
        // C's `stdout` is a mutable global Swift 6 will not touch; its address is read instead.
        if let standardOutput = dlsym(nil, "stdout")?.load(as: UnsafeMutablePointer<FILE>?.self) {
            setvbuf(standardOutput, nil, _IOLBF, 0)
        }
        XCTestObservationCenter.shared.addTestObserver(shared)
        let interval = min(5, limit / 4)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { shared.check() }
        timer.resume()
        checks = timer
    }

    /// The timer that runs `check` (kept for the whole run).
    nonisolated(unsafe) private static var checks: DispatchSourceTimer?

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock { current = (testCase.name, Date()) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock { current = nil }
        closeLeftoverWindows()
    }

    /// A window a test left open would be found by a later test that looks for the app's windows by
    /// class (DesktopLaunchTests), and take its keys: every compose-window below this process goes
    /// when its test ends (whatever launched it: nsenter, strace, faketime).
    private func closeLeftoverWindows() {
        let windows = descendants(of: getpid()).filter {
            (try? String(contentsOfFile: "/proc/\($0)/comm", encoding: .utf8)) == "compose-window\n"
        }
        for pid in windows { kill(pid, SIGKILL) }
        // The X server drops a dead client's windows a moment later; a search meanwhile finds them.
        _ = waitUntil(timeout: 10) {
            windows.allSatisfy { Xdotool.run("search", "--onlyvisible", "--pid", String($0)).isEmpty }
        }
    }

    private func check() {
        guard let running = lock.withLock({ current }), -running.since.timeIntervalSinceNow > Self.limit
        else { return }
        let left = descendants(of: getpid())
        let table =
            (try? Shell.run(
                "/bin/ps", ["-o", "pid,ppid,etime,args", "-p", left.map(String.init).joined(separator: ",")]))?
            .stdout ?? ""
        print(
            "watchdog: \(running.name) has run over \(Int(Self.limit)) s; stopping the run. Its processes:\n\(table)"
        )
        fflush(nil)
        for pid in left { kill(pid, SIGKILL) }
        _exit(1)
    }

    /// Every process below `root`, read from /proc.
    private func descendants(of root: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var parents: [pid_t: pid_t] = [:]
        for entry in entries {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // "pid (name) state ppid …": the name may hold spaces and brackets, so read after the last ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        var found: [pid_t] = []
        var frontier = [root]
        while let next = frontier.popLast() {
            let children = parents.filter { $0.value == next }.map(\.key)
            found += children
            frontier += children
        }
        return found
    }
}
