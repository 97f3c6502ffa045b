import ComposeWindowPostingGlue
import Testing

@testable import ComposeWindowCore

/// JSON text through json-glib: what posting's rules build is written as JSON and read back as the
/// same values, members in order; what is not JSON is a failure with json-glib's reason.
@Suite struct JSONTextTests {
    @Test func theOutboxAndARecordRoundTripThroughJSONGlib() throws {
        let values: [JSONValue] = [
            .object([
                .init("text", .string("分享新鲜事…\n\"quoted\" \\ 👨‍👩‍👧‍👦 \u{1}")), .init("n", .integer(-9_007_199_254_740_993)),
                .init("x", .double(0.5)), .init("ok", .bool(true)), .init("none", .null),
                .init("list", .array([.integer(1), .object([]), .array([])])),
                .init("b", .integer(2)), .init("a", .integer(1)),  // order kept, not sorted
            ]),
            .array([.string("")]),
        ]
        for value in values {
            let text = try JSONText.text(of: value)
            #expect(try JSONText.value(of: text) == value, "\(text)")
        }
    }

    @Test func aServersAnswerIsRead() throws {
        let answer =
            #"{"uri":"at://did:plc:a/app.bsky.feed.post/3k","cid":"bafy","validationStatus":"valid","n":1.5e3}"#
        let value = try JSONText.value(of: answer)
        #expect(value["uri"] == .string("at://did:plc:a/app.bsky.feed.post/3k"))
        #expect(value["n"] == .double(1500))
    }

    @Test func whatIsNotJSONIsAFailureAndNULIsRefused() {
        #expect(throws: JSONText.Failure.self) { try JSONText.value(of: "{\"a\": ") }
        #expect(throws: JSONText.Failure.self) { try JSONText.value(of: "") }
        #expect(throws: JSONText.Failure.self) { try JSONText.text(of: .string("a\u{0}b")) }
    }

    /// JSON nested 200,000 deep (an outbox file, a server's answer) is refused before json-glib
    /// recurses through it, which ended the process (#61); 64 levels are read, brackets inside
    /// strings (escaped quotes too) do not count.
    @Test func deepNestingIsRefusedBeforeParsing() throws {
        for open in ["[", "{\"a\":"] {
            let deep = String(repeating: open, count: 200_000)
            #expect(throws: JSONText.Failure.self) { try JSONText.value(of: deep) }
        }
        let most = JSONNesting.mostLevels
        let deepest = String(repeating: "[", count: most) + String(repeating: "]", count: most)
        #expect(try JSONText.value(of: deepest) != .null)
        #expect(throws: JSONText.Failure.self) { try JSONText.value(of: "[" + deepest + "]") }
        let bracketsInText = #"{"text": "[[[[{{{{ \" [[[[", "n": [1]}"#
        #expect(!JSONNesting.isTooDeep(bracketsInText, most: 2))
        #expect(JSONNesting.isTooDeep(#"{"a": [[1]]}"#, most: 2))
        // json-glib reads comments and single-quoted strings: brackets hidden there are refused.
        let hidden = String(repeating: "[/*]*/", count: 600_000)
        #expect(throws: JSONText.Failure.self) { try JSONText.value(of: hidden) }
        #expect(JSONNesting.isTooDeep("['a]']", most: 64))
        #expect(!JSONNesting.isTooDeep(#"{"url": "https://x/y'z"}"#, most: 64), "inside a string, fine")
    }

    /// The outbox file as the app will write it: every state read back as written.
    @Test func theOutboxFileIsReadBackAsWritten() throws {
        let outbox = Outbox(
            text: "分享新鲜事…",
            deliveries: [
                .init(
                    network: .mastodon, account: "@a@mastodon.social", key: "idem",
                    state: .confirmed(link: "https://x/1")),
                .init(
                    network: .bluesky, account: "@a.bsky.social", key: "3kzzzzzzzzzz2",
                    state: .failed(.refused(status: 400, message: "<b>no</b>"))),
            ])
        #expect(Outbox(json: try JSONText.value(of: try JSONText.text(of: outbox.json))) == outbox)
    }
}
