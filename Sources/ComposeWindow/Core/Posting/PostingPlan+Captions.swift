/// A Bluesky video's captions on their way, as social-app sends them: each caption's WebVTT to the
/// account's PDS by uploadBlob (text/vtt) once the video's blob is known, and the record's
/// app.bsky.embed.video names each blob with its language. Each blob is kept in the outbox, so a
/// resume uploads only those still missing; a refusal stops the post with the server's words (it
/// never goes without a caption the person attached). Mastodon has no captions: its delivery
/// uploads none.
extension PostingPlan {
    /// The captions a video's preparation for delivery `index` checks, and whether it keeps a copy
    /// of each: Bluesky's delivery copies them (its uploads send the copies); Mastodon's, which is
    /// sent none, checks them while Bluesky has yet to copy them, so that nothing leaves for either
    /// network with a caption Bluesky would refuse.
    package func captionsToPrepare(_ index: Int, image: Int) -> (captions: [VideoCaption], keepsCopies: Bool) {
        guard !outbox.isCardPicture(index, image: image), outbox.images.indices.contains(image) else {
            return ([], false)
        }
        let captions = outbox.images[image].captions
        if network(index) == .bluesky { return (captions, true) }
        let blueskyYetToCopy = outbox.deliveries.contains {
            $0.network == .bluesky && $0.part == 0 && $0.images.indices.contains(image)
                && $0.images[image].prepared == nil
        }
        return (blueskyYetToCopy ? captions : [], false)
    }

    /// The file caption `caption` of image `image` is kept in, in the post's media folder `folder`,
    /// beside the video's own (`preparedFile`).
    package func preparedCaptionFile(_ index: Int, image: Int, caption: Int, folder: String) -> String {
        folder + "/" + String(index) + "-" + String(image) + "-caption-" + String(caption) + ".vtt"
    }

    func captionRequest(_ index: Int, image: Int, caption: Int, session: BlueskySession) -> APIRequest? {
        guard let prepared = outbox.deliveries[index].images[image].prepared,
            prepared.captions.indices.contains(caption)
        else { return nil }
        var request = APIRequest.xrpc(.post, host: session.account.host, "com.atproto.repo.uploadBlob")
        request.bearer = session.accessToken
        request.file = .init(path: prepared.captions[caption].file, mimeType: VideoCaption.mimeType, form: nil)
        return request
    }

    mutating func captionAnswered(_ index: Int, image: Int, caption: Int, _ answer: APIAnswer, now: Int64) {
        guard answer.succeeded, let blob = answer.json?["blob"], case .object = blob, blob["ref"] != nil else {
            // Too large (413, BlobTooLarge) or refused: the caption cannot be made smaller here,
            // and the post never goes without it.
            let failure = Self.failure(answer)
            let words: DeliveryFailure =
                switch failure {
                case .refused(let status, let message):
                    .refused(
                        status: status,
                        message: message.isEmpty
                            ? localized("Bluesky did not take caption {0} of the video", String(caption + 1))
                            : message)
                case .serverError(let status) where (200..<300).contains(status):
                    .refused(
                        status: status,
                        message: localized("Bluesky did not take caption {0} of the video", String(caption + 1)))
                case .serverError(let status): .refused(status: status, message: "HTTP " + String(status))
                case .outcomeUnknown(let reason): .notSent(reason)
                default: failure
                }
            return fail(index, words, now: now)
        }
        outbox.captionUploaded(index, image: image, caption: caption, blob)
    }

    /// The captions of the record's video: each blob with its language, in the order attached.
    func blueskyCaptions(_ state: DeliveryImage) -> [BlueskyPost.Caption] {
        guard let prepared = state.prepared else { return [] }
        return prepared.captions.indices.compactMap { caption in
            state.captionBlob(caption).map { BlueskyPost.Caption(lang: prepared.captions[caption].language, blob: $0) }
        }
    }
}
