import Foundation
import XCTest

/// kill -9 at each step of Send, pinned from outside by strace: the process dies as it enters one
/// system call on the outbox: a write starting (g_mkdir_with_parents' mkdir of the folder, which
/// already exists, once per write), the fsync of the folder once a new content is in place
/// (g_file_set_contents_full's, after its rename), the outbox's removal. The next start with the same draft shows what is known, Send there
/// is the safe retry, and the network ends up with exactly one post every time.
final class KilledAtEachStepTests: SandboxTestCase {
    override func setUp() {
        super.setUp()
        continueAfterFailure = false  // a failed step leaves its outbox and draft to the next
    }

    /// Where Send is when the process dies, as the system calls on the outbox show it.
    struct Step {
        let name: String
        let syscall: String
        /// The outbox's file rather than its folder.
        let onOutboxFile: Bool
        let nth: Int
        /// What the outbox says after the kill; nil: there is none.
        let outboxSays: String?
        /// Whether the network had the post when the process died.
        let networkHasIt: Bool
        /// Whether the draft is still there (Send writes it before anything else).
        var draftKept = true
    }

    /// A single network's Send writes the outbox three times: the post (waiting), the request on
    /// its way (sending), the answer (confirmed); then the draft goes, then the outbox.
    static let steps = [
        Step(
            name: "before the outbox", syscall: "mkdir", onOutboxFile: false, nth: 1, outboxSays: nil,
            networkHasIt: false),
        Step(
            name: "post recorded", syscall: "fsync", onOutboxFile: false, nth: 1, outboxSays: "waiting",
            networkHasIt: false),
        Step(
            name: "request about to leave", syscall: "fsync", onOutboxFile: false, nth: 2, outboxSays: "sending",
            networkHasIt: false),
        Step(
            name: "answered, not recorded", syscall: "mkdir", onOutboxFile: false, nth: 3, outboxSays: "sending",
            networkHasIt: true),
        Step(
            name: "recorded as posted", syscall: "fsync", onOutboxFile: false, nth: 3, outboxSays: "confirmed",
            networkHasIt: true),
        Step(
            name: "draft removed, outbox not", syscall: "unlink", onOutboxFile: true, nth: 1, outboxSays: "confirmed",
            networkHasIt: true, draftKept: false),
    ]

    func testMastodonKilledAtEachStepPostsOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        for step in Self.steps { try kill(at: step, network: "mastodon", in: sandbox) }
        // One status per step, each under its own key, and no other.
        XCTAssertEqual(sandbox.statuses.count, Self.steps.count)
    }

    func testBlueskyKilledAtEachStepCreatesOneRecord() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        for step in Self.steps { try kill(at: step, network: "bluesky", in: sandbox) }
        XCTAssertEqual(sandbox.records.count, Self.steps.count)
    }

    private func kill(at step: Step, network: String, in sandbox: NetworkSandbox) throws {
        let text = "Killed at \(step.name) (\(network))"
        let posts = { () -> Int in
            network == "mastodon"
                ? sandbox.statuses.filter { $0["text"] as? String == text }.count
                : sandbox.records.filter { ($0["value"] as? [String: Any])?["text"] as? String == text }.count
        }
        // The folder is there (an earlier post made it): each write then tries mkdir exactly once.
        try FileManager.default.createDirectory(
            at: sandbox.outboxDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = step.onOutboxFile ? sandbox.outboxFile : sandbox.outboxDirectory
        let first = try sandbox.windowKilled(at: step.syscall, on: path, nth: step.nth, text: text, to: network)
        first.key("ctrl+Return")
        let killed = try XCTUnwrap(first.finish(timeout: 30), step.name)
        XCTAssertEqual(killed.code, SIGKILL, "\(step.name): \(killed.stderr)")
        XCTAssertEqual(killed.stdout, Data(), step.name)
        XCTAssertEqual(posts(), step.networkHasIt ? 1 : 0, step.name)
        let outbox = try? String(contentsOf: sandbox.outboxFile, encoding: .utf8)
        if let says = step.outboxSays {
            XCTAssertTrue(outbox?.contains("\"\(says)\"") == true, "\(step.name): \(outbox ?? "no outbox")")
        } else {
            XCTAssertNil(outbox, step.name)
        }
        let draft = try? String(contentsOf: sandbox.draftFile, encoding: .utf8)
        XCTAssertEqual(draft, step.draftKept ? text : nil, step.name)

        // Mastodon may have it: Send waits out the settle time, here under a clock 60 times faster.
        let second = try sandbox.reopen(to: network, faster: network == "mastodon" ? 60 : nil)
        if step.outboxSays == "confirmed" {
            // Already posted: the window opens empty (Escape ends it at once, no discard dialog),
            // the draft and the outbox are gone, and nothing is sent again.
            XCTAssertTrue(
                waitUntil(timeout: 10) { !FileManager.default.fileExists(atPath: sandbox.outboxFile.path) }, step.name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.draftFile.path), step.name)
            second.key("Escape")
            let closed = try XCTUnwrap(second.finish(timeout: 10), "\(step.name): the window was not empty")
            XCTAssertEqual(closed.code, 1, closed.stderr)
        } else {
            XCTAssertTrue(second.waitForText(text), step.name)
            second.key("ctrl+Return")
            let finished = try XCTUnwrap(second.finish(timeout: 30), step.name)
            XCTAssertEqual(finished.code, 0, "\(step.name): \(finished.stderr)")
            XCTAssertEqual(String(decoding: finished.stdout, as: UTF8.self).filter { $0 == "\n" }.count, 1, step.name)
        }
        XCTAssertEqual(posts(), 1, "\(step.name): exactly one post")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path), step.name)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.draftFile.path), step.name)
    }
}
