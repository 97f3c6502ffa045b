import Foundation
import Testing

@testable import ComposeWindowCore

@Suite struct OptionsTests {
    func options(_ values: [String: String], _ flags: Set<String> = [], terminal: Bool = true) throws -> ComposeOptions
    {
        try ComposeOptions(values: values.asOptions, flags: flags.asOptions, standardInputIsTerminal: terminal)
    }

    @Test func defaults() throws {
        let parsed = try options([:])
        #expect(parsed.counting == .graphemes)
        #expect(parsed.draftName == "default")
        #expect(parsed.limit == nil)
        #expect(parsed.initialText == .none)
        #expect(try options([:], terminal: false).initialText == .standardInput, "a pipe is the initial text")
        #expect(try options(["text": "-"]).initialText == .standardInput)
        #expect(try options(["text": "hi"], terminal: false).initialText == .given("hi"), "--text wins over a pipe")
    }

    @Test(arguments: [
        (["limit": "abc"], "--limit"), (["limit": "-3"], "--limit"), (["limit": ""], "--limit"),
        (["limit": "99999999999999999999"], "--limit"), (["timeout": "0"], "--timeout"), (["width": "1e3"], "--width"),
        (["count": "words"], "--count"), (["font": "  "], "--font"), (["draft": ".hidden"], "--draft"),
        (["draft": "a/b"], "--draft"), (["draft": ""], "--draft"), (["spell": "en US"], "--spell"),
        (["placeholder-color": ""], "--placeholder-color"),
    ])
    func badValuesAreOneLineUsageErrors(values: [String: String], option: String) {
        #expect(throws: ComposeOptions.UsageError.self) { try options(values) }
        do { _ = try options(values) } catch let error as ComposeOptions.UsageError {
            #expect(error.description.hasPrefix(option), "\(error.description)")
            #expect(!error.description.contains("\n"))
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func conflictingFlags() {
        #expect(throws: ComposeOptions.UsageError.self) { try options(["draft": "x"], ["no-draft"]) }
        #expect(throws: ComposeOptions.UsageError.self) { try options(["spell": "en_US"], ["no-spell"]) }
        let noDraft = try? options([:], ["no-draft"])
        #expect(noDraft != nil)
        #expect(noDraft?.draftName == nil)
    }

    @Test func goodValues() throws {
        let parsed = try options([
            "limit": "140", "count": "weibo", "timeout": "30", "width": "800", "draft": "weibo-2",
        ])
        #expect(parsed.limit == 140)
        #expect(parsed.counting == .weibo)
        #expect(parsed.timeoutSeconds == 30)
        #expect(parsed.width == 800)
        #expect(parsed.draftName == "weibo-2")
    }
}

@Suite struct UTF8InputTests {
    @Test func validTextDecodesExactly() throws {
        #expect(try UTF8Input.decode(Array("a\r\nb 中👍🏽".utf8)).get() == "a\r\nb 中👍🏽")
        #expect(try UTF8Input.decode([]).get() == "")
    }

    @Test func reportsTheOffsetOfTheFirstBadByte() {
        #expect(throws: UTF8Input.Problem.invalidByte(offset: 2)) {
            try UTF8Input.decode([0x61, 0x62, 0xFF, 0x63]).get()
        }
        #expect(throws: UTF8Input.Problem.invalidByte(offset: 3)) {
            try UTF8Input.decode(Array("中".utf8) + [0xE4, 0xB8]).get()
        }
        #expect(throws: UTF8Input.Problem.nulByte(offset: 1)) { try UTF8Input.decode([0x61, 0x00, 0x62]).get() }
    }

    @Test func errorMessagesStayOnOneLine() {
        #expect("plain “分享” text".onOneLine == "plain “分享” text")
        #expect("a\nb\r\tc".onOneLine == "a\\nb\\r\\tc")
        #expect("esc\u{1B}[31m".onOneLine == "esc\\u{1B}[31m")
        #expect("sep\u{2028}x\u{85}".onOneLine == "sep\\u{2028}x\\u{85}")
        let quoted = "x\ny\u{2029}".onOneLine
        #expect(quoted.allSatisfy { !$0.isNewline })
    }
}
