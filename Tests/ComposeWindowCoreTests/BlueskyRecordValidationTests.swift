import Foundation
import PlaceholderTestSupport
import Testing

@testable import ComposeWindowCore

/// The createRecord body Send will make, checked by a validator no one here wrote: the atproto SDK's
/// lexicon models (PyPI, `make atproto`; scripts/check-bluesky-record.py), string formats included.
@Suite struct BlueskyRecordValidationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The validator's verdict on `body`: its exit status and what it printed.
    static func check(_ body: JSONValue) throws -> (status: Int32, output: String) {
        let verdict = try AtprotoValidator.check(
            try JSONSerialization.data(withJSONObject: foundationObject(body)), root: root)
        if verdict.status == -1 { Issue.record(Comment(rawValue: verdict.output)) }
        return verdict
    }

    static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .string(let string): return string
        case .integer(let integer): return integer
        case .double(let double): return double
        case .bool(let bool): return bool
        case .null: return NSNull()
        case .array(let values): return values.map(foundationObject)
        case .object(let members):
            return Dictionary(uniqueKeysWithValues: members.map { ($0.name, foundationObject($0.value)) })
        }
    }

    static func body(typed: String, createdAt: String = "2026-12-02T07:30:00.123Z") -> JSONValue {
        let post = BlueskyPost(typed: typed, didsByHandle: ["alice.bsky.social": "did:plc:ewvi7nxzyoun6zhxrhs64oiz"])
        return BlueskyPost.createRecordBody(
            repo: "did:plc:ewvi7nxzyoun6zhxrhs64oiz",
            recordKey: RecordKey.tid(microsecondsSinceEpoch: 1_796_196_600_123_456, clockIdentifier: 513),
            record: post.record(createdAt: createdAt, langs: ["zh-Hans", "en"]))
    }

    @Test(arguments: [
        "分享新鲜事…",
        "#分享 https://example.com/a/very/long/path?with=query#and-fragment @alice.bsky.social 👨‍👩‍👧‍👦 bsky.app",
        "(@alice.bsky.social) ＃标签 and #tag, example.org/x.",
    ])
    func theValidatorAcceptsThePost(typed: String) throws {
        let verdict = try Self.check(Self.body(typed: typed))
        #expect(verdict.status == 0, "\(typed): \(verdict.output)")
    }

    /// A video (#62): app.bsky.embed.video with the MP4's blob, its alt text and its shape, alone.
    @Test func theValidatorAcceptsAVideo() throws {
        let blob = JSONValue.object([
            .init("$type", .string("blob")),
            .init(
                "ref", .object([.init("$link", .string("bafkreibme22gw2h7y2h7tg2fhqotaqjucnbc24deqo72b6mkl2egezxhvy"))])
            ),
            .init("mimeType", .string("video/mp4")), .init("size", .integer(812_345)),
        ])
        let video = BlueskyPost.Image(alt: "A test pattern", blob: blob, width: 640, height: 360, isVideo: true)
        let record = BlueskyPost(typed: "A clip", didsByHandle: [:]).record(
            createdAt: "2026-12-07T22:00:00.000Z", langs: ["en"], images: [video])
        #expect(
            record["embed"]
                == .object([
                    .init("$type", .string("app.bsky.embed.video")), .init("video", blob),
                    .init("alt", .string("A test pattern")),
                    .init("aspectRatio", .object([.init("width", .integer(640)), .init("height", .integer(360))])),
                ]))
        let verdict = try Self.check(
            BlueskyPost.createRecordBody(
                repo: "did:plc:ewvi7nxzyoun6zhxrhs64oiz",
                recordKey: RecordKey.tid(microsecondsSinceEpoch: 1_796_196_600_123_456, clockIdentifier: 513),
                record: record))
        #expect(verdict.status == 0, "\(verdict.output)")
    }

    /// A thread's second post, answering its first: root and parent strongRefs by URI and cid.
    @Test func theValidatorAcceptsAReplyInAThread() throws {
        let first = BlueskyPost.StrongRef(
            uri: "at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3l6oveex3ii2l",
            cid: "bafyreie5737gdxlw5i64vzichcalba3z2v5n6icifvx5xytvske7mr3hpm")
        let post = BlueskyPost(typed: "2/2 the rest", didsByHandle: [:])
        let record = post.record(
            createdAt: "2026-12-04T11:30:00.000Z", langs: ["en"], reply: .init(root: first, parent: first))
        let verdict = try Self.check(
            BlueskyPost.createRecordBody(
                repo: "did:plc:ewvi7nxzyoun6zhxrhs64oiz",
                recordKey: RecordKey.tid(microsecondsSinceEpoch: 1_796_196_600_123_457, clockIdentifier: 513),
                record: record))
        #expect(verdict.status == 0, "\(verdict.output)")
        // The validator checks the refs: a cid that is no cid is refused.
        let broken = BlueskyPost.StrongRef(uri: first.uri, cid: "not a cid")
        let refused = try Self.check(
            BlueskyPost.createRecordBody(
                repo: "did:plc:ewvi7nxzyoun6zhxrhs64oiz",
                recordKey: RecordKey.tid(microsecondsSinceEpoch: 1_796_196_600_123_458, clockIdentifier: 513),
                record: post.record(
                    createdAt: "2026-12-04T11:30:00.000Z", langs: [], reply: .init(root: first, parent: broken))))
        #expect(refused.status == 1, "\(refused.output)")
    }

    /// The validator can say no: a record whose time is not RFC 3339 is refused.
    @Test func theValidatorRefusesABadRecord() throws {
        let verdict = try Self.check(Self.body(typed: "hello", createdAt: "2 Dec 2026"))
        #expect(verdict.status == 1)
        #expect(verdict.output.contains("createdAt"), "\(verdict.output)")
    }
}
