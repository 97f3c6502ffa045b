/// An image of a post as the person attached it: the file it was chosen from and its alt text
/// (the description screen readers speak; empty when the person posted without one); a video's
/// captions, which go to Bluesky only.
package struct PostImage: Hashable, Sendable {
    package let path: String
    package var alt: String
    package var captions: [VideoCaption]

    package init(path: String, alt: String, captions: [VideoCaption] = []) {
        self.path = path
        self.alt = alt
        self.captions = captions
    }
}

/// The bytes one network is sent for an image, kept beside the outbox: every upload of it, the
/// first and every resume, sends this file (a Bluesky record names its blob by the bytes' hash, so
/// the same bytes must go again).
package struct PreparedImage: Hashable, Sendable {
    /// Its path, in the outbox's media folder.
    package let file: String
    package let mimeType: String
    package let width: Int
    package let height: Int
    package let byteCount: Int
    /// Made from an animated GIF: Bluesky shows it as one (`presentation: gif`).
    package let fromGIF: Bool
    /// A video's captions as Bluesky is sent them, in the order attached (none for Mastodon).
    package var captions: [PreparedCaption] = []

    package init(file: String, mimeType: String, width: Int, height: Int, byteCount: Int, fromGIF: Bool = false) {
        self.file = file
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.fromGIF = fromGIF
    }
}

/// What a network holds of one image's bytes.
enum MediaUpload: Hashable, Sendable {
    /// Mastodon's media attachment; `ready`: known processed in this run (one from an earlier run
    /// is asked again: Mastodon deletes unattached media after a day).
    case mastodon(id: String, ready: Bool)
    /// Bluesky's blob ref, as uploadBlob or the video service's finished job gave it (the record
    /// carries it unchanged).
    case bluesky(blob: JSONValue)
    /// A job of Bluesky's video service (video.bsky.app) that has the video: asked after until it
    /// gives the blob it stored on the account's PDS.
    case blueskyJob(id: String)
    /// Sent to Bluesky's video service, no answer yet: sent again, the same bytes are the same job
    /// (`already_exists`), whatever the day's limits say by then (they count it already).
    case blueskyVideoSent
}

/// One image as one network's delivery has it so far.
struct DeliveryImage: Hashable, Sendable {
    var prepared: PreparedImage?
    var upload: MediaUpload?
    /// A smaller size than the network's own limit, after its server refused the bytes as too
    /// large (Bluesky's BlobTooLarge, from a PDS still on the older 1 MB).
    var byteLimit: Int?
    /// The blob of each of the prepared video's captions Bluesky holds, by caption (nil: not yet
    /// uploaded): kept, so that a resume never uploads one twice.
    var captionBlobs: [JSONValue?] = []

    /// Caption `caption`'s blob, once uploaded.
    func captionBlob(_ caption: Int) -> JSONValue? {
        captionBlobs.indices.contains(caption) ? captionBlobs[caption] : nil
    }
}

extension PostImage {
    /// Whether an attachment (a video or not) may join those attached (which of them are videos):
    /// a video goes alone (Mastodon: "Cannot attach a video to a post that already contains images";
    /// Bluesky's app.bsky.embed.video holds one video and nothing else).
    package static func mayJoin(video: Bool, attached: [Bool]) -> Bool {
        attached.isEmpty || (!video && !attached.contains(true))
    }

    /// What the file chooser offers: the images this app reads, videos, and GIFs (which go as a
    /// video when they move).
    package static let attachableTypes = ImageFit.readableTypes + ["video/*"]

    /// A list of images as a draft keeps them: `[{"path": …, "alt": …}]`, a video's captions as
    /// `"captions": [{"path": …, "lang": …}]`.
    package static func listJSON(_ images: [PostImage]) -> JSONValue {
        .array(
            images.map { image in
                var members: [JSONValue.Member] = [
                    .init("path", .string(image.path)), .init("alt", .string(image.alt)),
                ]
                if !image.captions.isEmpty {
                    let captions: [JSONValue] = image.captions.map {
                        .object([.init("path", .string($0.path)), .init("lang", .string($0.language))])
                    }
                    members.append(.init("captions", .array(captions)))
                }
                return .object(members)
            })
    }

    /// The images a draft or an outbox kept; nil for anything else (a file is input: a path the
    /// window would not have made, or an alt text past any server's limit, or a caption's language
    /// that is none, is never half trusted).
    package static func list(json: JSONValue) -> [PostImage]? {
        guard case .array(let entries) = json, StateValues.images.contains(entries.count) else { return nil }
        var images: [PostImage] = []
        for entry in entries {
            guard case .string(let path)? = entry["path"], StateValues.isChosenPath(path),
                case .string(let alt)? = entry["alt"], StateValues.isText(alt)
            else { return nil }
            var captions: [VideoCaption] = []
            if let listed = entry["captions"] {
                guard case .array(let kept) = listed, kept.count <= VideoCaption.mostPerVideo else { return nil }
                for caption in kept {
                    guard case .string(let file)? = caption["path"], StateValues.isChosenPath(file),
                        case .string(let language)? = caption["lang"], VideoCaption.isLanguage(language)
                    else { return nil }
                    captions.append(VideoCaption(path: file, language: language))
                }
            }
            images.append(PostImage(path: path, alt: alt, captions: captions))
        }
        return images
    }
}
