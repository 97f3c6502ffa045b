import CPlaceholderGtk3
import Foundation
import PlaceholderGtk3Glue
import XCTest

@testable import PlaceholderGObjectGlue

/// Lifetimes and signals checked, not remembered: misuse fails where it happens (debug builds),
/// and a connection never asks GObject about an instance that is gone.
final class ChecksTests: XCTestCase {
    private final class Owner {}

    func testDisconnectAfterTheInstanceIsFinalizedAsksGObjectNothing() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            let connection = Signal.connect(buffer, "changed") {}
            XCTAssertTrue(connection.isConnected)
            g_object_unref(buffer.asGPointer)
            XCTAssertFalse(connection.isConnected, "the destroy notify said the handler is gone")
            connection.disconnect()  // the instance is freed: must not be touched
            let other = gtk_text_buffer_new(nil)!
            defer { g_object_unref(other.asGPointer) }
            let second = Signal.connect(other, "changed") {}
            second.disconnect()
            XCTAssertFalse(second.isConnected, "disconnecting ran the destroy notify")
        }
    }

    func testSignatureCheckNamesTheSignalAndWhatDiffers() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            defer { g_object_unref(buffer.asGPointer) }
            let object = UnsafeMutableRawPointer(buffer)
            let void = SignalSignature([], returns: .none)
            let pointer = SignalSignature([.pointer], returns: .none)
            XCTAssertNil(void.mismatch(object, "changed"))
            XCTAssertNil(pointer.mismatch(object, "notify::text"), "a detailed signal")
            XCTAssertNil(
                SignalSignature([.pointer, .pointer, .int], returns: .none).mismatch(object, "insert-text"))
            let wrongArity = void.mismatch(object, "notify::text")
            XCTAssertEqual(wrongArity?.contains("GtkTextBuffer::notify::text"), true, wrongArity ?? "")
            XCTAssertNotNil(pointer.mismatch(object, "changed"), "one argument too many")
            XCTAssertNotNil(SignalSignature([.pointer], returns: .boolean).mismatch(object, "notify"), "returns")
            XCTAssertNotNil(
                SignalSignature([.pointer, .pointer, .pointer], returns: .none).mismatch(object, "insert-text"),
                "an int is not a pointer")
            XCTAssertEqual(void.mismatch(object, "no-such-signal"), "GtkTextBuffer has no signal \"no-such-signal\"")
        }
    }

    func testConnectingAHandlerOfTheWrongSignatureTraps() {
        let (status, stderr) = ForkedChild.runCapturing {
            MainActor.assumeIsolated {
                let buffer = gtk_text_buffer_new(nil)!
                Signal.connect(buffer, "notify::text") {}  // notify passes a GParamSpec
            }
        }
        XCTAssertEqual(status, .trapped, "a void handler on notify must fail at connect time")
        XCTAssertTrue(stderr.contains("GtkTextBuffer::notify::text takes [pointer]"), stderr)
        XCTAssertEqual(
            ForkedChild.run {
                MainActor.assumeIsolated { _ = Signal.onNotify(gtk_text_buffer_new(nil)!, "text") {} }
            }, .exited(0), "the right signature connects")
    }

    func testOwnerDestroyedWithoutReleaseTraps() {
        let (status, stderr) = ForkedChild.runCapturing {
            MainActor.assumeIsolated {
                let owner = Owner()
                let ownership = ObjectOwnership(gtk_text_buffer_new(nil)!)
                ownership.adopt(owner: owner)
                _ = ownership  // dropped here, release() never called
            }
        }
        XCTAssertEqual(status, .trapped)
        XCTAssertTrue(stderr.contains("destroyed without release()"), stderr)
        XCTAssertEqual(
            ForkedChild.run {
                MainActor.assumeIsolated {
                    let owner = Owner()
                    let ownership = ObjectOwnership(gtk_text_buffer_new(nil)!)
                    ownership.adopt(owner: owner)
                    ownership.release()
                }
            }, .exited(0), "released: no trap")
    }
}

/// Runs `body` in a forked child (a trap must not take the test run down) and reports how it ended,
/// within a deadline, with what it wrote to stderr.
enum ForkedChild {
    enum Outcome: Equatable {
        case exited(Int32)
        case trapped
        case killed(Int32)
        case timedOut
    }

    static func run(timeout: TimeInterval = 20, _ body: () -> Void) -> Outcome {
        runCapturing(timeout: timeout, body).0
    }

    static func runCapturing(timeout: TimeInterval = 20, _ body: () -> Void) -> (Outcome, stderr: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        fflush(nil)
        let pid = fork()
        if pid == 0 {
            let file = open(log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            dup2(file, 2)
            body()
            _exit(0)
        }
        // A blocking waitpid on another thread; the deadline is the semaphore's.
        nonisolated(unsafe) var status: Int32 = 0
        let ended = DispatchSemaphore(value: 0)
        Thread {
            waitpid(pid, &status, 0)
            ended.signal()
        }.start()
        guard ended.wait(timeout: .now() + timeout) == .success else {
            kill(pid, SIGKILL)
            ended.wait()
            return (.timedOut, "")
        }
        let stderr = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let signal = status & 0x7f
        if signal == 0 { return (.exited((status >> 8) & 0xff), stderr) }
        // Swift's traps are ud2 (SIGILL) on x86-64 and brk (SIGTRAP) on arm64.
        return (signal == SIGILL || signal == SIGTRAP ? .trapped : .killed(signal), stderr)
    }
}
