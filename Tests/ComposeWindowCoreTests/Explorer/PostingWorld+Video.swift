@testable import ComposeWindowCore

/// The app's side of a video in the explorer's world (ModelNetwork+Video has the servers').
extension PostingWorld {
    /// Bluesky's service-auth token and the video service's limits: reads that change nothing on
    /// any server, answered as the step that asked them (every fault of a read is walked on the
    /// look-ups; walked here they would spend the depth before the video is uploaded).
    func answeredAtOnce(_ request: APIRequest, account: String, network: PostingAccount.Network) -> APIAnswer? {
        guard request.path.hasSuffix("getServiceAuth") || request.path.hasSuffix("getUploadLimits"),
            var model = networks.first(where: { $0.network == network })
        else { return nil }
        if model.revoked.contains(account) {
            return APIAnswer(status: 401, json: .object([.init("error", .string("The access token was revoked"))]))
        }
        return model.videoService(request, account: account, now: now)
    }

    /// What broke the rule when delivery `index`'s post request names Mastodon media that is still
    /// processing or failed (the server refuses it: the app must ask until it is done).
    func namesUnprocessedMedia(_ request: APIRequest, account: String, index: Int) -> String? {
        guard let network = networks.first(where: { $0.network == .mastodon }), request.path == "/api/v1/statuses",
            let post = network.post(of: request, account: account, text: "", now: now),
            network.unprocessedMedia(of: post)
        else { return nil }
        return "the status named a video Mastodon had not finished processing"
    }

    /// What broke the rule when a video's upload leaves while the server has the one the app was
    /// told of, for the same account (Mastodon's attachment, unprocessed or processed; Bluesky's job still at work).
    func uploadsAVideoAgain(_ request: APIRequest, account: String, network: PostingAccount.Network) -> String? {
        guard let file = request.file, file.mimeType.hasPrefix("video/"),
            let model = networks.first(where: { $0.network == network })
        else { return nil }
        if network == .mastodon,
            let known = model.media.first(where: {
                $0.isVideo && $0.told && !$0.failed && !$0.attached && $0.account == account
            })
        {
            return "the video was uploaded again while \(known.id), which the app knew of, was there"
        }
        if let known = model.jobs.first(where: { $0.told && !$0.failed && !$0.completed && $0.account == account }) {
            return "the video was uploaded again while its job \(known.id), which the app knew of, ran"
        }
        return nil
    }
}
