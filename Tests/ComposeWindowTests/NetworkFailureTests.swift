import Foundation
import XCTest

/// What goes wrong before a request can leave, made outside the app in the sandbox's network: the
/// name no longer resolves (/etc/hosts there), nothing listens where it points (a refused
/// connection), it points where no route goes (no network), the server shows a certificate no
/// trusted CA signed. Each keeps the window and the text, the outbox says "not sent" with the
/// reason, and Retry once the network is back posts exactly once.
final class NetworkFailureTests: SandboxTestCase {
    struct Fault: Sendable {
        let reason: String
        let apply: @Sendable (NetworkSandbox) throws -> Void
        let undo: @Sendable (NetworkSandbox) throws -> Void
    }

    static let faults = [
        Fault(
            reason: "nameNotResolved", apply: { try $0.pointNetworkNames(at: nil) },
            undo: { try $0.pointNetworkNames(at: "127.0.0.1") }),
        // 127.0.0.2 is loopback too, but the stand-ins listen on 127.0.0.1 alone.
        Fault(
            reason: "connectionRefused", apply: { try $0.pointNetworkNames(at: "127.0.0.2") },
            undo: { try $0.pointNetworkNames(at: "127.0.0.1") }),
        // No route to it, as on a machine with no network: 192.0.2.1 (TEST-NET-1) is nowhere here.
        Fault(
            reason: "noNetwork", apply: { try $0.pointNetworkNames(at: "192.0.2.1") },
            undo: { try $0.pointNetworkNames(at: "127.0.0.1") }),
        Fault(reason: "tls", apply: { try $0.inject([["method": "tls"]]) }, undo: { _ in }),
    ]

    func testEachFailureBeforeSendingKeepsThePostAndRetryPostsItOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let cache = sandbox.home.appendingPathComponent("cache/compose-window/mastodon/mastodon.social.json")
        for fault in Self.faults {
            let text = "Sent once despite \(fault.reason)"
            let window = try sandbox.window(text, to: "mastodon")
            // The server's limits are asked once (the first window); the fault is for Send's request.
            XCTAssertTrue(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: cache.path) })
            try fault.apply(sandbox)
            window.key("ctrl+Return")
            XCTAssertTrue(window.waitForStderr(containing: "did not take the post", timeout: 40), fault.reason)
            let outbox = (try? String(contentsOf: sandbox.outboxFile, encoding: .utf8)) ?? ""
            XCTAssertTrue(outbox.contains("\"notSent\""), "\(fault.reason): \(outbox)")
            XCTAssertTrue(outbox.contains("\"\(fault.reason)\""), "\(fault.reason): \(outbox)")
            XCTAssertTrue(window.waitForText(text), fault.reason)
            XCTAssertEqual(sandbox.statuses.filter { $0["text"] as? String == text }.count, 0, fault.reason)

            try fault.undo(sandbox)
            window.key("ctrl+Return")  // Retry
            let finished = try XCTUnwrap(window.finish(timeout: 30), fault.reason)
            XCTAssertEqual(finished.code, 0, "\(fault.reason): \(finished.stderr)")
            XCTAssertEqual(sandbox.statuses.filter { $0["text"] as? String == text }.count, 1, fault.reason)
        }
        XCTAssertEqual(sandbox.statuses.count, Self.faults.count)
    }
}
