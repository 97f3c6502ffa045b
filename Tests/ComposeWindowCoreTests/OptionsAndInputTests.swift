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

/// `--cw`, `--visibility`, `--language`, `--sensitive` and `--label`: what each network can carry.
@Suite struct PostOptionArgumentTests {
    func options(_ values: [String: String], languages: [String] = [], flags: Set<String> = []) throws
        -> ComposeOptions
    {
        var lists: [ComposeOption: [String]] = [.language: languages]
        if values["attach"] != nil { lists[.attach] = [values["attach"]!] }
        return try ComposeOptions(
            values: values.filter { $0.key != "attach" }.asOptions, lists: lists, flags: flags.asOptions,
            standardInputIsTerminal: true)
    }

    func refusal(_ values: [String: String], languages: [String] = [], flags: Set<String> = []) -> String? {
        do {
            _ = try options(values, languages: languages, flags: flags)
            return nil
        } catch let error as ComposeOptions.UsageError {
            return error.description
        } catch { return "\(error)" }
    }

    @Test func eachOptionGoesWhereItsNetworkTakesIt() throws {
        let parsed = try options(
            ["to": "mastodon", "cw": "Spoilers", "visibility": "direct", "attach": "a.png", "label": "porn"],
            languages: ["EN", "zh", "en"], flags: ["sensitive"])
        #expect(
            parsed.postOptions
                == PostOptions(
                    contentWarning: "Spoilers", visibility: .direct, sensitive: true, selfLabel: .porn,
                    languages: ["en", "zh"]))
        let bluesky = try options(["to": "bluesky", "attach": "a.png", "label": "graphic-media"], languages: ["ja"])
        #expect(bluesky.postOptions == PostOptions(selfLabel: .graphicMedia, languages: ["ja"]))
        let both = try options(["to": "mastodon,bluesky", "cw": "CW", "visibility": "private"])
        #expect(both.postOptions.contentWarning == "CW", "Mastodon carries it; the window says Bluesky does not")
        let quoting = try options([
            "to": "mastodon", "quote": "https://bsky.app/profile/bob.bsky.social/post/3kbbbbbbbbbb2",
        ])
        #expect(quoting.quote == .bluesky(author: "bob.bsky.social", recordKey: "3kbbbbbbbbbb2"), "any network's post")
        #expect(
            refusal(["to": "x", "quote": "https://example.social/@bob/1"])
                == "--quote: only for posts to mastodon or bluesky (--to)")
        #expect(
            refusal(["to": "mastodon", "quote": "https://bsky.app/profile/bob"])?.hasPrefix(
                "--quote: “https://bsky.app/profile/bob” is not a Bluesky post") == true)
        let gated = try options(["to": "mastodon,bluesky", "who-may-reply": "mentioned"])
        #expect(gated.postOptions.replyGate == .mentioned, "one choice for both networks")
        let desktop = try options(["cw": "CW"], flags: ["desktop"])
        #expect(desktop.postOptions.contentWarning == "CW", "from the desktop the window chooses where")
    }

    @Test func whatNoChosenNetworkCarriesIsRefused() {
        #expect(refusal(["cw": "x"]) == "--cw: only for posts to mastodon or bluesky (--to)")
        #expect(refusal(["to": "x", "language": "en"], languages: ["en"])?.hasPrefix("--language: only for") == true)
        #expect(refusal(["to": "bluesky", "cw": "x"]) == "--cw: Bluesky has no content warnings (--to mastodon has)")
        #expect(refusal(["to": "bluesky", "visibility": "unlisted"]) == "--visibility: Bluesky posts are public")
        #expect(refusal(["to": "bluesky", "visibility": "public"]) == nil)
        #expect(
            refusal(["to": "bluesky", "attach": "a.png"], flags: ["sensitive"])
                == "--sensitive: for Bluesky, label the images with --label")
        #expect(
            refusal(["to": "mastodon"], flags: ["sensitive"])
                == "--sensitive: marks the images; attach one with --attach")
        #expect(refusal(["to": "mastodon", "label": "porn"]) == "--label: marks the images; attach one with --attach")
    }

    @Test func hostileValuesGetOneLine() {
        #expect(refusal(["to": "mastodon", "cw": "a\nb"]) == "--cw: give the warning as one line of text")
        #expect(refusal(["to": "mastodon", "cw": "  "]) == "--cw: give the warning as one line of text")
        #expect(
            refusal(["to": "bluesky", "who-may-reply": "my\nfriends"])
                == "--who-may-reply: unknown choice “my\\nfriends” (use everyone, following, mentioned or nobody)")
        #expect(refusal(["to": "x", "who-may-reply": "nobody"])?.hasPrefix("--who-may-reply: only for") == true)
        #expect(refusal(["to": "mastodon", "cw": "a\u{1B}[2J"]) == "--cw: give the warning as one line of text")
        #expect(
            refusal(["to": "mastodon", "visibility": "friends\nonly"])
                == "--visibility: unknown visibility “friends\\nonly” (use public, unlisted, private or direct)")
        #expect(
            refusal(["to": "mastodon"], languages: ["english"])
                == "--language: “english” is not an ISO 639-1 code (two letters, e.g. en or zh)")
        #expect(refusal(["to": "mastodon"], languages: ["e1"])?.hasPrefix("--language: “e1”") == true)
        #expect(refusal(["to": "mastodon"], languages: ["en", "zh", "ja", "fr"]) == "--language: at most 3 languages")
        #expect(
            refusal(["to": "bluesky", "attach": "a.png", "label": "nsfw"])
                == "--label: unknown label “nsfw” (use sexual, nudity, porn or graphic-media)")
    }
}
