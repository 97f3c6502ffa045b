import Testing

@testable import ComposeWindowCore

/// A video to Bluesky through its video service, without a network: the daily limits, a token for
/// each call, the bytes, the job asked after until it gives its blob, and the record naming it. The
/// service's tokens never reach the outbox's file.
@Suite struct PostingPlanVideoServiceTests {
    typealias Plain = PostingPlanTests
    typealias Images = PostingPlanImagesTests
    static let now = PostingPlanTests.now
    static let json = Images.json
    static let blob = json([
        "$type": .string("blob"), "ref": json(["$link": .string("bafkreivideo")]), "mimeType": .string("video/mp4"),
        "size": .integer(900_000),
    ])

    static func plan(fromGIF: Bool = false) -> PostingPlan {
        var plan = PostingPlan(
            text: "A clip", images: [PostImage(path: "/p/clip.mov", alt: "A ball")], accounts: [Plain.bluesky],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        plan.startRun()
        #expect(plan.step(now: now) == .prepare(index: 0, image: 0))
        plan.prepared(
            0, image: 0,
            PreparedImage(
                file: "/s/outbox/default.media/0-0.mp4", mimeType: "video/mp4", width: 640, height: 360,
                byteCount: 900_000, fromGIF: fromGIF))
        return plan
    }

    static func request(_ plan: PostingPlan) -> APIRequest? {
        plan.request(
            for: 0, credentials: .bluesky(Plain.session), now: now, createdAt: "2026-12-08T07:30:00Z",
            didsByHandle: [:])
    }

    static func answer(_ plan: inout PostingPlan, _ status: Int, _ json: JSONValue?) {
        Images.answer(&plan, 0, status, json)
    }

    /// The limits asked and allowed, then the upload's token given: the next request is the upload.
    static func readyToUpload(fromGIF: Bool = false) -> PostingPlan {
        var plan = plan(fromGIF: fromGIF)
        answer(&plan, 200, json(["token": .string("limits-token")]))
        answer(
            &plan, 200,
            json([
                "canUpload": .bool(true), "remainingDailyVideos": .integer(24),
                "remainingDailyBytes": .integer(10_000_000_000),
            ]))
        answer(&plan, 200, json(["token": .string("upload-token")]))
        return plan
    }

    static func strings(in json: JSONValue) -> [String] {
        switch json {
        case .string(let text): [text]
        case .array(let elements): elements.flatMap(strings)
        case .object(let members): members.flatMap { [$0.name] + strings(in: $0.value) }
        default: []
        }
    }

    static func query(_ request: APIRequest?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (request?.query ?? []).map { ($0.name, $0.value) })
    }

    @Test func aVideoGoesThroughTheServiceAsSocialAppSendsIt() throws {
        var plan = Self.plan(fromGIF: true)
        var file: [String] = []
        // Every string the outbox's file would hold, at each step.
        func keep() { file += Self.strings(in: plan.file) }

        let limitsAuth = try #require(Self.request(plan))
        #expect(limitsAuth.host == "morel.us-east.host.bsky.network" && limitsAuth.bearer == "access")
        #expect(limitsAuth.path == "/xrpc/com.atproto.server.getServiceAuth" && limitsAuth.method == .get)
        #expect(
            Self.query(limitsAuth) == ["aud": "did:web:video.bsky.app", "lxm": "app.bsky.video.getUploadLimits"])
        Self.answer(&plan, 200, Self.json(["token": .string("limits-token")]))
        keep()

        let limits = try #require(Self.request(plan))
        #expect(limits.host == "video.bsky.app" && limits.path == "/xrpc/app.bsky.video.getUploadLimits")
        #expect(limits.bearer == "limits-token")
        Self.answer(
            &plan, 200, Self.json(["canUpload": .bool(true), "remainingDailyVideos": .integer(3)]))

        let uploadAuth = try #require(Self.request(plan))
        #expect(
            Self.query(uploadAuth) == [
                "aud": "did:web:morel.us-east.host.bsky.network", "lxm": "com.atproto.repo.uploadBlob",
                "exp": String(Self.now + 1800),
            ], "the service stores the video on the PDS with it")
        Self.answer(&plan, 200, Self.json(["token": .string("upload-token")]))
        keep()

        let upload = try #require(Self.request(plan))
        #expect(upload.host == "video.bsky.app" && upload.path == "/xrpc/app.bsky.video.uploadVideo")
        #expect(upload.method == .post && upload.bearer == "upload-token")
        #expect(Self.query(upload)["did"] == "did:plc:alice")
        #expect(Self.query(upload)["name"]?.hasSuffix(".mp4") == true)
        #expect(upload.file == .init(path: "/s/outbox/default.media/0-0.mp4", mimeType: "video/mp4", form: nil))
        // social-app's shape: the job itself, not under jobStatus.
        Self.answer(
            &plan, 200,
            Self.json([
                "did": .string("did:plc:alice"), "jobId": .string("job-1"), "state": .string("JOB_STATE_CREATED"),
            ]))
        #expect(!plan.mayHaveBeenSentSomewhere, "an upload makes no post")
        keep()
        #expect(file.contains("job-1"), "the job is in the outbox: a crash goes on asking after it")

        let check = try #require(Self.request(plan))
        #expect(check.path == "/xrpc/app.bsky.video.getJobStatus" && check.bearer == nil)
        #expect(Self.query(check) == ["jobId": "job-1"])
        Self.answer(
            &plan, 200,
            Self.json(["jobStatus": Self.json(["state": .string("JOB_STATE_ENCODING"), "progress": .integer(40)])]))
        #expect(plan.imageProgress(0, now: Self.now) == "Bluesky is processing the video… 40 %")
        #expect(plan.delayBeforeRequest(0, now: Self.now) > 0, "asked at a pace")
        Self.answer(
            &plan, 200,
            Self.json(["jobStatus": Self.json(["state": .string("JOB_STATE_COMPLETED"), "blob": Self.blob])]))

        let record = try #require(Self.request(plan))
        #expect(record.path == "/xrpc/com.atproto.repo.createRecord")
        let embed = try #require(record.body?["record"]?["embed"])
        #expect(embed["$type"] == .string("app.bsky.embed.video") && embed["video"] == Self.blob)
        #expect(embed["presentation"] == .string("gif") && embed["alt"] == .string("A ball"))
        keep()
        for token in ["limits-token", "upload-token"] {
            #expect(!file.contains { $0.contains(token) }, "a secret never touches a file")
        }
    }

    @Test func theSameBytesAgainAreTheFirstJobsBlob() throws {
        var plan = Self.readyToUpload()
        // What the service answers the same bytes (atproto#3097): done, with the first blob.
        Self.answer(
            &plan, 409,
            Self.json([
                "did": .string("did:plc:alice"), "error": .string("already_exists"), "jobId": .string("job-1"),
                "message": .string("Video already processed"), "state": .string("JOB_STATE_COMPLETED"),
                "blob": Self.blob,
            ]))
        let record = try #require(Self.request(plan))
        #expect(record.body?["record"]?["embed"]?["video"] == Self.blob)
        #expect(record.body?["record"]?["embed"]?["presentation"] == nil, "a video, not a GIF")
    }

    @Test func aLostUploadAnswerUploadsAgainWithNewTokens() throws {
        var plan = Self.readyToUpload()
        plan.willSend(0, now: Self.now)
        plan.received(0, .failure(.init(requestWasSent: true, reason: .timeout)), now: Self.now)
        #expect(plan.failure(0) == .notSent(.timeout), "an upload never makes the post")
        #expect(!plan.mayHaveBeenSentSomewhere)
        plan.startRun()
        let again = try #require(Self.request(plan))
        // A new token (tokens go with their run); the limits already count the upload that was sent.
        #expect(Self.query(again)["lxm"] == "com.atproto.repo.uploadBlob", "a run asks for its own token")
    }

    /// An upload whose answer was lost counts against the day's limit already: sent again, it is
    /// the same job (already_exists), so the limits are not asked first, even after a restart.
    @Test func aVideoSentWithoutAnAnswerGoesAgainWhateverTheLimitsSayByThen() throws {
        var plan = Self.readyToUpload()
        plan.willSend(0, now: Self.now)
        // Killed here: the outbox was written before the bytes left.
        var resumed = try #require(PostingPlan(file: plan.file))
        resumed.startRun()
        #expect(Self.query(Self.request(resumed))["lxm"] == "com.atproto.repo.uploadBlob", "no limits first")
        Self.answer(&resumed, 200, Self.json(["token": .string("upload-token-2")]))
        #expect(Self.request(resumed)?.path == "/xrpc/app.bsky.video.uploadVideo")
    }

    @Test func whatTheServiceRefusesIsSaidInItsWordsOrOurs() throws {
        var plan = Self.plan()
        Self.answer(&plan, 200, Self.json(["token": .string("limits-token")]))
        Self.answer(
            &plan, 200,
            Self.json([
                "canUpload": .bool(false), "message": .string("User has exceeded daily upload videos limit"),
            ]))
        #expect(plan.failure(0) == .refused(status: 200, message: "User has exceeded daily upload videos limit"))

        var bytes = Self.plan()
        Self.answer(&bytes, 200, Self.json(["token": .string("limits-token")]))
        Self.answer(&bytes, 200, Self.json(["canUpload": .bool(true), "remainingDailyBytes": .integer(10)]))
        guard case .refused(_, let words)? = bytes.failure(0) else {
            Issue.record("more bytes than are left today is refused before the upload")
            return
        }
        #expect(words.contains("today"))

        var email = Self.readyToUpload()
        Self.answer(
            &email, 403,
            Self.json([
                "jobStatus": Self.json([
                    "did": .string(""), "error": .string("unconfirmed_email"), "jobId": .string(""),
                    "state": .string(""),
                ])
            ]))
        #expect(
            email.failure(0)
                == .refused(
                    status: 403, message: "Bluesky asks you to confirm your email address before you post a video"))
    }

    @Test func aFailedJobIsUploadedAgainOnTheNextRun() throws {
        var plan = Self.readyToUpload()
        Self.answer(&plan, 200, Self.json(["jobId": .string("job-1"), "state": .string("JOB_STATE_CREATED")]))
        Self.answer(
            &plan, 200,
            Self.json([
                "jobStatus": Self.json([
                    "state": .string("JOB_STATE_FAILED"), "failureCode": .string("encoding_failure"),
                    "message": .string("Video failed to process"),
                ])
            ]))
        #expect(plan.failure(0) == .refused(status: 200, message: "Video failed to process"))
        plan.startRun()
        #expect(Self.query(Self.request(plan))["lxm"] == "app.bsky.video.getUploadLimits")
    }

    @Test func aJobFromAnEarlierRunIsAskedAfterNotUploadedAgain() throws {
        var plan = Self.readyToUpload()
        Self.answer(&plan, 200, Self.json(["jobId": .string("job-7"), "state": .string("JOB_STATE_ENCODING")]))
        // The window was killed here: the next one reads the outbox.
        var resumed = try #require(PostingPlan(file: plan.file))
        resumed.startRun()
        let check = try #require(Self.request(resumed))
        #expect(check.path == "/xrpc/app.bsky.video.getJobStatus" && Self.query(check) == ["jobId": "job-7"])
    }

    @Test func aJobTheServiceForgotIsUploadedAgainOnceARun() throws {
        var plan = Self.readyToUpload()
        Self.answer(&plan, 200, Self.json(["jobId": .string("job-1"), "state": .string("JOB_STATE_CREATED")]))
        Self.answer(&plan, 404, Self.json(["error": .string("NotFound")]))
        #expect(plan.failure(0) == nil)
        #expect(Self.query(Self.request(plan))["lxm"] == "com.atproto.repo.uploadBlob", "the limits stand this run")
        Self.answer(&plan, 200, Self.json(["token": .string("upload-token-2")]))
        Self.answer(&plan, 200, Self.json(["jobId": .string("job-2"), "state": .string("JOB_STATE_CREATED")]))
        Self.answer(&plan, 404, Self.json(["error": .string("NotFound")]))
        #expect(plan.failure(0) == .refused(status: 404, message: "NotFound"), "not a loop")
    }

    @Test func aPDSWithoutServiceAuthGetsTheVideoByUploadBlob() throws {
        var plan = Self.plan()
        Self.answer(&plan, 501, Self.json(["error": .string("MethodNotImplemented")]))
        let upload = try #require(Self.request(plan))
        #expect(upload.path == "/xrpc/com.atproto.repo.uploadBlob" && upload.bearer == "access")
    }

    @Test func aJobThatNeverEndsStopsTheRunAndRetryAsksAgain() throws {
        var plan = Self.readyToUpload()
        Self.answer(&plan, 200, Self.json(["jobId": .string("job-1"), "state": .string("JOB_STATE_CREATED")]))
        for _ in 0..<PostingPlan.longestVideoPolling {
            Self.answer(&plan, 200, Self.json(["jobStatus": Self.json(["state": .string("JOB_STATE_ENCODING")])]))
        }
        #expect(plan.failure(0) == .stillProcessing)
        plan.startRun()
        #expect(Self.query(Self.request(plan)) == ["jobId": "job-1"], "the same job, never a second upload")
    }

    @Test func aRefusalOfTheServicesOwnTokenIsNoSignIn() {
        var plan = Self.readyToUpload()
        Self.answer(
            &plan, 401,
            Self.json([
                "error": .string("BadJwtAudience"), "message": .string("jwt audience does not match service did"),
            ]))
        #expect(
            plan.failure(0) == .refused(status: 401, message: "jwt audience does not match service did"),
            "signing in again would not help")
    }

    @Test func aVideoTooLargeForTheServiceIsPreparedAgainSmaller() {
        var plan = Self.readyToUpload()
        Self.answer(&plan, 413, Self.json(["error": .string("file size is larger than the maximum allowed size")]))
        #expect(plan.failure(0) == nil)
        #expect(plan.step(now: Self.now) == .prepare(index: 0, image: 0))
        #expect(plan.outbox.deliveries[0].images[0].byteLimit == 900_000 * 3 / 4)
    }

    /// The PDS dropped the blob the service stored (nothing named it for an hour): the service would
    /// answer the same bytes with the same blob, so they go to the PDS itself.
    @Test func aProcessedVideoThePDSDroppedGoesToItByUploadBlob() throws {
        var plan = Self.readyToUpload()
        Self.answer(
            &plan, 200,
            Self.json(["jobId": .string("job-1"), "state": .string("JOB_STATE_COMPLETED"), "blob": Self.blob]))
        #expect(Self.request(plan)?.path == "/xrpc/com.atproto.repo.createRecord")
        Self.answer(
            &plan, 400,
            Self.json(["error": .string("BlobNotFound"), "message": .string("Could not find blob: bafkreivideo")]))
        let again = try #require(Self.request(plan))
        #expect(again.path == "/xrpc/com.atproto.repo.uploadBlob" && again.host == "morel.us-east.host.bsky.network")
    }

    @Test func aJobIDFromOutsideIsChecked() {
        #expect(PostingPlan.isVideoJobID("b7c4f2e0-1a2b-4c3d-9e8f-0123456789ab"))
        #expect(!PostingPlan.isVideoJobID(""))
        #expect(!PostingPlan.isVideoJobID("a&did=x"))
        #expect(!PostingPlan.isVideoJobID(String(repeating: "a", count: 201)))
    }
}
