import Foundation
import Testing

@testable import ComposeWindowCore

/// The highlights each network's rule finds: X's mentions and hashtags against twitter-text's own
/// extraction cases (Conformance/twitter-text-extract.json, provenance inside), and the entities of
/// Mastodon and Bluesky the window styles.
@Suite struct HighlightTests {
    struct Extracted: Decodable, Sendable, CustomTestStringConvertible {
        let description: String
        let text: String
        let expected: [String]
        var testDescription: String { description }
    }

    struct File: Decodable {
        let mentions: [Extracted]
        let hashtags: [Extracted]
    }

    static let file: File? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Conformance/twitter-text-extract.json")
        return (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(File.self, from: $0) }
    }()

    @Test func theReferenceFileIsThere() {
        #expect(Self.file?.mentions.count == 23)
        #expect(Self.file?.hashtags.count == 68)
    }

    static func words(_ text: String, _ ranges: [Range<Int>], dropping prefix: Int = 1) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return ranges.map { String(String.UnicodeScalarView(scalars[($0.lowerBound + prefix)..<$0.upperBound])) }
    }

    @Test(arguments: file?.mentions ?? [])
    func xMentionsAsTwitterTextExtractsThem(_ reference: Extracted) {
        let found = TwitterEntities.mentions(in: Array(reference.text.unicodeScalars)).filter { !$0.isList }
        #expect(Self.words(reference.text, found.map(\.range)) == reference.expected)
    }

    /// twitter-text drops a hashtag inside a URL (removeOverlappingEntities), as `highlights` does.
    @Test(arguments: file?.hashtags ?? [])
    func xHashtagsAsTwitterTextExtractsThem(_ reference: Extracted) {
        let scalars = Array(reference.text.unicodeScalars)
        let tags = CountingRule.twitter.highlights(in: scalars).filter { $0.kind == .hashtag }.map(\.range)
        #expect(Self.words(reference.text, tags) == reference.expected)
    }

    static func shown(_ text: String, _ rule: CountingRule) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return rule.highlights(in: scalars).map { "\($0.kind):" + String(String.UnicodeScalarView(scalars[$0.range])) }
    }

    @Test func eachNetworkHighlightsItsOwnWay() {
        let text = "Hi @alice@mastodon.social and @bob.bsky.social #gtk #分享 https://example.com/#x example.org"
        #expect(
            Self.shown(text, .mastodon(urlLength: 23)) == [
                "mention:@alice@mastodon.social", "mention:@bob.bsky.social", "hashtag:#gtk", "hashtag:#分享",
                "link:https://example.com/#x",
            ], "Mastodon: a local name may hold dots; links need their scheme")
        #expect(
            Self.shown(text, .bluesky) == [
                "mention:@bob.bsky.social", "hashtag:#gtk", "hashtag:#分享", "link:https://example.com/#x",
                "link:example.org",
            ])
        #expect(
            Self.shown(text, .twitter) == [
                "mention:@bob", "hashtag:#gtk", "hashtag:#分享", "link:https://example.com/#x", "link:example.org",
            ], "X: a mention followed by '@' is none, nor a domain after '@' or '.'")
        #expect(Self.shown(text, .graphemes) == [])
        #expect(Self.shown(text, .weibo) == [])
    }

    @Test func mastodonHashtagsAsTagNamingFindsThem() {
        let rule = CountingRule.mastodon(urlLength: 23)
        #expect(Self.shown("#a·b #123 #tag· x#no (#no", rule) == ["hashtag:#a·b", "hashtag:#tag"])
        #expect(Self.shown("＃全角 #_ok #snake_case", rule) == ["hashtag:＃全角", "hashtag:#_ok", "hashtag:#snake_case"])
    }
}
