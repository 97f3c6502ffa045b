/// A video on its way to Bluesky through its video service (video.bsky.app), as social-app sends
/// one (docs/servers.md, "Video"): the account's daily limits first, then the bytes to the service
/// with a service-auth token from the account's PDS, then the job asked after until it gives the
/// blob the service stored on the PDS. The service knows bytes it has seen ("already_exists": the
/// first job and blob), so an upload whose answer was lost is simply sent again. A PDS that cannot
/// give service-auth tokens gets the video by uploadBlob, which the lexicon and the AppView accept.

/// Which call of the video service a service-auth token is for.
enum VideoServiceCall: Hashable, Sendable {
    case uploadLimits, upload
}

extension PostingPlan {
    static let videoServiceHost = "video.bsky.app"
    /// How long an upload's token lives: social-app's 30 minutes, for a large upload on a slow line.
    static let uploadTokenSeconds: Int64 = 30 * 60

    struct ServiceTokenKey: Hashable, Sendable {
        let video: ImageOfDelivery
        let call: VideoServiceCall
    }

    /// Whether `id` may be a video job's id (it goes into a query, and into the outbox).
    static func isVideoJobID(_ id: String) -> Bool {
        (1...200).contains(id.utf8.count)
            && id.utf8.allSatisfy { $0.isASCIILetterOrDigit || [UInt8(ascii: "-"), UInt8(ascii: "_")].contains($0) }
    }

    /// What delivery `index` does next: the outbox's step, with a Bluesky video's upload taken
    /// through the video service (its limits, then a token for each call, then the bytes).
    func nextStep(_ index: Int, now: Int64) -> Outbox.Next {
        let next = outbox.next(for: index, now: now)
        guard case .request(.uploadImage(let image)) = next, network(index) == .bluesky,
            isVideo(index, image: image), !videoServiceMissing.contains(index)
        else { return next }
        let video = ImageOfDelivery(index: index, image: image)
        let sent = outbox.deliveries[index].images[image].upload == .blueskyVideoSent
        let call: VideoServiceCall = videoLimitsChecked.contains(video) || sent ? .upload : .uploadLimits
        guard serviceTokens[ServiceTokenKey(video: video, call: call)] != nil else {
            return .request(.serviceAuth(image, call))
        }
        return .request(call == .upload ? .uploadVideo(image) : .videoUploadLimits(image))
    }

    func videoServiceRequest(_ asked: Outbox.Request, index: Int, session: BlueskySession, now: Int64) -> APIRequest? {
        switch asked {
        case .serviceAuth(_, let call):
            var request = APIRequest.xrpc(.get, host: session.account.host, "com.atproto.server.getServiceAuth")
            request.bearer = session.accessToken
            request.query =
                switch call {
                // Read by the video service itself; the PDS's default lifetime (a minute) is enough.
                case .uploadLimits:
                    [
                        .init(name: "aud", value: "did:web:" + Self.videoServiceHost),
                        .init(name: "lxm", value: "app.bsky.video.getUploadLimits"),
                    ]
                // The service stores the processed video on the PDS with it: the PDS is its audience.
                case .upload:
                    [
                        .init(name: "aud", value: "did:web:" + session.account.host),
                        .init(name: "lxm", value: "com.atproto.repo.uploadBlob"),
                        .init(name: "exp", value: String(now + Self.uploadTokenSeconds)),
                    ]
                }
            return request
        case .videoUploadLimits(let image):
            var request = APIRequest.xrpc(.get, host: Self.videoServiceHost, "app.bsky.video.getUploadLimits")
            request.bearer =
                serviceTokens[ServiceTokenKey(video: .init(index: index, image: image), call: .uploadLimits)]
            return request.bearer == nil ? nil : request
        case .uploadVideo(let image):
            guard let prepared = outbox.deliveries[index].images[image].prepared else { return nil }
            var request = APIRequest.xrpc(.post, host: Self.videoServiceHost, "app.bsky.video.uploadVideo")
            request.bearer = serviceTokens[ServiceTokenKey(video: .init(index: index, image: image), call: .upload)]
            request.query = [
                .init(name: "did", value: session.account.identity),
                // Named by this delivery's own key: another network's (a Mastodon Idempotency-Key) stays there.
                .init(name: "name", value: outbox.deliveries[index].key + "-" + String(image) + ".mp4"),
            ]
            request.file = .init(path: prepared.file, mimeType: prepared.mimeType, form: nil)
            return request.bearer == nil ? nil : request
        case .checkVideoJob(let image):
            guard case .blueskyJob(let id)? = outbox.deliveries[index].images[image].upload else { return nil }
            // Asked without a token, as social-app asks it.
            var request = APIRequest.xrpc(.get, host: Self.videoServiceHost, "app.bsky.video.getJobStatus")
            request.query = [.init(name: "jobId", value: id)]
            return request
        default: return nil
        }
    }

    mutating func videoServiceAnswered(_ index: Int, _ asked: Outbox.Request, _ answer: APIAnswer, now: Int64) {
        switch asked {
        case .serviceAuth(let image, let call):
            let key = ServiceTokenKey(video: .init(index: index, image: image), call: call)
            if answer.succeeded, let token = answer.json?["token"]?.string, StateValues.isOneLine(token, most: 8192),
                !token.isEmpty
            {
                serviceTokens[key] = token
            } else if answer.status == 501 || answer.json?["error"]?.string == "MethodNotImplemented" {
                // A PDS without service auth (XRPC's MethodNotImplemented; not any 404, which a proxy
                // may answer for a while): the video goes to it by uploadBlob.
                videoServiceMissing.insert(index)
            } else {
                videoRefused(index, answer, now: now)
            }
        case .videoUploadLimits(let image):
            let video = ImageOfDelivery(index: index, image: image)
            serviceTokens[ServiceTokenKey(video: video, call: .uploadLimits)] = nil
            uploadLimitsAnswered(video, answer, now: now)
        case .uploadVideo(let image):
            serviceTokens[ServiceTokenKey(video: .init(index: index, image: image), call: .upload)] = nil
            // social-app reads the body as the job itself; the lexicon puts it under `jobStatus`.
            let job = answer.json?["jobStatus"] ?? answer.json
            if answer.status == 413 { return outbox.imageTooLarge(index, image: image) }
            guard let id = job?["jobId"]?.string, Self.isVideoJobID(id) else {
                if job?["error"]?.string == "unconfirmed_email" {
                    return fail(
                        index,
                        .refused(
                            status: answer.status,
                            message: localized("Bluesky asks you to confirm your email address before you post a video")
                        ),
                        now: now)
                }
                return videoRefused(index, answer, now: now, fromTheService: true)
            }
            outbox.uploaded(index, image: image, .blueskyJob(id: id))
            jobAnswered(index, image: image, job, answer, now: now)
        case .checkVideoJob(let image):
            guard answer.succeeded else {
                // A job the service no longer knows: the same bytes again, once a run (the service
                // knows them, or starts anew).
                if [400, 404].contains(answer.status), !videosSentAgain.contains(index) {
                    videosSentAgain.insert(index)
                    return outbox.imageGone(index, image: image)
                }
                return videoRefused(index, answer, now: now, fromTheService: true)
            }
            jobAnswered(index, image: image, answer.json?["jobStatus"] ?? answer.json, answer, now: now)
        default: break
        }
    }

    private mutating func uploadLimitsAnswered(_ video: ImageOfDelivery, _ answer: APIAnswer, now: Int64) {
        guard answer.succeeded, case .bool(let canUpload)? = answer.json?["canUpload"] else {
            return videoRefused(video.index, answer, now: now, fromTheService: true)
        }
        let bytes = outbox.deliveries[video.index].images[video.image].prepared?.byteCount ?? 0
        let videosLeft = answer.json?["remainingDailyVideos"]?.integer ?? 1
        let bytesLeft = answer.json?["remainingDailyBytes"]?.integer ?? bytes
        guard canUpload, videosLeft > 0, bytesLeft >= bytes else {
            let words =
                answer.serverMessageOnly
                ?? localized("Bluesky takes no more videos from this account today; try again tomorrow")
            return fail(video.index, .refused(status: answer.status, message: words), now: now)
        }
        videoLimitsChecked.insert(video)
    }

    /// A job's state, from uploadVideo's answer or getJobStatus': done (its blob), failed, or
    /// still at work (asked again, up to about ten minutes a run).
    private mutating func jobAnswered(
        _ index: Int, image: Int, _ job: JSONValue?, _ answer: APIAnswer, now: Int64
    ) {
        let video = ImageOfDelivery(index: index, image: image)
        switch job?["state"]?.string {
        case "JOB_STATE_COMPLETED":
            // The blob is what matters, whatever the rest says (bsky-docs: also for already_exists).
            guard let blob = job?["blob"], case .object = blob, blob["ref"] != nil else {
                outbox.imageGone(index, image: image)
                return fail(
                    index,
                    .refused(
                        status: answer.status,
                        message: localized("Bluesky’s video service finished without the video")),
                    now: now)
            }
            jobProgress[video] = nil
            outbox.uploaded(index, image: image, .bluesky(blob: blob))
        case "JOB_STATE_FAILED":
            // That job can never give a video: the next run uploads the same bytes again.
            jobProgress[video] = nil
            outbox.imageGone(index, image: image)
            let words =
                job?["message"]?.string ?? job?["error"]?.string ?? job?["failureCode"]?.string
                ?? localized("Bluesky’s video service could not process the video")
            fail(index, .refused(status: answer.status, message: words.onOneLine), now: now)
        default:
            jobProgress[video] = job?["progress"]?.integer.map { min(max($0, 0), 100) }
            polls[video, default: 0] += 1
            if polls[video]! >= Self.longestVideoPolling { fail(index, .stillProcessing, now: now) }
        }
    }

    /// `fromTheService`: video.bsky.app's answer, whose 401 is about its own token, not the
    /// account's sign-in (signing in again would not help).
    private mutating func videoRefused(_ index: Int, _ answer: APIAnswer, now: Int64, fromTheService: Bool = false) {
        let failure = Self.failure(answer)
        switch failure {
        case .signInAgain where fromTheService, .scopesMissing where fromTheService:
            fail(index, .refused(status: answer.status, message: answer.serverMessage ?? "HTTP 401"), now: now)
        case .serverError(let status) where (200..<300).contains(status):
            // A 2xx that is not what the lexicon says: nothing to go on.
            fail(
                index,
                .refused(
                    status: status,
                    message: localized("{0} did not answer as Bluesky’s video service does", Self.videoServiceHost)),
                now: now)
        case .outcomeUnknown(let reason): fail(index, .notSent(reason), now: now)
        case .serverError(let status):
            fail(index, .refused(status: status, message: "HTTP " + String(status)), now: now)
        default: fail(index, failure, now: now)
        }
    }

    /// What the bar says while Bluesky's video service works on delivery `index`'s video.
    func videoJobProgress(_ index: Int, image: Int) -> String {
        let network = network(index).displayName
        guard let percent = jobProgress[ImageOfDelivery(index: index, image: image)] else {
            return localized("{0} is processing the video…", network)
        }
        return localized("{0} is processing the video… {1} %", network, String(percent))
    }
}

extension APIAnswer {
    /// The server's own `message`, without falling back on its error's name.
    fileprivate var serverMessageOnly: String? {
        guard case .string(let message)? = json?["message"], !message.isEmpty else { return nil }
        return message.onOneLine
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
