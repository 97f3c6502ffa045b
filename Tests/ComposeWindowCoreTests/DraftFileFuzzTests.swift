import PlaceholderTestSupport
import Testing

@testable import ComposeWindowCore

/// The files beside a draft (its images, its options) and the server-limits cache are input like
/// the outbox (#61): each as compose-window writes it, with one value replaced by something
/// hostile, is refused or read into values within their bounds that write back as read. Never a
/// trap. `make test` walks fixed seeds; DRAFT_SEED=N replays one; `make check-fuzz` tries fresh ones.
@Suite struct DraftFileFuzzTests {
    static let seeds = SeededGenerator.seeds(from: "DRAFT_SEED", fixed: [20_261_207, 5, 65_536])

    /// Every option a draft keeps.
    static func options() -> JSONValue {
        var options = PostOptions(
            contentWarning: "CW\nsecond line", visibility: .private, sensitive: true, selfLabel: .graphicMedia,
            languages: ["en", "zh", "de"])
        options.mentions = ["bob.bsky.social": "did:plc:bob", "carol.example": "did:web:carol.example"]
        options.linkCard = LinkCardTests.card
        options.replyGate = .mentioned
        options.replyGateChosen = true
        options.quote = QuoteTests.mastodonQuote
        options.mastodonTakesQuotes = true
        return options.json ?? .null
    }

    static func images() -> JSONValue {
        PostImage.listJSON([
            PostImage(path: "/home/alice/Pictures/cat.jpg", alt: "A cat\non a mat"),
            PostImage(path: "/home/alice/line\nbreak.png", alt: ""),
            PostImage(
                path: "/home/alice/clip.mp4", alt: "A ball",
                captions: [VideoCaption(path: "/home/alice/subs.vtt", language: "zh-Hant")]),
        ])
    }

    /// Every figure the cache keeps.
    static func limitsCache() -> JSONValue {
        let figures: [String: Int] = [
            "max_characters": 5_000, "characters_reserved_per_url": 23, "max_media_attachments": 8,
            "image_size_limit": 16_777_216, "image_matrix_limit": 33_177_600, "description_limit": 1_500,
            "api_versions.mastodon": 7,
        ]
        let types = JSONValue.array([.string("image/jpeg"), .string("image/png")])
        let instance = MastodonRulesTests.instance(
            { .integer(figures[$0] ?? 1) }, extra: [.init("supported_mime_types", types)])
        return MastodonRules.Limits(instance: instance).cache(fetchedAt: 1_796_500_000)
    }

    static func examples() -> [JSONValue] { [options(), images(), limitsCache()] }

    @Test func theFilesAsWrittenReadBack() throws {
        let options = try #require(PostOptions(json: Self.options()))
        #expect(options.json == Self.options() && options.linkCard != nil && options.quote != nil)
        #expect(PostImage.list(json: Self.images())?.count == 3)
        let cached = try #require(MastodonRules.Limits.cached(Self.limitsCache()))
        #expect(cached.limits.cache(fetchedAt: cached.fetchedAt) == Self.limitsCache())
    }

    @Test(arguments: seeds)
    func aHostileValueIsRefusedOrReadWithinBounds(seed: UInt64) {
        print("DRAFT_SEED=\(seed)")
        var generator = SeededGenerator(state: seed)
        for round in 0..<1_200 {
            let original = Self.examples()[round % 3]
            let place = StateFuzzing.places(original).randomElement(using: &generator)!
            let value = StateFuzzing.hostile.randomElement(using: &generator)!
            let mutated = StateFuzzing.replacing(original, at: place, with: value)
            let context = "DRAFT_SEED=\(seed) round \(round): \(place) = \(value)"
            switch round % 3 {
            case 0: checkOptions(mutated, context)
            case 1: checkImages(mutated, context)
            default: checkLimits(mutated, context)
            }
        }
    }

    private func checkOptions(_ json: JSONValue, _ context: String) {
        guard let options = PostOptions(json: json) else { return }
        #expect(StateValues.isText(options.contentWarning), "\(context)")
        #expect(options.languages.count <= PostOptions.mostLanguages, "\(context)")
        #expect(options.mentions.count <= PostOptions.mostMentions, "\(context)")
        if let picture = options.linkCard?.picture { #expect(picture.hasPrefix("/"), "\(context)") }
        // What the window does with them at Send: Mastodon's fields, Bluesky's record.
        _ = MastodonRules.statusBody(text: "Hi", options: options)
        _ = MastodonRules.contentWarningUnits(options.contentWarning, text: "Hi")
        #expect(options.json.flatMap(PostOptions.init(json:)) ?? PostOptions() == options, "\(context)")
    }

    private func checkImages(_ json: JSONValue, _ context: String) {
        guard let images = PostImage.list(json: json) else { return }
        #expect(StateValues.images.contains(images.count), "\(context)")
        for image in images {
            #expect(StateValues.isChosenPath(image.path) && StateValues.isText(image.alt), "\(context)")
            #expect(image.captions.count <= VideoCaption.mostPerVideo, "\(context)")
            for caption in image.captions {
                #expect(
                    StateValues.isChosenPath(caption.path) && VideoCaption.isLanguage(caption.language), "\(context)")
            }
        }
        #expect(PostImage.list(json: PostImage.listJSON(images)) == images, "\(context)")
    }

    private func checkLimits(_ json: JSONValue, _ context: String) {
        guard let (limits, fetchedAt) = MastodonRules.Limits.cached(json) else { return }
        typealias Limits = MastodonRules.Limits
        #expect(limits.maximumCharacters.map(Limits.characterRange.contains) ?? true, "\(context)")
        #expect(limits.charactersPerURL.map(Limits.urlWeightRange.contains) ?? true, "\(context)")
        #expect(limits.maximumImages.map(Limits.imageCountRange.contains) ?? true, "\(context)")
        #expect(limits.imageMatrixLimit.map(Limits.pixelRange.contains) ?? true, "\(context)")
        // What the counter and Send do with them (a huge URL weight trapped the counter for a day).
        let rule = CountingRule.mastodon.counting(urlsAs: limits.charactersPerURL)
        _ = IncrementalCounter.counting("See https://example.com/a and https://example.com/b", rule: rule)
        _ = limits.limit(commandLine: nil, ruleDefault: 500)
        _ = limits.images
        _ = Limits.isStale(fetchedAt: fetchedAt, now: Int(Int64.max))
        #expect(Limits.cached(limits.cache(fetchedAt: fetchedAt))?.limits == limits, "\(context)")
    }
}
