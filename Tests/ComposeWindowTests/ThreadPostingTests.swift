import ComposeWindowCore
import Foundation
import Glibc
import PlaceholderTestSupport
import XCTest

/// A text over the limit posted as a thread, for real: the window under Xvfb, the stand-ins under
/// the networks' real names. The stand-ins refuse a reply to a post they do not hold (Mastodon's
/// `in_reply_to_id`, Bluesky's root and parent strongRefs with their cids), and each Bluesky record
/// is checked afterwards by the atproto SDK's models.
final class ThreadPostingTests: SandboxTestCase {
    /// The checkout (scripts/, .build/atproto).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Eighteen sentences of 66 characters, a space between: 1,205 characters. Seven sentences fit
    /// Mastodon's 500 and four Bluesky's 300: three posts there, five here.
    static let longText = (1...18).map { number in
        let sentence = "Sentence \(number) of a long post that the window makes a thread"
        return sentence + String(repeating: "!", count: 66 - sentence.count)
    }.joined(separator: " ")

    func lines(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The statuses the stand-in holds, in the order made.
    func texts(of statuses: [[String: Any]]) -> [String] { statuses.compactMap { $0["text"] as? String } }

    func recordTexts(_ sandbox: NetworkSandbox) -> [String] {
        sandbox.records.compactMap { ($0["value"] as? [String: Any])?["text"] as? String }
    }

    /// Each status answers the one made before it, the first none.
    func assertMastodonChain(_ statuses: [[String: Any]], file: StaticString = #filePath, line: UInt = #line) {
        for (index, status) in statuses.enumerated() {
            let parent = status["in_reply_to_id"] as? String
            let expected = index == 0 ? nil : (statuses[index - 1]["json"] as? [String: Any])?["id"] as? String
            XCTAssertEqual(parent, expected, "status \(index + 1)", file: file, line: line)
        }
    }

    /// Each record answers the one before as parent and the first as root, by uri and cid as
    /// stored; each validates with the atproto SDK.
    func assertBlueskyChain(_ records: [[String: Any]], file: StaticString = #filePath, line: UInt = #line) throws {
        func ref(_ record: [String: Any]) -> [String: String] {
            ["uri": record["uri"] as? String ?? "", "cid": record["cid"] as? String ?? ""]
        }
        for (index, record) in records.enumerated() {
            let reply = (record["value"] as? [String: Any])?["reply"] as? [String: [String: String]]
            if index == 0 {
                XCTAssertNil(reply, "the first post answers nothing", file: file, line: line)
            } else {
                XCTAssertEqual(reply?["root"], ref(records[0]), "record \(index + 1)'s root", file: file, line: line)
                XCTAssertEqual(reply?["parent"], ref(records[index - 1]), "record \(index + 1)", file: file, line: line)
            }
            let body = try JSONSerialization.data(withJSONObject: record["body"] ?? [:])
            let verdict = try AtprotoValidator.check(body, root: Self.root)
            XCTAssertEqual(verdict.status, 0, "record \(index + 1): \(verdict.output)", file: file, line: line)
        }
    }

    /// The window offers the thread (Alt+H checks it), Send posts three statuses, each answering
    /// the one before, and standard output gets the first one's link alone.
    func testTheOfferPostsAThreadEachPostAnsweringTheOneBefore() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let expected = ThreadSplitter.split(Self.longText, rule: .mastodon(urlLength: 23), limit: 500).map(\.text)
        XCTAssertEqual(expected.count, 3)
        let window = try sandbox.window(Self.longText, to: "mastodon")
        // The offer shows once the text is split (a moment after it is there): until then Alt+H
        // finds nothing to check and Send rings; the keys go again until the thread is on its way.
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                window.key("alt+h", "ctrl+Return")
                return sandbox.statuses.count > 0 || !window.isRunning
            })
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(texts(of: sandbox.statuses), expected)
        assertMastodonChain(sandbox.statuses)
        let first = try XCTUnwrap((sandbox.statuses.first?["json"] as? [String: Any])?["url"] as? String)
        XCTAssertEqual(lines(finished.stdout), [first], "one link: the thread's first post")
    }

    /// Ctrl+Shift+Return puts a line of `---` where the caret is: the post ends there, the line is
    /// never posted, and a text that fits goes as the thread the person marked.
    func testAMarkedCutEndsAPostAndIsNeverPosted() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window("First post.", to: "bluesky")
        window.key("ctrl+End", "ctrl+shift+Return")
        window.type("Second post.")
        XCTAssertTrue(window.waitForText("First post.\n---\nSecond post."))
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 30))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(recordTexts(sandbox), ["First post.", "Second post."])
        try assertBlueskyChain(sandbox.records)
    }

    /// The end to end: 1,200 characters cross-posted as a thread of 3 on Mastodon and 5 on
    /// Bluesky, each network's connection cut at its second post (stored, the answer lost) and the
    /// process killed (SIGKILL) while its third post is on its way. Each next start finishes what
    /// is missing: every post once, in order, each answering the one before.
    func testALongTextIsAThreadOnEachNetworkPostedOnceThroughACutAndAKill() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let mastodon = ThreadSplitter.split(Self.longText, rule: .mastodon(urlLength: 23), limit: 500).map(\.text)
        let bluesky = ThreadSplitter.split(Self.longText, rule: .bluesky, limit: 300).map(\.text)
        XCTAssertEqual([mastodon.count, bluesky.count], [3, 5])
        try sandbox.inject([
            ["method": "/api/v1/statuses", "skip": 1, "drop": "after"],
            ["method": "/api/v1/statuses", "delay": 4],
            ["method": "createRecord", "skip": 1, "drop": "after"],
            ["method": "createRecord", "delay": 4],
        ])
        let posts = { (path: String) in sandbox.requests.filter { $0.verb == "POST" && $0.path.hasSuffix(path) }.count }

        // Mastodon's second post is cut and found again; the process dies during its third.
        let first = try sandbox.window(Self.longText, to: "mastodon,bluesky", extra: ["--thread"], faster: 60)
        first.key("ctrl+Return")
        XCTAssertTrue(waitUntil(timeout: 60) { posts("/api/v1/statuses") >= 3 || !first.isRunning })
        Glibc.kill(first.applicationPID, SIGKILL)
        let killed = try XCTUnwrap(first.finish(timeout: 30))
        XCTAssertNotEqual(killed.code, 0, killed.stderr)
        XCTAssertEqual(texts(of: sandbox.statuses), Array(mastodon.prefix(2)), "the third is still on its way")

        // The next start resumes: Mastodon's third post once, then Bluesky's, whose second is cut
        // and whose third is on its way when the process dies again.
        let second = try sandbox.reopen(to: "mastodon,bluesky", faster: 60)
        XCTAssertTrue(
            waitUntil(timeout: 60) {
                second.key("ctrl+Return")
                return posts("createRecord") >= 3 || !second.isRunning
            })
        Glibc.kill(second.applicationPID, SIGKILL)
        XCTAssertNotEqual(try XCTUnwrap(second.finish(timeout: 30)).code, 0)
        XCTAssertEqual(recordTexts(sandbox), Array(bluesky.prefix(2)), "the third is still on its way")

        let third = try sandbox.reopen(to: "mastodon,bluesky", faster: 60)
        var finished: (code: Int32, stdout: Data, stderr: String)?
        XCTAssertTrue(
            waitUntil(timeout: 90) {
                third.key("ctrl+Return")
                finished = third.isRunning ? nil : third.finish(timeout: 5)
                return finished != nil
            })
        let done = try XCTUnwrap(finished)
        XCTAssertEqual(done.code, 0, done.stderr)
        XCTAssertEqual(texts(of: sandbox.statuses), mastodon, "every Mastodon post once, in order")
        XCTAssertEqual(recordTexts(sandbox), bluesky, "every Bluesky post once, in order")
        assertMastodonChain(sandbox.statuses)
        try assertBlueskyChain(sandbox.records)
        let mastodonFirst = (sandbox.statuses.first?["json"] as? [String: Any])?["url"] as? String
        let links = lines(done.stdout)
        XCTAssertEqual(links.first, mastodonFirst)
        XCTAssertEqual(links.count, 2)
        let firstKey = try XCTUnwrap((sandbox.records.first?["uri"] as? String)?.split(separator: "/").last)
        XCTAssertEqual(links.last, "https://bsky.app/profile/alice.bsky.social/post/" + firstKey)
    }
}
