import Foundation
import XCTest

/// `--to mastodon,bluesky`: Send is enabled only when the text fits both networks, each network is
/// posted to and confirmed on its own, a failing one alone is retried, and standard output gets one
/// link per network in the order given.
final class CrossPostingTests: SandboxTestCase {
    func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func testBothNetworksGetThePostAndTheLinksComeInOrder() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let window = try sandbox.send("Everywhere at once", to: "mastodon,bluesky")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let links = lines(finished.stdout)
        XCTAssertEqual(links.count, 2)
        XCTAssertEqual(links.first, "https://mastodon.social/@alice/110000000000000001")
        XCTAssertTrue(links.last?.hasPrefix("https://bsky.app/profile/alice.bsky.social/post/") == true)
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(sandbox.records.count, 1)
    }

    /// Bluesky fails, Mastodon has the post: Retry goes to Bluesky alone (asking for the record
    /// first, as the 503 may have stored it), and Mastodon never gets the post again.
    func testOnlyTheNetworkThatFailedIsRetried() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        try sandbox.inject([["method": "createRecord", "status": 503, "json": [:] as [String: Any]]])
        let window = try sandbox.send("Half there", to: "mastodon,bluesky")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(sandbox.records.count, 0)
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(lines(finished.stdout).count, 2)
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 1, "Mastodon had it")
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(sandbox.records.count, 1)
    }

    /// Closed with Mastodon holding the post and Bluesky not: exit 4, Mastodon's link alone on
    /// standard output; the next start sends Bluesky alone and prints both links, in order.
    func testClosedHalfPostedPrintsTheLinkThatExistsAndTheNextStartFinishes() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        try sandbox.inject([["method": "createRecord", "status": 503, "json": [:] as [String: Any]]])
        let window = try sandbox.send("Half there, then closed", to: "mastodon,bluesky")
        XCTAssertTrue(window.waitForStderr(containing: "did not take the post"), window.stderrSoFar)
        window.key("Escape")
        let closed = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(closed.code, 4, closed.stderr)
        XCTAssertEqual(lines(closed.stdout), ["https://mastodon.social/@alice/110000000000000001"])

        let again = try sandbox.reopen(to: "mastodon,bluesky")
        XCTAssertTrue(again.waitForText("Half there, then closed"))
        again.key("ctrl+Return")
        let finished = try XCTUnwrap(again.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let links = lines(finished.stdout)
        XCTAssertEqual(links.first, "https://mastodon.social/@alice/110000000000000001")
        XCTAssertTrue(links.count == 2 && links[1].hasPrefix("https://bsky.app/profile/alice.bsky.social/post/"))
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 1, "Mastodon had it")
        XCTAssertEqual(sandbox.records.count, 1)
    }

    /// 400 characters fit Mastodon's 500 but not Bluesky's 300: Send stays disabled.
    func testSendIsDisabledUnlessTheTextFitsEveryNetwork() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let window = try sandbox.window(String(repeating: "字", count: 400), to: "mastodon,bluesky")
        window.key("ctrl+Return", "Escape")
        XCTAssertEqual(window.finish(timeout: 30)?.code, 1, "Send did nothing; the unchanged text closed")
        XCTAssertEqual(sandbox.statuses.count + sandbox.records.count, 0)
    }
}
