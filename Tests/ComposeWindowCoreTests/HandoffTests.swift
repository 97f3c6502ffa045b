import Testing

@testable import ComposeWindowCore

/// Where Send goes: each network's compose link (host, path, the text byte for byte), RFC 3986
/// encoding, Mastodon server names, and what a target sets for counting.
@Suite struct HandoffTests {
    static let hardTexts = [
        "plain", "分享新鲜事 😀", "a & b # c + d % e ? f = g", "line one\r\nline two\n", "100% ~tilde_-.",
        "👨‍👩‍👧‍👦 e\u{301} 🇫🇷", "trailing newline\n", "",
    ]

    /// The text parameter of a compose link, decoded.
    static func textParameter(_ url: String, name: String) -> String? {
        guard let query = url.split(separator: "?", maxSplits: 1).last else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return PercentEncoding.decode(parts[1]) }
        }
        return nil
    }

    @Test(arguments: hardTexts)
    func everyNetworkGetsTheTextByteForByte(text: String) throws {
        let expected: [(PostTarget, String, String)] = [
            (.x, "https://x.com/intent/tweet?", "text"),
            (.mastodon, "https://mastodon.social/share?", "text"),
            (.bluesky, "https://bsky.app/intent/compose?", "text"),
            (.weibo, "https://service.weibo.com/share/share.php?", "title"),
        ]
        for (target, prefix, parameter) in expected {
            let url = try #require(target.composeURL(for: text, server: "mastodon.social"))
            #expect(url.hasPrefix(prefix), "\(url)")
            #expect(Self.textParameter(url, name: parameter).map { Array($0.utf8) } == Array(text.utf8), "\(target)")
            // Nothing but unreserved characters and escapes after the parameter name.
            let value = url.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
            #expect(value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%".contains($0)) }, "\(url)")
        }
    }

    @Test func reservedBytesAreEscapedAsRFC3986Says() {
        #expect(PercentEncoding.encode("a&b#c+d%e?f=g h\r\n~") == "a%26b%23c%2Bd%25e%3Ff%3Dg%20h%0D%0A~")
        #expect(PercentEncoding.encode("中") == "%E4%B8%AD")
        #expect(PercentEncoding.decode("%E4%B8%AD%2b") == "中+")
        #expect(PercentEncoding.decode("%E4%B8") == nil, "half a character is not UTF-8")
        #expect(PercentEncoding.decode("%G0") == nil)
    }

    @Test func standardOutputAndTheClipboardHaveNoLinkAndMastodonNeedsAServer() {
        #expect(PostTarget.stdout.composeURL(for: "x") == nil)
        #expect(PostTarget.clipboard.composeURL(for: "x") == nil)
        #expect(PostTarget.mastodon.composeURL(for: "x", server: nil) == nil)
        #expect(
            PostTarget.mastodon.composeURL(for: "x", server: "fosstodon.org") == "https://fosstodon.org/share?text=x")
    }

    @Test func eachNetworkCountsByItsOwnRuleAndLimit() {
        #expect(PostTarget.x.countingRule == .twitter && PostTarget.x.limit == 280)
        #expect(PostTarget.mastodon.countingRule == .mastodon && PostTarget.mastodon.limit == 500)
        #expect(PostTarget.bluesky.countingRule == .bluesky && PostTarget.bluesky.limit == 300)
        #expect(PostTarget.weibo.countingRule == .weibo && PostTarget.weibo.limit == 2_000)
        #expect(PostTarget.clipboard.limit == nil && PostTarget.stdout.limit == nil)
        #expect(!PostTarget.handoffTargets.contains(.stdout))
    }

    @Test(arguments: [
        ("mastodon.social", "mastodon.social"), ("  Mastodon.Social ", "mastodon.social"),
        ("social.example-host.org", "social.example-host.org"), ("мастодон.рф", "xn--80aiwgdbsi.xn--p1ai"),
    ])
    func serverNamesAreAccepted(answer: String, host: String) throws {
        #expect(try ServerName.validate(answer) == host)
    }

    @Test(arguments: [
        "", "   ", "https://x/y", "a b", "mastodon", "x.", ".x.org", "-a.org", "a_b.org", "me@x.org", "x.org:443",
    ])
    func badServerNamesAreRefusedOnOneLine(answer: String) {
        #expect(throws: ServerName.Invalid.self) { try ServerName.validate(answer) }
        do { _ = try ServerName.validate(answer) } catch {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
            #expect(error.description.contains("mastodon.social"), "says what a good answer looks like")
        }
    }

    func options(_ values: [String: String], _ flags: Set<String> = []) throws -> ComposeOptions {
        try ComposeOptions(values: values.asOptions, flags: flags.asOptions, standardInputIsTerminal: true)
    }

    @Test func theTargetSetsTheRuleAndLimitUnlessOverridden() throws {
        #expect(try options([:]).target == .stdout, "scripts keep standard output")
        #expect(try options([:]).limit == nil)
        let x = try options(["to": "x"])
        #expect(x.counting == .twitter && x.limit == 280)
        #expect(try options(["to": "weibo"]).limit == 2_000)
        #expect(try options(["to": "bluesky", "limit": "100"]).limit == 100)
        let counted = try options(["to": "x", "count": "graphemes"])
        #expect(counted.counting == .graphemes && counted.limit == nil)
        #expect(counted.counting(for: .mastodon) == .graphemes, "--count holds for any target chosen later")
        #expect(x.counting(for: .mastodon) == .mastodon && x.limit(for: .mastodon) == 500)
    }

    @Test func theDesktopNeverMeansStandardOutput() throws {
        #expect(try options([:], ["desktop"]).target == nil, "the remembered target")
        #expect(try options(["to": "bluesky"], ["desktop"]).target == .bluesky)
        #expect(throws: ComposeOptions.UsageError.self) { try options(["to": "stdout"], ["desktop"]) }
        #expect(throws: ComposeOptions.UsageError.self) { try options(["to": "facebook"]) }
        #expect(throws: ComposeOptions.UsageError.self) { try options(["instance": "https://x/y"]) }
        #expect(try options(["instance": "Fosstodon.org"]).mastodonServer == "fosstodon.org")
    }
}
