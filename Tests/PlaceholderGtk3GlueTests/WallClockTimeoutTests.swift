import CPlaceholderGtk3
import ComposeWindowGlue
import Foundation
import XCTest

/// A wait for a moment on the wall clock (a scheduled post's time, a promised retry, Undo Send's
/// end) fires at that moment, and waits on the clock that keeps counting while the machine sleeps
/// (#61): the kernel says so of the timer itself (/proc/self/fdinfo: CLOCK_REALTIME, absolute,
/// cancelled when the clock is set), since a test can neither suspend the machine nor set its clock.
final class WallClockTimeoutTests: XCTestCase {
    private static var now: Int64 { Int64(g_get_real_time() / 1_000_000) }

    /// Runs the default main context until `done`, or 10 s.
    private static func run(until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !done(), Date() < deadline { g_main_context_iteration(nil, 1) }
    }

    /// The timerfds this process has open, by descriptor and inode: their fdinfo text. Other parts
    /// of the process (an earlier test's libraries) hold timerfds of their own, listed in any order
    /// (CI met a monotonic one listed after ours).
    private static func timerfds() -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var infos: [String: String] = [:]
        for name in names {
            guard
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name))
                    == "anon_inode:[timerfd]",
                // /proc's files say size 0: read to the end, not by their size.
                let file = FileHandle(forReadingAtPath: "/proc/self/fdinfo/" + name)
            else { continue }
            defer { try? file.close() }
            let info = String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
            let inode = info.split(separator: "\n").first { $0.hasPrefix("ino:") } ?? ""
            infos[name + " " + inode] = info
        }
        return infos
    }

    func testItFiresAtItsSecondOnTheRealTimeClockAndLetsGoOfItsTimer() {
        MainActor.assumeIsolated {
            let before = Self.timerfds()
            let time = Self.now + 2
            var firedAt: Int64?
            let source = MainLoopSource.timeout(until: time) {
                firedAt = Int64(g_get_real_time())
                return false
            }
            let added = Self.timerfds().filter { before[$0.key] == nil }
            XCTAssertEqual(added.count, 1, "one timer for the wait")
            let info = added.first?.value ?? ""
            XCTAssertTrue(info.contains("clockid: 0"), "CLOCK_REALTIME, which counts through sleep: \(info)")
            XCTAssertTrue(info.contains("settime flags: 03"), "absolute, cancelled when the clock is set: \(info)")
            Self.run { firedAt != nil }
            let fired = try? XCTUnwrap(firedAt)
            XCTAssertGreaterThanOrEqual(fired ?? 0, time * 1_000_000, "never before its moment")
            XCTAssertLessThan(fired ?? .max, (time + 2) * 1_000_000)
            XCTAssertFalse(source.isActive)
            XCTAssertTrue(Set(Self.timerfds().keys).isDisjoint(with: added.keys), "its timer closed")
        }
    }

    func testATimePastFiresAtOnceAndACancelledOneNever() {
        MainActor.assumeIsolated {
            let before = Self.timerfds()
            var past = false
            var cancelledFired = false
            var marker = false
            _ = MainLoopSource.timeout(until: Self.now - 3_600) {
                past = true
                return false
            }
            let cancelled = MainLoopSource.timeout(until: Self.now + 1) {
                cancelledFired = true
                return false
            }
            cancelled.cancel()
            _ = MainLoopSource.timeout(until: Self.now + 2) {
                marker = true
                return false
            }
            let ours = Self.timerfds().keys.filter { before[$0] == nil }
            XCTAssertEqual(ours.count, 2, "the cancelled wait's timer closed at once")
            Self.run { past && marker }
            XCTAssertTrue(past)
            XCTAssertTrue(marker)
            XCTAssertFalse(cancelledFired, "cancelled before its moment, which has passed")
            XCTAssertTrue(Set(Self.timerfds().keys).isDisjoint(with: ours), "every timer closed")
        }
    }

    /// A time from a hostile file: no overflow, and it simply waits.
    func testAFarTimeWaitsWithoutATrap() {
        MainActor.assumeIsolated {
            var fired = false
            let source = MainLoopSource.timeout(until: .max) {
                fired = true
                return false
            }
            for _ in 0..<10 { g_main_context_iteration(nil, 0) }
            XCTAssertFalse(fired)
            source.cancel()
        }
    }
}
