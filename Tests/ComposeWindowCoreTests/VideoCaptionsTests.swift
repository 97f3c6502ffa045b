import Foundation
import Testing

@testable import ComposeWindowCore

/// A video's WebVTT captions, Bluesky's only, without a network: each uploaded once by uploadBlob
/// (text/vtt) after the video's blob is known and before the record, kept in the outbox so that a
/// resume uploads only the missing ones; the record names them in order with their languages;
/// Mastodon is sent none; a caption that is not WebVTT, too big, or in no language is refused.
@Suite struct VideoCaptionsTests {
    typealias Plain = PostingPlanTests
    typealias Images = PostingPlanImagesTests
    static let now = PostingPlanTests.now
    static let captions = [
        VideoCaption(path: "/p/subs.en.vtt", language: "en"), VideoCaption(path: "/p/subs.pt.vtt", language: "pt-BR"),
    ]
    static let video = PostImage(path: "/p/clip.mov", alt: "A ball", captions: captions)

    static func blob(_ cid: String, _ type: String) -> JSONValue {
        Images.json([
            "$type": .string("blob"), "ref": Images.json(["$link": .string(cid)]), "mimeType": .string(type),
            "size": .integer(900),
        ])
    }

    static func prepared(_ index: Int, captions: Int) -> PreparedImage {
        var video = PreparedImage(
            file: "/s/media/k/\(index)-0.mp4", mimeType: "video/mp4", width: 640, height: 360, byteCount: 900_000)
        video.captions = (0..<captions).map {
            PreparedCaption(file: "/s/media/k/\(index)-0-caption-\($0).vtt", language: Self.captions[$0].language)
        }
        return video
    }

    static func request(_ plan: PostingPlan, _ index: Int) -> APIRequest? {
        PostingPlanTests().request(plan, index)
    }

    /// A video with both captions to Bluesky alone (delivery 0), prepared, the video service
    /// driven until the job gives its blob.
    static func videoAtBluesky() -> PostingPlan {
        var plan = PostingPlan(
            text: "A clip", images: [video], accounts: [Plain.bluesky], microsecondsSinceEpoch: 1_796_196_600_123_456)
        plan.startRun()
        plan.prepared(0, image: 0, prepared(0, captions: 2))
        Images.answer(&plan, 0, 200, Images.json(["token": .string("limits-token")]))
        Images.answer(&plan, 0, 200, Images.json(["canUpload": .bool(true)]))
        Images.answer(&plan, 0, 200, Images.json(["token": .string("upload-token")]))
        Images.answer(&plan, 0, 200, Images.json(["jobId": .string("job-1"), "state": .string("JOB_STATE_CREATED")]))
        return plan
    }

    static func bluesky(_ plan: PostingPlan) -> APIRequest? {
        plan.request(
            for: 0, credentials: .bluesky(Plain.session), now: now, createdAt: "2026-12-08T07:30:00Z",
            didsByHandle: [:])
    }

    static func jobDone(_ plan: inout PostingPlan) {
        Images.answer(
            &plan, 0, 200,
            Images.json([
                "jobStatus": Images.json([
                    "state": .string("JOB_STATE_COMPLETED"), "blob": blob("bafkreivideo", "video/mp4"),
                ])
            ]))
    }

    @Test func eachCaptionIsUploadedOnceAfterTheVideosBlobThenNamedByTheRecordInOrder() throws {
        var plan = Self.videoAtBluesky()
        let check = try #require(Self.bluesky(plan))
        #expect(check.path == "/xrpc/app.bsky.video.getJobStatus", "no caption before the video's blob is known")
        Self.jobDone(&plan)

        var uploaded: [String] = []
        for (number, cid) in ["bafkreien", "bafkreipt"].enumerated() {
            let upload = try #require(Self.bluesky(plan))
            #expect(upload.host == "morel.us-east.host.bsky.network" && upload.bearer == "access")
            #expect(upload.path == "/xrpc/com.atproto.repo.uploadBlob" && upload.method == .post)
            #expect(upload.file == .init(path: "/s/media/k/0-0-caption-\(number).vtt", mimeType: "text/vtt", form: nil))
            #expect(plan.imageProgress(0, now: Self.now) == "Uploading the video’s captions to Bluesky…")
            uploaded.append(upload.file?.path ?? "")
            Images.answer(&plan, 0, 200, Images.json(["blob": Self.blob(cid, "text/vtt")]))
            #expect(!plan.mayHaveBeenSentSomewhere, "an upload makes no post")
        }
        #expect(Set(uploaded).count == 2, "each once")

        let record = try #require(Self.bluesky(plan))
        #expect(record.path == "/xrpc/com.atproto.repo.createRecord")
        let embed = try #require(record.body?["record"]?["embed"])
        #expect(embed["$type"] == .string("app.bsky.embed.video"))
        #expect(embed["video"]?["ref"]?["$link"] == .string("bafkreivideo"))
        #expect(
            embed["captions"]
                == .array([
                    .object([.init("lang", .string("en")), .init("file", Self.blob("bafkreien", "text/vtt"))]),
                    .object([.init("lang", .string("pt-BR")), .init("file", Self.blob("bafkreipt", "text/vtt"))]),
                ]))
    }

    @Test func aResumeUploadsOnlyTheCaptionsStillMissing() throws {
        var plan = Self.videoAtBluesky()
        Self.jobDone(&plan)
        Images.answer(&plan, 0, 200, Images.json(["blob": Self.blob("bafkreien", "text/vtt")]))
        // The window is killed; the next start reads the outbox.
        var resumed = try #require(PostingPlan(file: plan.file))
        #expect(resumed.outbox == plan.outbox)
        resumed.startRun()
        let next = try #require(Self.bluesky(resumed))
        #expect(next.file?.path == "/s/media/k/0-0-caption-1.vtt", "the first caption's blob was kept")
        Images.answer(&resumed, 0, 200, Images.json(["blob": Self.blob("bafkreipt", "text/vtt")]))
        let record = try #require(Self.bluesky(resumed))
        #expect(record.body?["record"]?["embed"]?["captions"]?.elements?.count == 2)
    }

    @Test func aRefusedCaptionStopsThePostWithTheServersWordsAndIsNeverDropped() throws {
        var plan = Self.videoAtBluesky()
        Self.jobDone(&plan)
        Images.answer(
            &plan, 0, 400,
            Images.json(["error": .string("BlobTooLarge"), "message": .string("This file is too large: 30000 bytes")]))
        #expect(plan.failure(0) == .refused(status: 400, message: "This file is too large: 30000 bytes"))
        #expect(plan.step(now: Self.now) == .finished(waitUntil: nil), "no record without the caption")

        plan.startRun()  // Retry: the same caption, never the record without it
        #expect(Self.bluesky(plan)?.file?.path == "/s/media/k/0-0-caption-0.vtt")
        Images.answer(&plan, 0, 413, nil)
        #expect(plan.failure(0) == .refused(status: 413, message: "Bluesky did not take caption 1 of the video"))
        plan.startRun()
        Images.answer(&plan, 0, 200, Images.json(["blob": .string("not a blob")]))
        #expect(plan.failure(0) == .refused(status: 200, message: "Bluesky did not take caption 1 of the video"))
        #expect(Self.bluesky(plan)?.path == "/xrpc/com.atproto.repo.uploadBlob")
    }

    @Test func mastodonsDeliveryIsSentNoCaption() throws {
        var plan = PostingPlan(
            text: "A clip", images: [Self.video], accounts: [Plain.mastodon, Plain.bluesky],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        #expect(plan.captionsToPrepare(0, image: 0) == (Self.captions, false), "checked, never copied, for Mastodon")
        #expect(plan.captionsToPrepare(1, image: 0) == (Self.captions, true))
        plan.startRun()
        plan.prepared(0, image: 0, Self.prepared(0, captions: 0))
        let media = try #require(Self.request(plan, 0))
        #expect(media.path == "/api/v2/media")
        Images.answer(&plan, 0, 200, Images.json(["id": .string("m1"), "url": .string("https://m.s/1.mp4")]))
        let status = try #require(Self.request(plan, 0))
        #expect(status.path == "/api/v1/statuses" && status.body?["media_ids"] == .array([.string("m1")]))

        plan.prepared(1, image: 0, Self.prepared(1, captions: 2))
        #expect(plan.captionsToPrepare(0, image: 0) == ([], false), "Bluesky has its copies: Mastodon checks none")

        let mastodonOnly = PostingPlan(
            text: "A clip", images: [Self.video], accounts: [Plain.mastodon], microsecondsSinceEpoch: 1)
        #expect(mastodonOnly.captionsToPrepare(0, image: 0) == ([], false), "Mastodon shows none: nothing to check")
    }

    @Test func onlyTheCaptionsChangedKeepsMastodonsVideoAndPreparesBlueskysAgain() throws {
        var plan = PostingPlan(
            text: "A clip", images: [Self.video], accounts: [Plain.mastodon, Plain.bluesky],
            microsecondsSinceEpoch: 1_796_196_600_123_456)
        plan.startRun()
        plan.prepared(0, image: 0, Self.prepared(0, captions: 0))
        plan.prepared(1, image: 0, Self.prepared(1, captions: 2))
        var fewer = Self.video
        fewer.captions.removeLast()
        let edited = try #require(plan.replacingContent(text: "A clip", images: [fewer], options: PostOptions()))
        #expect(edited.outbox.deliveries[0].images[0].prepared != nil, "Mastodon is sent no caption")
        #expect(edited.outbox.deliveries[1].images[0].prepared == nil, "Bluesky's copies are made again")
    }

    @Test func aCaptionCopyOutsideThePostsMediaFolderIsNeverUploaded() throws {
        var plan = Self.videoAtBluesky()
        var stray = Self.prepared(0, captions: 1)
        stray.captions = [PreparedCaption(file: "/home/alice/.ssh/id_ed25519", language: "en")]
        plan.prepared(0, image: 0, stray)
        let forgot = plan.forgetPreparedImages(outside: "/s/media/k")
        #expect(forgot)
        #expect(plan.outbox.deliveries[0].images[0].prepared == nil)
        plan.prepared(0, image: 0, Self.prepared(0, captions: 2))
        let forgotAgain = plan.forgetPreparedImages(outside: "/s/media/k")
        #expect(!forgotAgain)
    }

    @Test func aCaptionIsWebVTTOfAtMost20000BytesInUTF8() {
        let ok = ["WEBVTT", "WEBVTT\n\n00:00.000 --> 00:01.000\nHi", "\u{FEFF}WEBVTT - Kind: captions\r\n", "WEBVTT\t"]
        for text in ok { #expect(VideoCaption.problem(in: Array(text.utf8)) == nil, "\(text)") }
        #expect(VideoCaption.problem(in: Array("1\n00:00:00,000 --> 00:00:01,000\nHi".utf8)) != nil, "SubRip")
        #expect(VideoCaption.problem(in: Array("WEBVTTX".utf8)) != nil)
        #expect(VideoCaption.problem(in: Array(" WEBVTT".utf8)) != nil)
        #expect(VideoCaption.problem(in: Array("WEBVTT\n".utf8) + [0xFF, 0xFE]) == "not UTF-8 text")
        let big = Array("WEBVTT\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 20_000 - 7)
        #expect(VideoCaption.problem(in: big) == nil, "20,000 bytes: the lexicon's maxSize")
        #expect(VideoCaption.problem(in: big + [0x61])?.contains("20000") == true)
    }

    @Test func aCaptionsLanguageIsALanguageTag() {
        for tag in ["en", "pt-BR", "zh-Hant-TW", "yue", "sr-Latn", "de-CH-1996"] {
            #expect(VideoCaption.isLanguage(tag), "\(tag)")
        }
        for tag in [
            "", "e", "english", "en_US", "1a", "en--US", "en-", "-en", "ün", "en-abcdefghi",
            "en-" + String(repeating: "a-", count: 17),
        ] {
            #expect(!VideoCaption.isLanguage(tag), "\(tag)")
        }
        #expect(VideoCaption.split(option: "en:/a/b:c.vtt")! == ("en", "/a/b:c.vtt"))
        #expect(VideoCaption.split(option: "en") == nil && VideoCaption.split(option: "en:") == nil)
    }

    @Test func captionOptionsAreLanguageColonFileForAVideoToBluesky() throws {
        func options(_ captions: [String], to: String = "bluesky", attach: [String] = ["clip.mp4"])
            throws(ComposeOptions.UsageError) -> ComposeOptions
        {
            try ComposeOptions(
                values: [.to: to], lists: [.attach: attach, .caption: captions], flags: [],
                standardInputIsTerminal: true)
        }
        let given = try options(["en:subs.vtt", "pt-BR:/a/b:c.vtt"])
        #expect(given.captions.map(\.language) == ["en", "pt-BR"])
        #expect(given.captions[0].path.hasPrefix("/") && given.captions[0].path.hasSuffix("/subs.vtt"))
        #expect(given.captions[1].path == "/a/b:c.vtt")
        #expect(try options(["en:a.vtt"], to: "mastodon,bluesky").captions.count == 1)
        let refusals: [([String], String, [String], String)] = [
            (["subs.vtt"], "bluesky", ["clip.mp4"], "give LANG:FILE"),
            (["english:subs.vtt"], "bluesky", ["clip.mp4"], "“english” is not a language tag"),
            (["en:"], "bluesky", ["clip.mp4"], "give LANG:FILE"),
            (["en:subs.vtt"], "bluesky", [], "no video is attached"),
            (["en:subs.vtt"], "mastodon", ["clip.mp4"], "Bluesky shows captions, Mastodon does not"),
            (Array(repeating: "en:subs.vtt", count: 21), "bluesky", ["clip.mp4"], "at most 20 captions"),
        ]
        for (captions, to, attach, words) in refusals {
            #expect {
                _ = try options(captions, to: to, attach: attach)
            } throws: { error in
                (error as? ComposeOptions.UsageError)?.description.hasPrefix("--caption: ") == true
                    && String(describing: error).contains(words)
            }
        }
        #expect(ComposeOption.caption.isRepeatable && ComposeOption.caption.takesValue)
    }

    @Test func aCaptionFileIsCheckedThenCopiedDurablyAsItWas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("subs.vtt")
        try Data("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n".utf8).write(to: good)
        let copy = folder.appendingPathComponent("media/0-0-caption-0.vtt").path
        let made = try VideoCaption.copy(VideoCaption(path: good.path, language: "en"), to: copy).get()
        #expect(made == PreparedCaption(file: copy, language: "en"))
        #expect(FileManager.default.contents(atPath: copy) == (try Data(contentsOf: good)))
        #expect(VideoCaption.problem(ofFile: good.path) == nil)

        let srt = folder.appendingPathComponent("subs.srt")
        try Data("1\n00:00:00,000 --> 00:00:01,000\nHi\n".utf8).write(to: srt)
        #expect(VideoCaption.problem(ofFile: srt.path) == "not a WebVTT file (it must begin with WEBVTT)")
        let huge = folder.appendingPathComponent("huge.vtt")
        try Data(("WEBVTT\n" + String(repeating: "a", count: 30_000)).utf8).write(to: huge)
        #expect(VideoCaption.problem(ofFile: huge.path)?.contains("20000") == true)
        #expect(VideoCaption.problem(ofFile: folder.appendingPathComponent("none.vtt").path) == "no such file")
        #expect(VideoCaption.problem(ofFile: folder.path) == "not a regular file")
        let refused = VideoCaption.copy(VideoCaption(path: srt.path, language: "en"), to: folder.path + "/x.vtt")
        #expect((try? refused.get()) == nil && !FileManager.default.fileExists(atPath: folder.path + "/x.vtt"))
    }

    @Test func captionsRoundTripThroughTheDraftAndTheOutbox() throws {
        let listed = PostImage.listJSON([Self.video])
        #expect(PostImage.list(json: listed) == [Self.video])
        #expect(PostImage.listJSON([PostImage(path: "/p/a.jpg", alt: "A")]).elements?.first?["captions"] == nil)
        func with(_ captions: JSONValue) -> JSONValue {
            .array([
                .object([.init("path", .string("/p/clip.mp4")), .init("alt", .string("")), .init("captions", captions)])
            ])
        }
        func caption(_ path: String, _ lang: String) -> JSONValue {
            .object([.init("path", .string(path)), .init("lang", .string(lang))])
        }
        #expect(PostImage.list(json: with(.array([caption("/p/a.vtt", "en")])))?.first?.captions.count == 1)
        #expect(PostImage.list(json: with(.array([caption("a.vtt", "en")]))) == nil, "a relative path")
        #expect(PostImage.list(json: with(.array([caption("/p/../a.vtt", "en")]))) == nil)
        #expect(PostImage.list(json: with(.array([caption("/p/a.vtt", "english")]))) == nil)
        #expect(PostImage.list(json: with(.array(Array(repeating: caption("/p/a.vtt", "en"), count: 21)))) == nil)
        #expect(PostImage.list(json: with(.string("/p/a.vtt"))) == nil)

        var plan = Self.videoAtBluesky()
        Self.jobDone(&plan)
        Images.answer(&plan, 0, 200, Images.json(["blob": Self.blob("bafkreien", "text/vtt")]))
        let file = plan.file
        let read = try #require(PostingPlan(file: file))
        #expect(read.outbox.images == [Self.video])
        #expect(read.outbox.deliveries[0].images[0].prepared?.captions == Self.prepared(0, captions: 2).captions)
        #expect(read.outbox.deliveries[0].images[0].captionBlobs == [Self.blob("bafkreien", "text/vtt"), nil])
        #expect(read.file == file)
        #expect(file["version"] == .integer(Outbox.fileVersion) && Outbox.fileVersion >= 11, "11 added captions")

        // A blob of a caption without the video's own, or more blobs than captions: set aside.
        func replacingImage(_ change: ([JSONValue.Member]) -> [JSONValue.Member]) -> JSONValue {
            guard case .object(let members) = file, case .array(let deliveries)? = file["deliveries"],
                case .object(let delivery) = deliveries[0], case .array(let images)? = deliveries[0]["images"],
                case .object(let image) = images[0]
            else { return .null }
            let changedDelivery = delivery.map {
                $0.name == "images" ? .init("images", .array([.object(change(image))])) : $0
            }
            return .object(
                members.map { $0.name == "deliveries" ? .init("deliveries", .array([.object(changedDelivery)])) : $0 })
        }
        let noneUploaded = replacingImage {
            $0.map { $0.name == "captionBlobs" ? .init("captionBlobs", .array([.null, .null])) : $0 }
        }
        let readNone = try #require(PostingPlan(file: noneUploaded))
        #expect(PostingPlan(file: readNone.file) == readNone, "none uploaded writes back as read")
        #expect(PostingPlan(file: replacingImage { $0 }) != nil)
        #expect(PostingPlan(file: replacingImage { $0.filter { $0.name != "blob" } }) == nil)
        #expect(
            PostingPlan(
                file: replacingImage {
                    $0.map {
                        $0.name == "captionBlobs"
                            ? .init("captionBlobs", .array(Array(repeating: .null, count: 3))) : $0
                    }
                }) == nil)
    }
}
