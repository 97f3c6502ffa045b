import Foundation
import XCTest

/// kill -9 at each step of a post with an image, pinned from outside by strace on the outbox's
/// folder as KilledAtEachStepTests does (each outbox write: its folder's mkdir, then its fsync once
/// the new content is in place), and once while the upload itself is on its way. Each time the
/// next start resumes it, and the network ends with exactly one post carrying the image once, with
/// its alt text; an upload the outbox never recorded is only an unattached copy.
final class KilledWithImagesTests: SandboxTestCase {
    override func setUp() {
        super.setUp()
        continueAfterFailure = false
    }

    struct Step {
        let name: String
        /// The system call on the outbox's folder and which one, or nil: killed while the upload is
        /// with the server.
        let syscall: String?
        let nth: Int
        /// What the outbox says after the kill (a word in its JSON); nil: there is none.
        let outboxSays: String?
        let networkHasIt: Bool
    }

    /// The outbox is written six times: the post, its image prepared, the upload about to leave,
    /// the upload answered, the post about to leave, the post answered.
    static let steps = [
        Step(name: "before the outbox", syscall: "mkdir", nth: 1, outboxSays: nil, networkHasIt: false),
        Step(
            name: "image prepared, not recorded", syscall: "mkdir", nth: 2, outboxSays: "waiting", networkHasIt: false),
        Step(name: "image recorded", syscall: "fsync", nth: 2, outboxSays: "prepared", networkHasIt: false),
        Step(name: "upload about to leave", syscall: "fsync", nth: 3, outboxSays: "prepared", networkHasIt: false),
        Step(name: "during the upload", syscall: nil, nth: 0, outboxSays: "prepared", networkHasIt: false),
        Step(name: "uploaded, not recorded", syscall: "mkdir", nth: 4, outboxSays: "prepared", networkHasIt: false),
        Step(name: "upload recorded", syscall: "fsync", nth: 4, outboxSays: "ready", networkHasIt: false),
        Step(name: "post about to leave", syscall: "fsync", nth: 5, outboxSays: "sending", networkHasIt: false),
        Step(name: "posted, not recorded", syscall: "mkdir", nth: 6, outboxSays: "sending", networkHasIt: true),
        Step(name: "recorded as posted", syscall: "fsync", nth: 6, outboxSays: "confirmed", networkHasIt: true),
    ]

    func testMastodonKilledAtEachStepPostsOnceWithTheImage() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        for step in Self.steps { try kill(at: step, network: "mastodon", in: sandbox) }
        XCTAssertEqual(sandbox.statuses.count, Self.steps.count)
    }

    func testBlueskyKilledAtEachStepCreatesOneRecordWithTheImage() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        for step in Self.steps where step.outboxSays != "ready" { try kill(at: step, network: "bluesky", in: sandbox) }
    }

    private func kill(at step: Step, network: String, in sandbox: NetworkSandbox) throws {
        let text = "Killed at \(step.name) (\(network))"
        let alt = "Alt of \(step.name)"
        let pictures = try sandbox.testImages()
        try FileManager.default.createDirectory(
            at: sandbox.outboxDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let attach = ["--attach", pictures.appendingPathComponent("turned.jpg").path, "--alt", alt]
        if step.syscall == nil {
            let method = network == "mastodon" ? "/api/v2/media" : "uploadBlob"
            try sandbox.inject([["method": method, "delay": 30]])
        }
        let first = try sandbox.windowKilled(
            at: step.syscall ?? "rmdir", on: sandbox.outboxDirectory, nth: max(step.nth, 1), text: text, to: network,
            extra: attach)
        first.key("ctrl+Return")
        if step.syscall == nil {
            let arrived = waitUntil(timeout: 20) {
                sandbox.requests.contains { $0.path.hasSuffix(network == "mastodon" ? "/media" : "uploadBlob") }
            }
            XCTAssertTrue(arrived, "\(step.name): the upload reached the server")
            Glibc.kill(first.applicationPID, SIGKILL)
            try sandbox.inject([])
        }
        let killed = try XCTUnwrap(first.finish(timeout: 40), step.name)
        XCTAssertNotEqual(killed.code, 0, "\(step.name): \(killed.stderr)")
        XCTAssertEqual(killed.stdout, Data(), step.name)
        XCTAssertEqual(sandbox.posts(text, network).count, step.networkHasIt ? 1 : 0, step.name)
        let outbox = try? String(contentsOf: sandbox.outboxFile, encoding: .utf8)
        if let says = step.outboxSays {
            XCTAssertTrue(outbox?.contains("\"\(says)\"") == true, "\(step.name): \(outbox ?? "no outbox")")
        } else {
            XCTAssertNil(outbox, step.name)
        }

        let second = try sandbox.reopen(to: network, faster: network == "mastodon" ? 60 : nil)
        if step.outboxSays == "confirmed" {
            XCTAssertTrue(
                waitUntil(timeout: 10) { !FileManager.default.fileExists(atPath: sandbox.outboxFile.path) }, step.name)
            second.key("Escape")
            _ = second.finish(timeout: 10)
        } else {
            XCTAssertTrue(second.waitForText(text), step.name)
            second.key("ctrl+Return")
            let finished = try XCTUnwrap(second.finish(timeout: 40), step.name)
            XCTAssertEqual(finished.code, 0, "\(step.name): \(finished.stderr)")
        }
        let made = sandbox.posts(text, network)
        XCTAssertEqual(made.count, 1, "\(step.name): exactly one post")
        XCTAssertEqual(made.first.map { sandbox.imageAlts(of: $0, network) }, [alt], "\(step.name): the image once")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.outboxFile.path), step.name)
        let media = sandbox.outboxDirectory.appendingPathComponent("media").path
        XCTAssertEqual(
            (try? FileManager.default.contentsOfDirectory(atPath: media)) ?? [], [],
            "\(step.name): the prepared image goes with the outbox")
    }
}

extension NetworkSandbox {
    /// The posts on `network` whose text is `text`.
    func posts(_ text: String, _ network: String) -> [[String: Any]] {
        network == "mastodon"
            ? statuses.filter { $0["text"] as? String == text }
            : records.filter { ($0["value"] as? [String: Any])?["text"] as? String == text }
    }

    /// The alt text of each image the post carries, as the server keeps it.
    func imageAlts(of post: [String: Any], _ network: String) -> [String] {
        if network == "mastodon" {
            let ids = post["media"] as? [String] ?? []
            let media = state["media"] as? [[String: Any]] ?? []
            return ids.compactMap { id in media.first { $0["id"] as? String == id }?["description"] as? String }
        }
        let embed = (post["value"] as? [String: Any])?["embed"] as? [String: Any]
        return (embed?["images"] as? [[String: Any]] ?? []).compactMap { $0["alt"] as? String }
    }
}
