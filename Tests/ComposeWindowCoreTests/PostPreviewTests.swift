import Testing

@testable import ComposeWindowCore

/// `--preview`'s JSON, made by the plan Send runs: the uploads Send makes first, each with the
/// stand-in value the body then names, and what each network leaves out.
@Suite struct PostPreviewTests {
    typealias Plain = PostingPlanTests

    @Test func imagesAreUploadedFirstAndTheBodyNamesThemAsSendWould() throws {
        var options = PostOptions(contentWarning: "CW", visibility: .private)
        options.languages = ["zh"]
        let preview = PostPreview.json(
            text: "Two pictures @carol.bsky.social", images: PostingPlanImagesTests.images, options: options,
            accounts: [Plain.mastodon, Plain.bluesky], parts: [:], createdAt: "2026-12-06T10:00:00Z",
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        let posts = try #require(preview["posts"]?.elements)
        #expect(posts.count == 2)
        let status = try #require(posts.first?["body"])
        #expect(status["media_ids"] == .array([.string("(image 1)"), .string("(image 2)")]))
        #expect(status["spoiler_text"] == .string("CW") && status["visibility"] == .string("private"))
        #expect(posts.first?["uploads"]?.elements?.first?["alt"] == .string("A red square"))
        let record = try #require(posts.last?["body"]?["record"])
        #expect(record["embed"]?["images"]?.elements?.count == 2)
        #expect(record["langs"] == .array([.string("zh")]))
        #expect(record["createdAt"] == .string("2026-12-06T10:00:00Z"))
        #expect(
            preview["notCarried"]?["bluesky"] == .array([.string("visibility:private"), .string("contentWarning")]))
        #expect(preview["mentionsResolvedAtSend"] == .array([.string("carol.bsky.social")]))
        #expect(preview["notCarried"]?["mastodon"] == nil)
    }
}
