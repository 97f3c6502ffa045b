/// The app.bsky.feed.post record Send creates, as Bluesky's own app makes it from the typed text
/// (social-app's resolveRT: detectFacets, shortenLinks, stripInvalidMentions):
/// - `text` is the text as the counter counts it (BlueskyLength), each link in its short form;
/// - `facets` carry each link's full URI, each mention whose handle resolved (its DID; one that did
///   not stays plain text) and each hashtag, with byte ranges into `text`'s UTF-8, in text order.
struct BlueskyPost: Equatable, Sendable {
    struct Facet: Equatable, Sendable {
        enum Feature: Equatable, Sendable {
            case link(uri: String)
            case mention(did: String)
            case tag(String)
        }

        let byteStart: Int
        let byteEnd: Int
        let feature: Feature
    }

    let text: String
    let facets: [Facet]

    /// The handles `text` mentions, to be resolved to DIDs (com.atproto.identity.resolveHandle)
    /// before the post is made.
    static func mentionedHandles(in text: String) -> [String] {
        var seen = Set<String>()
        return BlueskyMentionsAndTags.mentions(in: Array(text.unicodeScalars)).map(\.handle).filter {
            seen.insert($0).inserted
        }
    }

    /// The URIs the text's link facets carry, in text order, each once.
    static func linkURIs(in typed: String) -> [String] {
        let scalars = Array(typed.unicodeScalars)
        var seen = Set<String>()
        return BlueskyLinks.links(in: scalars).map { linkURI(written: String(String.UnicodeScalarView(scalars[$0]))) }
            .filter { seen.insert($0).inserted }
    }

    /// A link's facet URI: as written, or a bare domain with "https://" before it.
    private static func linkURI(written: String) -> String {
        written.hasPrefix("http") ? written : "https://" + written
    }

    /// `didsByHandle`: the DIDs the mentioned handles resolved to.
    init(typed: String, didsByHandle: [String: String] = [:]) {
        let scalars = Array(typed.unicodeScalars)
        let links = BlueskyLinks.links(in: scalars)
        var found: [(range: Range<Int>, feature: Facet.Feature)] = links.map { link in
            (link, .link(uri: Self.linkURI(written: String(String.UnicodeScalarView(scalars[link])))))
        }
        for mention in BlueskyMentionsAndTags.mentions(in: scalars) {
            guard let did = didsByHandle[mention.handle] else { continue }
            found.append((mention.range, .mention(did: did)))
        }
        for tag in BlueskyMentionsAndTags.tags(in: scalars) { found.append((tag.range, .tag(tag.tag))) }
        // Links are shortened in the text; nothing else may overlap one (none can, by the rules).
        let kept = found.filter { facet in
            if case .link = facet.feature { return true }
            return !links.contains { $0.overlaps(facet.range) }
        }

        // Each typed scalar's byte offset in the posted text (a link's end: its short form's end).
        var posted = String.UnicodeScalarView()
        var byteOffset = [Int](repeating: 0, count: scalars.count + 1)
        var bytes = 0
        var index = 0
        var remainingLinks = links[...]
        while index < scalars.count {
            byteOffset[index] = bytes
            if let link = remainingLinks.first, link.lowerBound == index {
                let short = BlueskyLinks.shortened(String(String.UnicodeScalarView(scalars[link])))
                posted.append(contentsOf: short.unicodeScalars)
                bytes += short.utf8.count
                index = link.upperBound
                remainingLinks = remainingLinks.dropFirst()
            } else {
                posted.append(scalars[index])
                bytes += String(scalars[index]).utf8.count
                index += 1
            }
        }
        byteOffset[scalars.count] = bytes

        text = String(posted)
        facets = kept.sorted { $0.range.lowerBound < $1.range.lowerBound }.map {
            Facet(
                byteStart: byteOffset[$0.range.lowerBound], byteEnd: byteOffset[$0.range.upperBound],
                feature: $0.feature)
        }
    }

    /// An image of the record (app.bsky.embed.images#image): its blob ref as uploadBlob gave it,
    /// its alt text (required; empty when the person posted without one) and its shape.
    struct Image: Equatable, Sendable {
        let alt: String
        let blob: JSONValue
        let width: Int
        let height: Int
        /// A video (app.bsky.embed.video): it goes alone.
        var isVideo = false
        /// A video made from an animated GIF: shown as one (`presentation: gif`).
        var isGIF = false
        /// A video's captions, in order.
        var captions: [Caption] = []

        /// Its `aspectRatio` member, none when its size is not known.
        var aspectRatio: [JSONValue.Member] {
            guard width > 0, height > 0 else { return [] }
            return [
                .init("aspectRatio", .object([.init("width", .integer(width)), .init("height", .integer(height))]))
            ]
        }
    }

    /// A video's caption (app.bsky.embed.video#caption): its language and its text/vtt blob.
    struct Caption: Equatable, Sendable {
        let lang: String
        let blob: JSONValue
    }

    /// A record as a reply points at another (com.atproto.repo.strongRef): its `at://` URI and
    /// the cid of the record it was when pointed at.
    struct StrongRef: Hashable, Sendable {
        let uri: String
        let cid: String

        var json: JSONValue { .object([.init("uri", .string(uri)), .init("cid", .string(cid))]) }
    }

    /// Where a reply sits (app.bsky.feed.post#replyRef): the thread's first post and the post it
    /// answers (the same one for a direct answer to it).
    struct ReplyRef: Equatable, Sendable {
        let root: StrongRef
        let parent: StrongRef
    }

    /// The record (app.bsky.feed.post): `createdAt` an RFC 3339 time, `langs` BCP 47 tags (at most
    /// 3), `images` its embed (at most 4: the lexicon's maxLength), `labels` its self-labels,
    /// `reply` where it answers in a thread, `card` its link card (app.bsky.embed.external) when it
    /// has no images, with the thumb's blob once uploaded, `quote` the post it quotes (with images
    /// or a card: app.bsky.embed.recordWithMedia).
    func record(
        createdAt: String, langs: [String], images: [Image] = [], card: (card: LinkCard, thumb: JSONValue?)? = nil,
        labels: JSONValue? = nil, reply: ReplyRef? = nil, quote: StrongRef? = nil
    ) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("$type", .string("app.bsky.feed.post")), .init("text", .string(text)),
            .init("createdAt", .string(createdAt)),
        ]
        if let reply {
            members.append(
                .init("reply", .object([.init("root", reply.root.json), .init("parent", reply.parent.json)])))
        }
        if !facets.isEmpty { members.append(.init("facets", .array(facets.map(\.json)))) }
        if !langs.isEmpty { members.append(.init("langs", .array(langs.prefix(3).map(JSONValue.string)))) }
        if let labels { members.append(.init("labels", labels)) }
        var media: JSONValue?
        if images.count == 1, let video = images.first, video.isVideo {
            media = Self.videoEmbed(video)
        } else if !images.isEmpty, !images.contains(where: \.isVideo) {
            let embedded: [JSONValue] = images.prefix(4).map { image in
                .object([.init("alt", .string(image.alt)), .init("image", image.blob)] + image.aspectRatio)
            }
            media = .object([.init("$type", .string("app.bsky.embed.images")), .init("images", .array(embedded))])
        } else if let card {
            media = card.card.embed(thumb: card.thumb)
        }
        let quoted = quote.map {
            JSONValue.object([.init("$type", .string("app.bsky.embed.record")), .init("record", $0.json)])
        }
        switch (quoted, media) {
        case (let quoted?, let media?):
            members.append(
                .init(
                    "embed",
                    .object([
                        .init("$type", .string("app.bsky.embed.recordWithMedia")), .init("record", quoted),
                        .init("media", media),
                    ])))
        case (let embed?, nil), (nil, let embed?): members.append(.init("embed", embed))
        case (nil, nil): break
        }
        return .object(members)
    }

    /// app.bsky.embed.video: the blob (video/mp4), its alt text when there is one, its captions
    /// (at most 20: the lexicon's maxLength), its shape.
    static func videoEmbed(_ video: Image) -> JSONValue {
        var members: [JSONValue.Member] = [.init("$type", .string("app.bsky.embed.video")), .init("video", video.blob)]
        if !video.alt.isEmpty { members.append(.init("alt", .string(video.alt))) }
        if !video.captions.isEmpty {
            let captions: [JSONValue] = video.captions.prefix(VideoCaption.mostPerVideo).map {
                .object([.init("lang", .string($0.lang)), .init("file", $0.blob)])
            }
            members.append(.init("captions", .array(captions)))
        }
        if video.isGIF { members.append(.init("presentation", .string("gif"))) }
        return .object(members + video.aspectRatio)
    }

    /// Where a person sees the post: `https://bsky.app/profile/HANDLE/post/RKEY`, from the record's
    /// `at://` URI that createRecord (or getRecord) answers with; nil for a URI of anything else.
    static func link(handle: String, recordURI: String) -> String? {
        let parts = recordURI.split(separator: "/", omittingEmptySubsequences: false)
        // "at:", "", authority, collection, record key
        guard parts.count == 5, parts[0] == "at:", parts[1].isEmpty, parts[3] == "app.bsky.feed.post",
            RecordKey.isValid(parts[4])
        else { return nil }
        return "https://bsky.app/profile/\(handle)/post/\(parts[4])"
    }

    /// com.atproto.repo.createRecord's body: the record under a key chosen before sending, so that
    /// a retry can ask whether it is already there.
    static func createRecordBody(repo: String, recordKey: String, record: JSONValue) -> JSONValue {
        .object([
            .init("repo", .string(repo)), .init("collection", .string("app.bsky.feed.post")),
            .init("rkey", .string(recordKey)), .init("record", record),
        ])
    }

    /// com.atproto.repo.applyWrites' body: each record created under the same key (a post's gates
    /// take the post's), in one commit.
    static func applyWritesBody(repo: String, recordKey: String, writes: [(collection: String, record: JSONValue)])
        -> JSONValue
    {
        .object([
            .init("repo", .string(repo)),
            .init(
                "writes",
                .array(
                    writes.map { write in
                        .object([
                            .init("$type", .string("com.atproto.repo.applyWrites#create")),
                            .init("collection", .string(write.collection)), .init("rkey", .string(recordKey)),
                            .init("value", write.record),
                        ])
                    })),
        ])
    }
}

extension BlueskyPost.Facet {
    var json: JSONValue {
        let feature: [JSONValue.Member]
        switch self.feature {
        case .link(let uri):
            feature = [.init("$type", .string("app.bsky.richtext.facet#link")), .init("uri", .string(uri))]
        case .mention(let did):
            feature = [.init("$type", .string("app.bsky.richtext.facet#mention")), .init("did", .string(did))]
        case .tag(let tag):
            feature = [.init("$type", .string("app.bsky.richtext.facet#tag")), .init("tag", .string(tag))]
        }
        return .object([
            .init("index", .object([.init("byteStart", .integer(byteStart)), .init("byteEnd", .integer(byteEnd))])),
            .init("features", .array([.object(feature)])),
        ])
    }
}
