/// What Send asks of a Mastodon server, and what it reads back, as plain values.
package enum MastodonRules {
    /// POST /api/v1/statuses: the text exactly as typed, its media, and the post's options (its
    /// content warning, visibility, sensitivity and first language; no visibility: the account's
    /// own default), and `in_reply_to_id` for a reply or a thread's next post (the id on the
    /// account's own server). The Idempotency-Key goes in a header, not here.
    static func statusBody(
        text: String, options: PostOptions = PostOptions(), mediaIDs: [String] = [], inReplyTo: String? = nil,
        quoting: String? = nil, scheduledAt: Int64? = nil
    ) -> JSONValue {
        var members: [JSONValue.Member] = [.init("status", .string(text))]
        if !mediaIDs.isEmpty { members.append(.init("media_ids", .array(mediaIDs.map(JSONValue.string)))) }
        if let inReplyTo { members.append(.init("in_reply_to_id", .string(inReplyTo))) }
        if let quoting { members.append(.init("quoted_status_id", .string(quoting))) }
        if let scheduledAt { members.append(.init("scheduled_at", .string(UTCTime.rfc3339(scheduledAt)))) }
        return .object(members + options.mastodonMembers(hasImages: !mediaIDs.isEmpty))
    }

    /// What a content warning adds to the count: Mastodon counts `[spoiler_text, text].join` in
    /// grapheme clusters, both stripped (StatusLengthValidator), so a warning whose last character
    /// joins the text's first counts one less. `textStart`: the text's first character after the
    /// white space Mastodon strips.
    package static func contentWarningUnits(_ warning: String, text: String) -> Int {
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { !CountingRule.isStripped($0) } ?? scalars.endIndex
        return contentWarningUnits(
            warning, textStart: String(String.UnicodeScalarView(scalars[start...].prefix(16))).first)
    }

    package static func contentWarningUnits(_ warning: String, textStart: Character?) -> Int {
        let scalars = warning.unicodeScalars
        guard let first = scalars.firstIndex(where: { !CountingRule.isStripped($0) }),
            let end = scalars.lastIndex(where: { !CountingRule.isStripped($0) })
        else { return 0 }
        let stripped = String(scalars[first...end])
        let last = stripped.last!
        guard let textStart else { return stripped.count }
        return (String(last) + String(textStart)).count == 1 ? stripped.count - 1 : stripped.count
    }

    /// The counter's figures from GET /api/v2/instance (`configuration.statuses`); nil for what the
    /// server does not say (the rule's own default then).
    package struct Limits: Equatable, Sendable {
        package let maximumCharacters: Int?
        package let charactersPerURL: Int?
        /// `configuration.media_attachments` and `statuses.max_media_attachments`.
        package let imageSizeLimit: Int?
        package let imageMatrixLimit: Int?
        package let supportedMimeTypes: [String]?
        package let descriptionLimit: Int?
        package let maximumImages: Int?
        /// `video_size_limit`, `video_matrix_limit`, `video_frame_rate_limit`.
        package let videoSizeLimit: Int?
        package let videoMatrixLimit: Int?
        package let videoFrameRateLimit: Int?
        /// `api_versions.mastodon`: 7 from 4.5, which takes quotes and their policy; nil before.
        package let apiVersion: Int?

        /// Whether the server takes `quote_approval_policy` and `quoted_status_id` (an older one
        /// ignores both without a word).
        package var takesQuotes: Bool { (apiVersion ?? 0) >= 7 }

        /// GET /api/v2/instance: public, no token.
        package static func request(host: String) -> APIRequest {
            APIRequest(.get, host: host, path: "/api/v2/instance")
        }

        /// The sane range of each figure: a server's answer (or a cache of it) is input, and a
        /// figure past its range is taken as the range's end, never multiplied into a trap.
        static let characterRange = 1...10_000_000
        static let urlWeightRange = 1...10_000
        static let imageCountRange = 1...1_000
        static let byteRange = 1...(1 << 40)
        static let pixelRange = 1...(1 << 40)
        static let apiVersionRange = 1...1_000_000
        static let frameRateRange = 1...1_000

        package init(instance: JSONValue) {
            let statuses = instance["configuration"]?["statuses"]
            maximumCharacters = statuses?["max_characters"]?.positiveInteger(in: Self.characterRange)
            charactersPerURL = statuses?["characters_reserved_per_url"]?.positiveInteger(in: Self.urlWeightRange)
            maximumImages = statuses?["max_media_attachments"]?.positiveInteger(in: Self.imageCountRange)
            let media = instance["configuration"]?["media_attachments"]
            imageSizeLimit = media?["image_size_limit"]?.positiveInteger(in: Self.byteRange)
            imageMatrixLimit = media?["image_matrix_limit"]?.positiveInteger(in: Self.pixelRange)
            descriptionLimit = media?["description_limit"]?.positiveInteger(in: Self.characterRange)
            videoSizeLimit = media?["video_size_limit"]?.positiveInteger(in: Self.byteRange)
            videoMatrixLimit = media?["video_matrix_limit"]?.positiveInteger(in: Self.pixelRange)
            videoFrameRateLimit = media?["video_frame_rate_limit"]?.positiveInteger(in: Self.frameRateRange)
            supportedMimeTypes = media?["supported_mime_types"]?.elements?.prefix(1_000).compactMap(\.string)
            apiVersion = instance["api_versions"]?["mastodon"]?.positiveInteger(in: Self.apiVersionRange)
        }

        /// What the server takes of an image: its own figures, Mastodon's defaults for the rest.
        package var images: ImageLimits {
            let fallback = ImageLimits.mastodonDefault
            return ImageLimits(
                maxBytes: imageSizeLimit ?? fallback.maxBytes, maxPixels: imageMatrixLimit ?? fallback.maxPixels,
                mimeTypes: supportedMimeTypes.map { $0.filter { $0.hasPrefix("image/") } } ?? fallback.mimeTypes)
        }

        /// What the server takes of a video: its own figures, Mastodon's for the rest.
        package var videos: VideoLimits {
            .mastodon(sizeLimit: videoSizeLimit, matrixLimit: videoMatrixLimit, frameRateLimit: videoFrameRateLimit)
        }

        /// What an answer to `request(host:)` says, to be cached: the server's figures; for a 404,
        /// a server from before 4.0 (which has no `/api/v2/instance`: docs/servers.md, "gaps" 9),
        /// whose limits are the defaults and which takes no quotes; nil for anything else (a
        /// failure of the moment, asked again at the next start).
        package static func from(_ answer: APIAnswer) -> Limits? {
            if answer.status == 404 { return Limits(instance: .object([])) }
            guard answer.succeeded, let json = answer.json else { return nil }
            return Limits(instance: json)
        }

        /// The largest cache file read: as written it is under a kilobyte.
        package static let mostCacheBytes = 1 << 20

        /// A cached answer is asked again after a day.
        static let freshForSeconds = 24 * 60 * 60

        package static func isStale(fetchedAt: Int, now: Int) -> Bool {
            now - fetchedAt >= freshForSeconds || now < fetchedAt  // a clock set back: ask again
        }

        /// The limit the counter uses: `--limit` first, then the server's, then the rule's default.
        func limit(commandLine: Int?, ruleDefault: Int) -> Int { commandLine ?? maximumCharacters ?? ruleDefault }

        /// As the cache file keeps them, with when they were asked (seconds since the epoch).
        package func cache(fetchedAt: Int) -> JSONValue {
            var statuses: [JSONValue.Member] = []
            if let maximumCharacters { statuses.append(.init("max_characters", .integer(maximumCharacters))) }
            if let charactersPerURL {
                statuses.append(.init("characters_reserved_per_url", .integer(charactersPerURL)))
            }
            if let maximumImages { statuses.append(.init("max_media_attachments", .integer(maximumImages))) }
            var media: [JSONValue.Member] = []
            for (name, value) in [
                ("image_size_limit", imageSizeLimit), ("image_matrix_limit", imageMatrixLimit),
                ("description_limit", descriptionLimit), ("video_size_limit", videoSizeLimit),
                ("video_matrix_limit", videoMatrixLimit), ("video_frame_rate_limit", videoFrameRateLimit),
            ] {
                if let value { media.append(.init(name, .integer(value))) }
            }
            if let supportedMimeTypes {
                media.append(.init("supported_mime_types", .array(supportedMimeTypes.map(JSONValue.string))))
            }
            // 0: the server said none (before 4.5); kept so that the cache is not asked again for it.
            let members: [JSONValue.Member] = [
                .init("fetched_at", .integer(fetchedAt)),
                .init("api_versions", .object([.init("mastodon", .integer(apiVersion ?? 0))])),
            ]
            return .object(
                members + [
                    .init(
                        "configuration",
                        .object([.init("statuses", .object(statuses)), .init("media_attachments", .object(media))]))
                ])
        }

        /// The cache file's limits and when they were asked; nil for anything else.
        package static func cached(_ json: JSONValue) -> (limits: Limits, fetchedAt: Int)? {
            // A cache from before the API version was kept says nothing of quotes: asked again.
            guard case .integer(let fetchedAt)? = json["fetched_at"], StateValues.times.contains(Int64(fetchedAt)),
                json["api_versions"] != nil
            else { return nil }
            return (Limits(instance: json), fetchedAt)
        }
    }
}

extension JSONValue {
    /// A positive integer, brought into `range`; nil for anything else.
    fileprivate func positiveInteger(in range: ClosedRange<Int>) -> Int? {
        guard case .integer(let value) = self, value > 0 else { return nil }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}
