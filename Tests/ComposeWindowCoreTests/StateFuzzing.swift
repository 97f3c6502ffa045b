import Foundation
import Testing

@testable import ComposeWindowCore

/// What the state-file fuzzers share: every place in a file as compose-window writes it, the
/// hostile values put there one at a time, and the schema, read off the readers' own source.
enum StateFuzzing {
    static let hostile: [JSONValue] = [
        .integer(Int.max), .integer(Int.min), .integer(-1), .integer(0), .double(1e300), .double(-0.5),
        .string(""), .string("../../../home/alice/.ssh/id_ed25519"), .string("relative/a.jpg"), .string("/etc/passwd"),
        .string("https://m.example/@a/1\nhttps://evil.example/"), .string(String(repeating: "x", count: 70_000)),
        .string(String(repeating: "y", count: (1 << 20) + 1)), .string("\u{0}"), .array([]),
        .array(Array(repeating: .string("/a.jpg"), count: 1_001)), .object([]), .null, .bool(true),
    ]

    /// One step into a JSON value.
    enum Step: Hashable {
        case member(String)
        case index(Int)
    }

    /// Every place in `value` (a path of member names and indices).
    static func places(_ value: JSONValue, at path: [Step] = []) -> [[Step]] {
        switch value {
        case .object(let members):
            return [path] + members.flatMap { places($0.value, at: path + [.member($0.name)]) }
        case .array(let items):
            return [path] + items.indices.flatMap { places(items[$0], at: path + [.index($0)]) }
        default: return [path]
        }
    }

    static func replacing(_ value: JSONValue, at path: [Step], with new: JSONValue) -> JSONValue {
        guard let step = path.first else { return new }
        switch (value, step) {
        case (.object(let members), .member(let name)):
            return .object(
                members.map {
                    $0.name == name ? .init(name, replacing($0.value, at: Array(path.dropFirst()), with: new)) : $0
                })
        case (.array(var items), .index(let index)):
            items[index] = replacing(items[index], at: Array(path.dropFirst()), with: new)
            return .array(items)
        default: return value
        }
    }

    /// The member names somewhere in `examples`.
    static func memberNames(in examples: [JSONValue]) -> Set<String> {
        var names = Set<String>()
        for example in examples {
            for place in places(example) {
                if case .member(let name)? = place.last { names.insert(name) }
            }
        }
        return names
    }

    /// The core's source files that read the state files back (an outbox entry, a draft's images
    /// and options, the server-limits cache): each member name they look up is fuzzed.
    static let stateReaders = [
        "Posting/Outbox+JSON.swift", "Posting/Outbox+ServerSchedule.swift", "Posting/PostOptions.swift",
        "Media/PostImage.swift", "Replies/QuotedPost.swift", "LinkCards/LinkCard.swift", "Mastodon/MastodonRules.swift",
    ]
    /// Those that read only a server's answer, the keyring or the environment (HostileAnswerTests
    /// and the explorer's faults cover the answers).
    static let otherReaders = [
        "Bluesky/BlueskySession.swift", "Mastodon/MastodonSignIn.swift", "Mentions/MentionQuery.swift",
        "Posting/APIRequest.swift", "Posting/DeliveryTimer.swift", "Posting/MastodonLookup.swift",
        "Posting/MastodonStatusMatch.swift", "Posting/PostingAccount.swift", "Posting/PostingPlan.swift",
        "Posting/PostingPlan+ServerSchedule.swift", "Posting/PostingPlan+Images.swift",
        "Posting/PostingPlan+VideoService.swift", "Posting/PostingPlan+Captions.swift", "Replies/ReplyParent.swift",
        "StateFile.swift",
    ]

    static let core = TranslationTests.root.appendingPathComponent("Sources/ComposeWindow/Core")
    static let lookUp = #"\["([A-Za-z$][A-Za-z0-9$_]*)"\]"#

    /// The member names `files` look up (`["name"]` in their source).
    static func namesRead(by files: [String]) throws -> Set<String> {
        let lookUp = try Regex(Self.lookUp)
        var read = Set<String>()
        for file in files {
            let source = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: lookUp) { read.insert(String(match.output[1].substring!)) }
        }
        return read
    }

    /// Every core source file that looks a member up, relative to the core's folder.
    static func filesThatLookUpMembers() throws -> [String] {
        let lookUp = try Regex(Self.lookUp)
        let files = FileManager.default.enumerator(atPath: core.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.filter {
            try String(contentsOf: core.appendingPathComponent($0), encoding: .utf8).contains(lookUp)
        }
    }
}

/// The schema the fuzzers follow is the readers' own (#61): a field added to a state file later is
/// fuzzed, or these fail until it is.
@Suite struct StateSchemaTests {
    /// Every member name a state reader looks up is somewhere in the examples the fuzzers mutate.
    @Test func everyFieldTheStateReadersReadIsFuzzed() throws {
        let read = try StateFuzzing.namesRead(by: StateFuzzing.stateReaders)
        #expect(read.count > 50, "the readers were read: \(read.sorted())")
        let fuzzed = StateFuzzing.memberNames(in: OutboxFuzzTests.examples() + DraftFileFuzzTests.examples())
        let unfuzzed = read.subtracting(fuzzed)
        #expect(unfuzzed.isEmpty, "read but never fuzzed: \(unfuzzed.sorted())")
    }

    /// A new file that reads JSON is either a state reader, and fuzzed, or known to read something else: nobody
    /// has to remember to add it.
    @Test func everyReaderOfJSONIsKnownAsAStateReaderOrAnother() throws {
        let known = Set(StateFuzzing.stateReaders + StateFuzzing.otherReaders)
        let found = Set(try StateFuzzing.filesThatLookUpMembers())
        #expect(found.count >= 20, "\(found.sorted())")
        #expect(
            found.subtracting(known).isEmpty,
            "not known as a state reader or another: \(found.subtracting(known).sorted())")
        #expect(known.subtracting(found).isEmpty, "no longer reads JSON: \(known.subtracting(found).sorted())")
    }
}
