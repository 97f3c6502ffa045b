import Foundation
import XCTest

/// From the desktop nobody reads standard output: after posting, a desktop notification says where
/// the post is, and clicking it opens the link in the default browser. The notification server is
/// a stand-in on the session bus that records each notification and clicks it, as a person would.
final class PostedNotificationTests: SandboxTestCase {
    func testPostingFromTheDesktopNotifiesAndTheClickOpensTheLink() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let record = sandbox.directory.appendingPathComponent("notifications.jsonl")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [
            Shell.packageRoot.appendingPathComponent("Tests/Support/Networks/notification-server.py").path, record.path,
        ]
        server.environment = sandbox.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        // "ready" once it owns its name.
        XCTAssertEqual(NetworkSandbox.firstOutput(of: output, within: 20), "ready\n")

        let window = try sandbox.send("Seen on the desktop", to: "mastodon", extra: ["--desktop"])
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(finished.stdout.count, 0, "from the desktop, nothing on standard output")
        let link = "https://mastodon.social/@alice/110000000000000001"
        let notified = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(notified.count, 1)
        let notification = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(notified[0].utf8)) as? [String: Any])
        XCTAssertEqual(notification["summary"] as? String, "Posted")
        XCTAssertEqual(notification["body"] as? String, link)
        XCTAssertEqual(sandbox.browserLines("opened").last, link, "the click opened the post")
    }
}
