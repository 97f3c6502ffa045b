import Testing

@testable import ComposeWindowCore

/// `--sign-in`, `--accounts` and `--sign-out`: one of them at a time, each checked before anything
/// is asked of a network; standard input is then the app password, never the post.
@Suite struct AccountOptionsTests {
    func options(_ values: [String: String], _ flags: Set<String> = [], terminal: Bool = true) throws -> ComposeOptions
    {
        try ComposeOptions(values: values.asOptions, flags: flags.asOptions, standardInputIsTerminal: terminal)
    }

    @Test func signingInToBlueskyTakesTheHandleAndTheService() throws {
        let plain = try options(["sign-in": "bluesky", "handle": "@Alice.bsky.social"], terminal: false)
        #expect(plain.accountCommand == .signInToBluesky(handle: "alice.bsky.social", service: "bsky.social"))
        #expect(plain.initialText == .none, "standard input is the app password, not the post")
        let selfHosted = try options([
            "sign-in": "bluesky", "handle": "alice.example.org", "service": "PDS.example.org",
        ])
        #expect(selfHosted.accountCommand == .signInToBluesky(handle: "alice.example.org", service: "pds.example.org"))
    }

    @Test func signingInToMastodonTakesTheServerFromInstance() throws {
        let parsed = try options(["sign-in": "mastodon", "instance": "Mastodon.Social"])
        #expect(parsed.accountCommand == .signInToMastodon(server: "mastodon.social"))
    }

    @Test func listingAndSigningOut() throws {
        #expect(try options([:], ["accounts"]).accountCommand == .list)
        #expect(try options(["sign-out": " @alice.bsky.social "]).accountCommand == .signOut("@alice.bsky.social"))
        #expect(try options([:]).accountCommand == nil)
    }

    @Test(arguments: [
        (["sign-in": "bluesky"], "--sign-in bluesky"),
        (["sign-in": "bluesky", "handle": "alice"], "--handle"),
        (["sign-in": "bluesky", "handle": "alice.bsky.social", "service": "https://bsky.social"], "--service"),
        (["sign-in": "myspace"], "--sign-in"),
        (["sign-in": "mastodon"], "--sign-in mastodon"),
        (["sign-in": "mastodon", "instance": "https://mastodon.social"], "--instance"),
        (["sign-in": "mastodon", "instance": "mastodon.social", "handle": "a.bsky.social"], "--handle"),
        (["handle": "alice.bsky.social"], "--handle"),
        (["service": "bsky.social"], "--service"),
        (["sign-out": "@"], "--sign-out"),
        (["sign-out": "@a.bsky.social", "sign-in": "bluesky", "handle": "a.bsky.social"], "use only one"),
    ])
    func badAccountOptionsAreOneLineUsageErrors(values: [String: String], start: String) {
        do {
            _ = try options(values)
            Issue.record("accepted \(values)")
        } catch let error as ComposeOptions.UsageError {
            #expect(error.description.hasPrefix(start), "\(error.description)")
            #expect(!error.description.contains("\n"))
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test func accountPicksTheAccountSendPostsWith() throws {
        let parsed = try options(["account": " @bob.bsky.social "])
        #expect(parsed.accountName == "@bob.bsky.social")
        #expect(!parsed.targetGiven)
        #expect(try options(["account": "@bob.bsky.social", "to": "bluesky"]).targetGiven)
        #expect(throws: ComposeOptions.UsageError.self) { try options(["account": "@"]) }
        #expect(throws: ComposeOptions.UsageError.self) { try options(["account": "@bob.bsky.social"], ["accounts"]) }
    }

    @Test func toTakesMastodonAndBlueskyTogether() throws {
        let both = try options(["to": "bluesky,mastodon"])
        #expect(both.target == .bluesky)
        #expect(both.alsoTo == [.mastodon])
        for bad in ["mastodon,x", "mastodon,mastodon", "mastodon,", ",bluesky", "clipboard,bluesky"] {
            #expect(throws: ComposeOptions.UsageError.self) { try options(["to": bad]) }
        }
    }

    @Test func accountsAndSignOutTogetherAreRefused() {
        #expect(throws: ComposeOptions.UsageError.self) { try options(["sign-out": "@a.bsky.social"], ["accounts"]) }
    }
}
