/// A post's images on their way: each made to fit its network on this machine, uploaded once,
/// and on Mastodon processed, before the post names them. Only the post can be posted twice; an
/// image uploaded again is an unattached copy the network deletes by itself.
extension PostingPlan {
    package struct ImageOfDelivery: Hashable, Sendable {
        let index: Int
        let image: Int
    }

    /// How often a run asks whether Mastodon has processed an image before it says so and stops
    /// (Retry asks again): about two minutes at the pace `delayBeforeRequest` sets.
    static let longestPolling = 25
    /// A video takes Mastodon minutes (ffmpeg, one worker): about ten.
    static let longestVideoPolling = 125

    /// What delivery `index`'s network takes of a video: Bluesky's, or the Mastodon server's
    /// (`mastodon`); smaller once its server refused the bytes as too large.
    package func videoLimits(_ index: Int, image: Int, mastodon: VideoLimits) -> VideoLimits {
        let limits = network(index) == .bluesky ? VideoLimits.bluesky : mastodon
        guard let byteLimit = outbox.deliveries[index].images[image].byteLimit else { return limits }
        return limits.withMaxBytes(byteLimit)
    }

    /// Whether image `image` of delivery `index` was prepared as a video.
    func isVideo(_ index: Int, image: Int) -> Bool {
        outbox.deliveries[index].images[image].prepared?.mimeType.hasPrefix("video/") ?? false
    }

    /// The image delivery `index`'s next step is about, and what the network takes.
    /// `fromPage`: the card's picture, a page's bytes, which only the loader of one of the four
    /// types a card takes may read (PageFetchRules.pictureType), never gdk-pixbuf's sniffing.
    package func imageToPrepare(_ index: Int, image: Int, mastodonLimits: ImageLimits) -> (
        image: PostImage, limits: ImageLimits, fromPage: Bool
    ) {
        let limits = network(index) == .bluesky ? ImageLimits.bluesky : mastodonLimits
        let byteLimit = outbox.deliveries[index].images[image].byteLimit
        guard outbox.isCardPicture(index, image: image) else {
            return (outbox.images[image], limits.withMaxBytes(byteLimit), false)
        }
        return (
            outbox.uploads(index)[image],
            limits.withMaxBytes(min(byteLimit ?? LinkCard.thumbnailBytes, LinkCard.thumbnailBytes)), true
        )
    }

    /// The name of this post's media folder: its first key (hex digits or a TID), unique to it.
    package var mediaName: String {
        let key = outbox.deliveries.first?.key ?? "post"
        return String(key.filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    /// The file a prepared image of delivery `index` is kept in, in the post's media folder
    /// `folder`: one per network and image, so that each resume sends its network's own bytes.
    /// Forgets every prepared image that is not a file of `folder` (this post's media folder), or
    /// whose captions are not, and what was uploaded of it: a path anywhere else (a state file
    /// edited, crafted, or written under another XDG_STATE_HOME) is never read, let alone
    /// uploaded; the person's image is prepared again. Whether any was.
    @discardableResult
    package mutating func forgetPreparedImages(outside folder: String) -> Bool {
        var forgot = false
        for index in outbox.deliveries.indices {
            for (image, state) in outbox.deliveries[index].images.enumerated() {
                guard let prepared = state.prepared,
                    !([prepared.file] + prepared.captions.map(\.file)).allSatisfy({ file in
                        file.hasPrefix(folder + "/") && !file.dropFirst(folder.utf8.count + 1).contains("/")
                    })
                else { continue }
                outbox.forgetPrepared(index, image: image)
                forgot = true
            }
        }
        return forgot
    }

    /// Whether an outbox file was written by a newer compose-window (left as it is for that one).
    package static func isFromANewerVersion(_ file: JSONValue) -> Bool {
        if case .integer(let version)? = file["version"] { version > Outbox.fileVersion } else { false }
    }

    package func preparedFile(_ index: Int, image: Int, folder: String, mimeType: String) -> String {
        let suffix =
            switch mimeType {
            case "image/png": "png"
            case "image/gif": "gif"
            case "image/webp": "webp"
            case "video/mp4": "mp4"
            default: "jpg"
            }
        return folder + "/" + String(index) + "-" + String(image) + "." + suffix
    }

    package mutating func prepared(_ index: Int, image: Int, _ prepared: PreparedImage) {
        outbox.prepared(index, image: image, prepared)
    }

    /// The image could not be made to fit (unreadable, not an image, too large at any size).
    package mutating func preparingFailed(_ index: Int, image: Int, reason: String, now: Int64) {
        if outbox.isCardPicture(index, image: image) { return outbox.cardPictureUnusable(index) }
        fail(index, .imageUnusable(path: outbox.images[image].path, reason: reason), now: now)
    }

    /// Milliseconds to wait before delivery `index`'s next request: only while Mastodon processes
    /// an image, one second more each time up to five.
    package func delayBeforeRequest(_ index: Int, now: Int64) -> Int {
        switch outbox.next(for: index, now: now) {
        case .request(.checkImage(let image)), .request(.checkVideoJob(let image)):
            return min(polls[ImageOfDelivery(index: index, image: image)] ?? 0, 5) * 1000
        default: return 0
        }
    }

    func imageRequest(_ asked: Outbox.Request, index: Int, image: Int, credentials: Credentials) -> APIRequest? {
        guard let prepared = outbox.deliveries[index].images[image].prepared else { return nil }
        switch (asked, credentials) {
        case (.uploadImage, .mastodon(let token)):
            var request = APIRequest(.post, host: mastodonHost(index), path: "/api/v2/media")
            request.bearer = token
            let alt = outbox.images[image].alt
            request.file = .init(
                path: prepared.file, mimeType: prepared.mimeType,
                form: alt.isEmpty ? [] : [.init(name: "description", value: alt)])
            return request
        case (.checkImage, .mastodon(let token)):
            guard case .mastodon(let id, _)? = outbox.deliveries[index].images[image].upload else { return nil }
            var request = APIRequest(.get, host: mastodonHost(index), path: "/api/v1/media/" + id)
            request.bearer = token
            return request
        case (.uploadImage, .bluesky(let session)):
            var request = APIRequest.xrpc(.post, host: session.account.host, "com.atproto.repo.uploadBlob")
            request.bearer = session.accessToken
            request.file = .init(path: prepared.file, mimeType: prepared.mimeType, form: nil)
            return request
        default: return nil
        }
    }

    mutating func uploadAnswered(_ index: Int, image: Int, _ answer: APIAnswer, now: Int64) {
        switch network(index) {
        case .mastodon:
            // A sign-in from before images (no write:media): a new sign-in grants it.
            if answer.status == 403 { return fail(index, .scopesMissing, now: now) }
            guard answer.succeeded, let id = Self.mediaID(answer) else { return imageRefused(index, answer, now: now) }
            // 200 with its URL: processed; 202: not yet (url null).
            let ready = answer.status == 200 && answer.json?["url"]?.string != nil
            outbox.uploaded(index, image: image, .mastodon(id: id, ready: ready))
        case .bluesky:
            if answer.status == 413 || answer.json?["error"]?.string == "BlobTooLarge" {
                return outbox.imageTooLarge(index, image: image)
            }
            guard answer.succeeded, let blob = answer.json?["blob"], blob["ref"] != nil else {
                return imageRefused(index, answer, now: now)
            }
            outbox.uploaded(index, image: image, .bluesky(blob: blob))
        }
    }

    mutating func checkAnswered(_ index: Int, image: Int, _ answer: APIAnswer, now: Int64) {
        guard case .mastodon(let id, _)? = outbox.deliveries[index].images[image].upload else { return }
        switch answer.status {
        case 200: outbox.uploaded(index, image: image, .mastodon(id: id, ready: true))
        case 206:
            let key = ImageOfDelivery(index: index, image: image)
            polls[key, default: 0] += 1
            let longest = isVideo(index, image: image) ? Self.longestVideoPolling : Self.longestPolling
            if polls[key]! >= longest { fail(index, .stillProcessing, now: now) }
        // Gone: deleted after a day unattached. The same bytes go again.
        case 404: outbox.imageGone(index, image: image)
        // Processing failed (the worker gave up: docs/servers.md, "Video"): that media can never be
        // attached, so the next run uploads the same bytes again; this one says why it stopped.
        case 422:
            outbox.imageGone(index, image: image)
            imageRefused(index, answer, now: now)
        default: imageRefused(index, answer, now: now)
        }
    }

    private mutating func imageRefused(_ index: Int, _ answer: APIAnswer, now: Int64) {
        fail(index, Self.failure(answer).withoutPost, now: now)
    }

    private static func mediaID(_ answer: APIAnswer) -> String? {
        guard let id = answer.json?["id"]?.string, !id.isEmpty else { return nil }
        return id
    }

    /// `media_ids[]` of the status: every image's, in the order attached.
    func mastodonMediaIDs(_ index: Int) -> [String] {
        outbox.deliveries[index].images.compactMap {
            if case .mastodon(let id, _)? = $0.upload { id } else { nil }
        }
    }

    /// The record's images: each blob with its alt text and its shape.
    func blueskyImages(_ index: Int) -> [BlueskyPost.Image] {
        guard outbox.deliveries[index].part == 0 else { return [] }
        return zip(outbox.images, outbox.deliveries[index].images).compactMap { image, state in
            guard case .bluesky(let blob)? = state.upload, let prepared = state.prepared else { return nil }
            return BlueskyPost.Image(
                alt: image.alt, blob: blob, width: prepared.width, height: prepared.height,
                isVideo: prepared.mimeType.hasPrefix("video/"), isGIF: prepared.fromGIF,
                captions: blueskyCaptions(state))
        }
    }

    /// createRecord's refusal of a blob the PDS no longer has.
    static func blobMissing(_ answer: APIAnswer) -> Bool {
        guard answer.status == 400 else { return false }
        if answer.json?["error"]?.string == "BlobNotFound" { return true }
        guard let words = answer.json?["message"]?.string?.lowercased().utf8 else { return false }
        let missing = Array("could not find blob".utf8)
        return words.indices.contains { words[$0...].starts(with: missing) }
    }
}

extension DeliveryFailure {
    /// An upload's failure: an upload makes no post, so a failure of one never means the post may
    /// be there.
    fileprivate var withoutPost: DeliveryFailure {
        switch self {
        case .outcomeUnknown(let reason): .notSent(reason)
        case .serverError(let status): .refused(status: status, message: "HTTP " + String(status))
        default: self
        }
    }
}

extension PostingPlan {
    /// What the bar says while a video is made to fit delivery `index`'s network, `done` (0…1) of it.
    package func videoProgress(_ index: Int, done: Double) -> String {
        localized("Preparing the video for {0}… {1} %", network(index).displayName, String(Int(done * 100)))
    }

    /// What the bar says while delivery `index`'s next step runs: the image being prepared, uploaded
    /// or processed ("image 2 of 3"), or nil for the post itself (the bar's "Posting to …").
    package func imageProgress(_ index: Int, now: Int64) -> String? {
        let count = String(outbox.images.count)
        let network = network(index).displayName
        if outbox.isCardPicture(index, image: 0) {
            switch outbox.next(for: index, now: now) {
            case .prepare: return localized("Preparing the link card’s picture for {0}…", network)
            case .request(.uploadImage): return localized("Uploading the link card’s picture to {0}…", network)
            default: return nil
            }
        }
        if let image = outbox.deliveries[index].images.indices.first(where: { isVideo(index, image: $0) }) {
            switch outbox.next(for: index, now: now) {
            case .request(.uploadImage(image)): return localized("Uploading the video to {0}…", network)
            case .request(.checkImage(image)): return localized("{0} is processing the video…", network)
            case .request(.checkVideoJob(image)): return videoJobProgress(index, image: image)
            case .request(.uploadCaption(image, _)): return localized("Uploading the video’s captions to {0}…", network)
            default: break
            }
        }
        switch outbox.next(for: index, now: now) {
        case .prepare(let image):
            return localized("Preparing image {0} of {1} for {2}…", String(image + 1), count, network)
        case .request(.uploadImage(let image)):
            return localized("Uploading image {0} of {1} to {2}…", String(image + 1), count, network)
        case .request(.checkImage(let image)):
            return localized("{0} is processing image {1} of {2}…", network, String(image + 1), count)
        default: return nil
        }
    }
}
