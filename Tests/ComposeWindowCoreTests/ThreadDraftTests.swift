import Testing

@testable import ComposeWindowCore

/// What the window makes of a long text: each network's thread, whether Send may post it, what
/// the counter and the offer say, and the posts the outbox gets.
@Suite struct ThreadDraftTests {
    static let sentence = "A sentence of some length that ends here. "
    static let long = String(repeating: sentence, count: 30)  // 1,260 characters
    static let networks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)] = [
        (.mastodon, .mastodon(urlLength: 23), 500), (.bluesky, .bluesky, 300),
    ]

    @Test func eachNetworkIsSplitByItsOwnLimitAndTheCounterFollowsTheCaret() {
        let draft = ThreadDraft(text: Self.long, networks: Self.networks, numbered: false)
        #expect(draft.networks.map(\.parts.count) == [3, 5])
        #expect(draft.canSend && draft.isThread)
        let second = draft.networks[0].parts[1]
        let caret = second.range.lowerBound + 3
        #expect(draft.part(at: caret, network: 0) == 1)
        let label = draft.counterLabel(caret: caret)
        #expect(label.hasPrefix("Mastodon: Post 2 of 3 · \(second.units)/500 · Bluesky: Post "), "\(label)")
        #expect(draft.offer == "Post as t_hreads: Mastodon 3 · Bluesky 5")
        let one = ThreadDraft(text: Self.long, networks: [Self.networks[1]], numbered: true)
        #expect(one.counterLabel(caret: 0).hasPrefix("Post 1 of 5 · "))
        #expect(one.offer == "Post as a t_hread of 5")
        #expect(one.networks[0].parts.allSatisfy { $0.units <= 300 && $0.text.hasSuffix("/5") })
    }

    @Test func aMarkedCutIsTheOnlyLineThatIsOneAndItIsNeverPosted() {
        #expect(ThreadDraft.hasMarker("One.\n---\nTwo."))
        #expect(ThreadDraft.hasMarker("---\nTwo."))
        #expect(!ThreadDraft.hasMarker("One. --- Two."))
        #expect(!ThreadDraft.hasMarker("One.\n----\nTwo."))
        #expect(!ThreadDraft.hasMarker("One.\n --- \nTwo."))
        let text = "One.\n---\nTwo."
        let draft = ThreadDraft(text: text, networks: Self.networks, numbered: false)
        #expect(draft.hasMarker)
        #expect(draft.parts(of: text) == [.mastodon: ["One.", "Two."], .bluesky: ["One.", "Two."]])
    }

    @Test func aMarkedThreadOfOnePostIsItsTextWithoutTheMarker() {
        let text = "Only this.\n---\n"
        let draft = ThreadDraft(text: text, networks: Self.networks, numbered: false)
        #expect(!draft.isThread && draft.hasMarker)
        #expect(draft.parts(of: text) == [.mastodon: ["Only this."], .bluesky: ["Only this."]])
        // A text that is one post as typed is left to post whole.
        #expect(ThreadDraft(text: "Plain.", networks: Self.networks, numbered: false).parts(of: "Plain.") == [:])
    }

    @Test func aPostThatCannotFitKeepsSendOff() {
        let link = "https://example.com/" + String(repeating: "a", count: 400)
        let draft = ThreadDraft(text: "Look: " + link, networks: [(.bluesky, .bluesky, 300)], numbered: false)
        #expect(draft.canSend, "Bluesky shortens the link")
        let hashtag = "#" + String(repeating: "a", count: 600)
        let mastodon = ThreadDraft(text: "Tag " + hashtag, networks: [Self.networks[0]], numbered: false)
        #expect(!mastodon.canSend, "a hashtag longer than a post is never cut")
    }

    @Test func aThreadIsOfferedUpToFiftyPosts() {
        #expect(ThreadDraft.mayBeOffered(characters: 50 * 300, limit: 300))
        #expect(!ThreadDraft.mayBeOffered(characters: 50 * 300 + 1, limit: 300))
    }
}
