import Testing

@testable import ComposeWindowCore

/// How an image is made to fit a network: its own bytes only when the network takes them as they
/// are; otherwise upright, scaled only as far as the limits need, re-encoded.
@Suite struct ImageFitTests {
    static func photo(
        _ width: Int = 4000, _ height: Int = 3000, bytes: Int = 900_000, type: String = "image/jpeg",
        orientation: Int = 1, alpha: Bool = false
    ) -> ImageFacts {
        ImageFacts(
            width: width, height: height, byteCount: bytes, mimeType: type, orientation: orientation, hasAlpha: alpha)
    }

    @Test func withinTheLimitsTheOriginalGoes() {
        #expect(ImageFit.plan(Self.photo(), limits: .mastodonDefault) == .sendOriginal)
        #expect(ImageFit.plan(Self.photo(1200, 800, bytes: 200_000), limits: .bluesky) == .sendOriginal)
    }

    @Test func aTurnedPhotoIsTurnedUpright() {
        #expect(
            ImageFit.plan(Self.photo(640, 480, bytes: 8000, orientation: 6), limits: .mastodonDefault)
                == .reencode(width: 480, height: 640, mimeType: "image/jpeg"))
        #expect(
            ImageFit.plan(Self.photo(640, 480, bytes: 8000, orientation: 3), limits: .mastodonDefault)
                == .reencode(width: 640, height: 480, mimeType: "image/jpeg"), "upside down: the same shape")
    }

    @Test func tooManyPixelsIsScaledToTheLimitKeepingItsShape() {
        let limits = ImageLimits(maxBytes: 16_000_000, maxPixels: 3_000_000, mimeTypes: ["image/jpeg"])
        guard case .reencode(let width, let height, _) = ImageFit.plan(Self.photo(), limits: limits) else {
            Issue.record("not re-encoded")
            return
        }
        #expect(width * height <= 3_000_000 && width * height > 2_900_000)
        #expect(abs(Double(width) / Double(height) - 4.0 / 3.0) < 0.01)
    }

    @Test func tooManyBytesOrATypeTheNetworkRefusesIsReencoded() {
        #expect(
            ImageFit.plan(Self.photo(2000, 1500, bytes: 1_500_000), limits: .bluesky)
                == .reencode(width: 2000, height: 1500, mimeType: "image/jpeg"), "the same size, fewer bytes")
        let noWebP = ImageLimits(maxBytes: 16_000_000, maxPixels: 33_177_600, mimeTypes: ["image/jpeg", "image/png"])
        #expect(
            ImageFit.plan(Self.photo(type: "image/webp"), limits: noWebP)
                == .reencode(width: 4000, height: 3000, mimeType: "image/jpeg"))
        #expect(
            ImageFit.plan(Self.photo(type: "image/webp", alpha: true), limits: noWebP)
                == .reencode(width: 4000, height: 3000, mimeType: "image/png"), "transparency kept")
    }

    @Test func smallerGivesUpBelowAUsefulSize() {
        #expect(ImageFit.smaller(width: 1000, height: 500)! == (800, 400, "image/jpeg"))
        #expect(ImageFit.smaller(width: 70, height: 500) == nil)
        #expect(ImageLimits.bluesky.withMaxBytes(150_000).maxBytes == 150_000)
        #expect(ImageLimits.bluesky.withMaxBytes(5_000_000).maxBytes == 1_000_000, "never above the network's own")
    }

    @Test func mastodonsOwnLimitsComeFromItsInstance() {
        let instance = JSONValue.object([
            .init(
                "configuration",
                .object([
                    .init("statuses", .object([.init("max_media_attachments", .integer(6))])),
                    .init(
                        "media_attachments",
                        .object([
                            .init("image_size_limit", .integer(10_485_760)),
                            .init("image_matrix_limit", .integer(16_777_216)),
                            .init("description_limit", .integer(1500)),
                            .init(
                                "supported_mime_types",
                                .array([.string("image/jpeg"), .string("image/png"), .string("video/mp4")])),
                        ])),
                ]))
        ])
        let limits = MastodonRules.Limits(instance: instance)
        #expect(
            limits.images
                == ImageLimits(maxBytes: 10_485_760, maxPixels: 16_777_216, mimeTypes: ["image/jpeg", "image/png"]))
        #expect(limits.maximumImages == 6 && limits.descriptionLimit == 1500)
        let cached = MastodonRules.Limits.cached(limits.cache(fetchedAt: 7))
        #expect(cached?.limits == limits, "the cache keeps them")
        #expect(MastodonRules.Limits(instance: .object([])).images == .mastodonDefault)
    }
}

/// Which pasted pictures go: old enough not to be another window's, and named by no draft or outbox.
@Suite struct PastedImagesTests {
    let now: Int64 = 1_800_000_000

    @Test func onlyOldUnnamedPicturesGo() {
        let files: [(name: String, modifiedSeconds: Int64)] = [
            ("1.png", now - 7200), ("2.png", now - 7200), ("3.png", now - 60), ("notes.txt", now - 7200),
        ]
        let draft = #"[{"path":"\/home\/a\/.local\/state\/compose-window\/pasted\/2.png","alt":""}]"#
        #expect(PastedImages.unused(files, documents: [draft], nowSeconds: now) == ["1.png"])
        #expect(PastedImages.unused(files, documents: [], nowSeconds: now) == ["1.png", "2.png"])
    }

    @Test func theGracePeriodIsAnHour() {
        let edge = PastedImages.graceSeconds
        #expect(PastedImages.unused([("a.png", now - edge)], documents: [], nowSeconds: now) == ["a.png"])
        #expect(PastedImages.unused([("a.png", now - edge + 1)], documents: [], nowSeconds: now) == [])
    }
}
