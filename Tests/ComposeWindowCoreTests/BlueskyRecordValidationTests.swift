import Foundation
import Testing

@testable import ComposeWindowCore

/// The createRecord body Send will make, checked by a validator no one here wrote: the atproto SDK's
/// lexicon models (PyPI, `make atproto`; scripts/check-bluesky-record.py), string formats included.
@Suite struct BlueskyRecordValidationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The validator's verdict on `body`: its exit status and what it printed.
    static func check(_ body: JSONValue) throws -> (status: Int32, output: String) {
        let python = root.appendingPathComponent(".build/atproto/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            Issue.record("no atproto validator at \(python.path): `make test` makes it (make atproto)")
            return (-1, "")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [root.appendingPathComponent("scripts/check-bluesky-record.py").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: foundationObject(body)))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
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

    /// The validator can say no: a record whose time is not RFC 3339 is refused.
    @Test func theValidatorRefusesABadRecord() throws {
        let verdict = try Self.check(Self.body(typed: "hello", createdAt: "2 Dec 2026"))
        #expect(verdict.status == 1)
        #expect(verdict.output.contains("createdAt"), "\(verdict.output)")
    }
}
