@testable import ComposeWindowCore

/// Videos as the servers treat them (docs/servers.md, "Video"). Mastodon: an upload answers 202,
/// `GET /api/v1/media/:id` 206 while processing, 200 once done, 422 once processing failed; a
/// status naming media not processed is refused (422). Bluesky's video service: a job for each new
/// video (the same bytes again are the same job, `already_exists`), asked after by its id until it
/// completes and stores the blob on the PDS, or fails; an account over its daily limit may upload
/// none (getUploadLimits' `canUpload` false).
extension ModelNetwork {
    static let videoService = PostingPlan.videoServiceHost

    struct VideoJob: Hashable {
        let id: String
        let account: String
        /// The bytes (the prepared file's path stands for them).
        let bytes: String
        var pollsLeft: Int
        /// It fails once its polls are over.
        let failing: Bool
        var failed = false
        var completed = false
        /// The app was answered with its id.
        var told = false
    }

    /// Whether a post names Mastodon media still processing, or whose processing failed.
    func unprocessedMedia(of post: Post) -> Bool {
        network == .mastodon
            && media.contains {
                post.images.contains($0.id) && $0.account == post.account && ($0.processingLeft > 0 || $0.failed)
            }
    }

    /// Mastodon's 202 (not processed yet, `url` null) or 200 for an upload.
    func uploadAnswer(for upload: Media) -> APIAnswer {
        guard network == .mastodon, upload.processingLeft > 0 || upload.failed else { return answer(for: upload) }
        return APIAnswer(status: 202, json: .object([.init("id", .string(upload.id)), .init("url", .null)]))
    }

    /// The app was answered with this upload.
    mutating func told(_ upload: Media) {
        if let index = media.firstIndex(where: { $0.id == upload.id && $0.account == upload.account }) {
            media[index].told = true
        }
    }

    /// `GET /api/v1/media/:id` of a video: each ask is one more moment of processing.
    mutating func checkVideo(_ request: APIRequest, account: String) -> APIAnswer? {
        guard request.path.hasPrefix("/api/v1/media/") else { return nil }
        let id = String(request.path.dropFirst("/api/v1/media/".count))
        guard let index = media.firstIndex(where: { $0.id == id && $0.account == account && !$0.attached }),
            media[index].isVideo
        else { return nil }
        if media[index].failed {
            return APIAnswer(
                status: 422, json: .object([.init("error", .string("Error processing thumbnail for uploaded media"))]))
        }
        guard media[index].processingLeft == 0 else {
            media[index].processingLeft -= 1
            return APIAnswer(status: 206, json: .object([.init("id", .string(id)), .init("url", .null)]))
        }
        return nil  // processed: answered as any media
    }

    /// What the video service (or the PDS's getServiceAuth) answers; nil for any other request.
    mutating func videoService(_ request: APIRequest, account: String, now: Int64) -> APIAnswer? {
        if request.path.hasSuffix("com.atproto.server.getServiceAuth") {
            return APIAnswer(status: 200, json: .object([.init("token", .string("service-token"))]))
        }
        guard request.host == Self.videoService else { return nil }
        if request.path.hasSuffix("getUploadLimits") {
            let used = jobs.filter { $0.account == account }.count
            guard noVideosUntil.map({ now >= $0 }) ?? true, videosPerDay.map({ used < $0 }) ?? true else {
                return APIAnswer(
                    status: 200,
                    json: .object([
                        .init("canUpload", .bool(false)),
                        .init("message", .string("User has exceeded daily upload videos limit")),
                    ]))
            }
            return APIAnswer(
                status: 200,
                json: .object([
                    .init("canUpload", .bool(true)), .init("remainingDailyVideos", .integer(25)),
                    .init("remainingDailyBytes", .integer(10_000_000_000)),
                ]))
        }
        if request.path.hasSuffix("uploadVideo") {
            let (job, new) = startJob(request, account: account, now: now)
            jobs[job].told = true
            return jobAnswer(jobs[job], repeated: !new)
        }
        let id = request.query.first { $0.name == "jobId" }?.value
        guard let job = jobs.firstIndex(where: { $0.id == id }) else {
            return APIAnswer(status: 404, json: .object([.init("error", .string("NotFound"))]))
        }
        if !jobs[job].failed && !jobs[job].completed {
            if jobs[job].pollsLeft > 0 {
                jobs[job].pollsLeft -= 1
            } else if jobs[job].failing {
                jobs[job].failed = true
            } else {
                complete(job, now: now)
            }
        }
        return APIAnswer(status: 200, json: .object([.init("jobStatus", jobAnswer(jobs[job], repeated: false).json!)]))
    }

    /// The job an upload makes, or finds (the same bytes again: the first job; whether the service
    /// stores its blob on the PDS again once the PDS dropped it is not public, so it does not).
    @discardableResult
    mutating func startJob(_ request: APIRequest, account: String, now: Int64) -> (job: Int, new: Bool) {
        let bytes = request.file?.path ?? ""
        let seen = jobs.contains { $0.bytes == bytes && $0.account == account && !$0.failed }
        let used = jobs.filter { $0.account == account }.count
        if !seen, noVideosUntil.map({ now < $0 }) == true || videosPerDay.map({ used >= $0 }) == true {
            videoViolation = videoViolation ?? "a video was uploaded past the account's daily limit"
        }
        if let known = jobs.firstIndex(where: { $0.bytes == bytes && $0.account == account && !$0.failed }) {
            if jobs[known].told && !jobs[known].completed {
                videoViolation =
                    videoViolation
                    ?? "the video was uploaded again while its job \(jobs[known].id), which the app knew of, ran"
            }
            return (known, false)
        }
        jobs.append(
            VideoJob(
                id: "job\(jobs.count + 1)", account: account, bytes: bytes, pollsLeft: processingPolls,
                failing: failsFirstProcessing && jobs.isEmpty))
        return (jobs.count - 1, true)
    }

    private mutating func complete(_ job: Int, now: Int64) {
        jobs[job].completed = true
        store(Media(id: "bafkrei" + jobs[job].bytes, account: jobs[job].account, uploadedAt: now, isVideo: true))
    }

    private func jobAnswer(_ job: VideoJob, repeated: Bool) -> APIAnswer {
        var members: [JSONValue.Member] = [.init("jobId", .string(job.id)), .init("did", .string("did:plc:alice"))]
        if job.failed {
            members += [
                .init("state", .string("JOB_STATE_FAILED")), .init("message", .string("Video failed to process")),
            ]
        } else if job.completed {
            let ref = JSONValue.object([.init("$link", .string("bafkrei" + job.bytes))])
            members += [
                .init("state", .string("JOB_STATE_COMPLETED")),
                .init(
                    "blob", .object([.init("$type", .string("blob")), .init("ref", ref), .init("size", .integer(9))])),
            ]
        } else {
            members.append(
                .init("state", .string(job.pollsLeft < processingPolls ? "JOB_STATE_ENCODING" : "JOB_STATE_CREATED")))
        }
        if repeated { members.append(.init("error", .string("already_exists"))) }
        return APIAnswer(status: repeated ? 409 : 200, json: .object(members))
    }

    /// A fault told the app that the media it asked after is gone (404), or failed (422): from
    /// then on it is, so that uploading it again is right.
    mutating func forget(_ request: APIRequest, failed: Bool) {
        if request.path.hasPrefix("/api/v1/media/") {
            let id = String(request.path.dropFirst("/api/v1/media/".count))
            if failed {
                for index in media.indices where media[index].id == id { media[index].failed = true }
            } else {
                media.removeAll { $0.id == id }
            }
        }
        if request.path.hasSuffix("getJobStatus"), !failed {
            let id = request.query.first { $0.name == "jobId" }?.value
            jobs.removeAll { $0.id == id }
        }
    }
}
