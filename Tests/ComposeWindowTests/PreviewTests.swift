import Foundation
import XCTest

/// `--preview` prints what Send would send, and Send then sends exactly that: the same options,
/// the same accounts, compared with what the stand-ins received (all but what only the moment of
/// Send decides: a Bluesky record's key and its createdAt).
final class PreviewTests: SandboxTestCase {
    func preview(_ sandbox: NetworkSandbox, _ arguments: [String], text: String) throws -> [String: Any] {
        let run = try sandbox.composeWindow(arguments + ["--preview", "--text", text])
        XCTAssertEqual(run.code, 0, run.stderr)
        return try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    func testWhatThePreviewShowsIsWhatSendSends() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        // A page without metadata: its card is the link alone, whether or not the window has read it by Send.
        let text = "分享新鲜事 with #tags and https://pages.example.org/plain?a=long/path/to/somewhere"
        let options = ["--to", "mastodon,bluesky", "--cw", "Spoilers", "--language", "zh", "--visibility", "unlisted"]
        // The window first: it asks the server what it takes (quotes from 4.5), which --preview,
        // asking nothing, reads from the window's cache.
        let window = try sandbox.window(text, to: "mastodon,bluesky", extra: Array(options.dropFirst(2)))
        let cache = sandbox.home.appendingPathComponent("cache/compose-window/mastodon/mastodon.social.json")
        XCTAssertTrue(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: cache.path) }, "the server asked")
        let shown = try preview(sandbox, options, text: text)
        XCTAssertTrue(sandbox.statuses.isEmpty && sandbox.records.isEmpty, "nothing is sent")
        let posts = try XCTUnwrap(shown["posts"] as? [[String: Any]])
        XCTAssertEqual(posts.map { $0["network"] as? String }, ["mastodon", "bluesky"])
        XCTAssertEqual(posts.first?["request"] as? String, "POST https://mastodon.social/api/v1/statuses")
        XCTAssertEqual(
            (shown["notCarried"] as? [String: [String]])?["bluesky"], ["visibility:unlisted", "contentWarning"])

        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60)).code, 0)
        let sentStatus = try XCTUnwrap(sandbox.statuses.first?["body"] as? NSDictionary)
        XCTAssertEqual(posts.first?["body"] as? NSDictionary, sentStatus, "the status, exactly")
        let sentRecord = try XCTUnwrap(sandbox.records.first?["body"] as? [String: Any])
        let shownRecord = try XCTUnwrap(posts.last?["body"] as? [String: Any])
        XCTAssertEqual(Self.withoutMoment(shownRecord) as NSDictionary, Self.withoutMoment(sentRecord) as NSDictionary)
        let embed = (shownRecord["record"] as? [String: Any])?["embed"] as? [String: Any]
        XCTAssertEqual(embed?["$type"] as? String, "app.bsky.embed.external", "the card, its link alone")
    }

    /// A thread: each part as Send posts it, the second answering the first ("(post 1)").
    func testAThreadShowsEachPartAnsweringTheOneBefore() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let text = (1...12).map { "Sentence \($0) says a little more than fits in one post." }.joined(separator: " ")
        let shown = try preview(sandbox, ["--to", "bluesky", "--thread", "--number-posts"], text: text)
        let posts = try XCTUnwrap(shown["posts"] as? [[String: Any]])
        XCTAssertEqual(posts.map { $0["part"] as? Int }, [1, 2, 3])
        let second = try XCTUnwrap((posts[1]["body"] as? [String: Any])?["record"] as? [String: Any])
        let parent = try XCTUnwrap((second["reply"] as? [String: Any])?["parent"] as? [String: String])
        XCTAssertEqual(parent["cid"], "(post 1)")
        XCTAssertTrue((second["text"] as? String ?? "").hasSuffix("2/3"), "\(second)")
    }

    /// The record without what only the moment of Send decides: its key and its time.
    static func withoutMoment(_ body: [String: Any]) -> [String: Any] {
        var body = body
        body["rkey"] = nil
        var record = body["record"] as? [String: Any] ?? [:]
        record["createdAt"] = nil
        body["record"] = record
        return body
    }
}
