/// The outbox as its file holds it (the app reads and writes the JSON with json-glib, and the file
/// as carefully as a draft). Versioned; an entry this version cannot read is nil, never a guess.
/// Version 2 adds what is known (`mayHave`) and when requests left; a version 1 file is read with
/// "may have it" where its state said so. Version 3 adds the images, and for each network the
/// bytes prepared for each and what it holds of them; a file of an earlier version has none.
/// Version 4 adds the post's options (PostOptions), kept only when one is set. Version 5 adds
/// threads: a delivery's part, its text when it is one part of a thread, and what the network calls
/// the post once it holds it (the next part answers it); and the post a reply answers. Version 6
/// adds the Mastodon server a reply's post was found through (its id is only that server's): an
/// older version, which would answer it from any server, leaves the file alone. Version 7 adds the
/// hold (Undo Send's countdown, a scheduled time): an older version would post it at once. Version
/// 8 adds Mastodon's schedule (Outbox+ServerSchedule): an older version would post it a second time.
/// Version 9 adds a Bluesky link card (its options' `linkCard`, a delivery's `cardPictureUnusable`):
/// an older version would post it without the card. Version 10 adds who may reply and quote (the
/// options' `replyGate`) and the post it quotes: an older version would post it open to everyone,
/// or without the quote. Version 11 adds a video's captions (an image's `captions`, a prepared
/// video's and the blobs Bluesky holds of them): an older version would post the video without.
extension Outbox {
    static let fileVersion = 11

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("version", .integer(Self.fileVersion)), .init("text", .string(text)),
            .init("deliveries", .array(deliveries.map(\.json))),
        ]
        if !images.isEmpty { members.append(.init("images", PostImage.listJSON(images))) }
        if let options = options.json { members.append(.init("options", options)) }
        if let replyTo { members.append(.init("replyTo", replyTo.json)) }
        if let hold {
            members.append(
                .init(
                    "hold",
                    .object([.init("until", .integer(Int(hold.until))), .init("kind", .string(hold.kind.rawValue))])))
        }
        if let askedThePersonAt { members.append(.init("askedAt", .integer(Int(askedThePersonAt)))) }
        return .object(members)
    }

    init?(json: JSONValue) {
        guard case .integer(let version)? = json["version"], (1...Self.fileVersion).contains(version),
            case .string(let text)? = json["text"],
            case .array(let items)? = json["deliveries"], !items.isEmpty
        else { return nil }
        var images: [PostImage] = []
        if let listed = json["images"] {
            guard let read = PostImage.list(json: listed) else { return nil }
            images = read
        }
        var options = PostOptions()
        if let kept = json["options"] {
            guard let read = PostOptions(json: kept) else { return nil }
            options = read
        }
        var replyTo: ReplyTo?
        if let kept = json["replyTo"] {
            guard let read = ReplyTo(json: kept) else { return nil }
            replyTo = read
        }
        var deliveries: [Delivery] = []
        for item in items {
            guard let delivery = Delivery(json: item), delivery.images.count <= max(images.count, 1) else { return nil }
            deliveries.append(delivery)
        }
        // A reply goes to its post's network only: never a post elsewhere in its place.
        if let replyTo {
            let network: Network = if case .bluesky = replyTo.ref { .bluesky } else { .mastodon }
            guard deliveries.allSatisfy({ $0.network == network }) else { return nil }
        }
        // Each network's thread is its parts 0, 1, 2…, each once.
        for network in Set(deliveries.map(\.network)) {
            let parts = deliveries.filter { $0.network == network }.map(\.part).sorted()
            guard parts == Array(parts.indices) else { return nil }
        }
        self.init(text: text, images: images, options: options, replyTo: replyTo, deliveries: deliveries)
        if let kept = json["hold"] {
            guard case .some(let until?) = StateValues.time(kept["until"]),
                case .string(let kindName)? = kept["kind"], let kind = Hold.Kind(rawValue: kindName)
            else { return nil }
            hold = Hold(until: until, kind: kind)
        }
        guard case .some(let asked) = StateValues.time(json["askedAt"]) else { return nil }
        askedThePersonAt = asked
    }
}

extension Outbox.PostRef {
    var json: JSONValue {
        switch self {
        case .mastodon(let id): .object([.init("postID", .string(id))])
        case .bluesky(let record): .object([.init("record", record.json)])
        }
    }

    init?(json: JSONValue) {
        switch (json["postID"], json["record"]) {
        case (.string(let id)?, nil):
            guard MastodonLookup.safeID(id) != nil else { return nil }  // it goes into a request
            self = .mastodon(id: id)
        case (nil, let record?):
            guard case .string(let uri)? = record["uri"], case .string(let cid)? = record["cid"],
                StateValues.isOneLine(uri), StateValues.isOneLine(cid)
            else { return nil }
            self = .bluesky(BlueskyPost.StrongRef(uri: uri, cid: cid))
        default: return nil
        }
    }
}

extension Outbox.ReplyTo {
    fileprivate var json: JSONValue {
        var members: [JSONValue.Member] = [.init("parent", ref.json)]
        if let root { members.append(.init("root", root.json)) }
        if let author, let firstLine {
            members += [.init("author", .string(author)), .init("firstLine", .string(firstLine))]
        }
        if let server { members.append(.init("server", .string(server))) }
        return .object(members)
    }

    fileprivate init?(json: JSONValue) {
        guard let parent = json["parent"].flatMap(Outbox.PostRef.init(json:)) else { return nil }
        var root: Outbox.PostRef?
        if let kept = json["root"] {
            guard let read = Outbox.PostRef(json: kept) else { return nil }
            root = read
        }
        self.init(ref: parent, root: root)
        if let kept = json["server"] {
            // The host a reply's requests would go to: a host name, or the entry is set aside.
            guard case .string(let host) = kept, case .mastodon = parent, (try? ServerName.validate(host)) == host
            else { return nil }
            server = host
        }
        // Shown as plain text on one line; a file edited by hand is never trusted further.
        if let author = json["author"]?.string, let firstLine = json["firstLine"]?.string {
            self.author = String(author.prefix(300)).onOneLine
            self.firstLine = String(firstLine.prefix(ReplyParent.firstLineLength)).onOneLine
        }
    }
}

extension Outbox.Delivery {
    fileprivate var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("network", .string(network.rawValue)), .init("account", .string(account)), .init("key", .string(key)),
        ]
        switch state {
        case .waiting: members.append(.init("state", .string("waiting")))
        case .sending: members.append(.init("state", .string("sending")))
        case .confirmed(let link): members += [.init("state", .string("confirmed")), .init("link", .string(link))]
        case .failed(let failure): members += [.init("state", .string("failed")), .init("failure", failure.json)]
        }
        members.append(.init("mayHave", .bool(mayHavePost)))
        if detached { members.append(.init("detached", .bool(true))) }
        if cardPictureUnusable { members.append(.init("cardPictureUnusable", .bool(true))) }
        for (name, time) in [("firstSentAt", firstSentAt), ("settleFrom", settleFrom), ("notBefore", notBefore)] {
            if let time { members.append(.init(name, .integer(Int(time)))) }
        }
        if !images.isEmpty { members.append(.init("images", .array(images.map(\.json)))) }
        if part > 0 { members.append(.init("part", .integer(part))) }
        if let partText { members.append(.init("partText", .string(partText))) }
        if case .object(let named)? = postedAs?.json { members += named }
        members += serverScheduleMembers
        return .object(members)
    }

    fileprivate init?(json: JSONValue) {
        guard case .string(let networkName)? = json["network"], let network = Outbox.Network(rawValue: networkName),
            case .string(let account)? = json["account"], case .string(let key)? = json["key"],
            case .string(let stateName)? = json["state"], StateValues.isKey(key), StateValues.isOneLine(account)
        else { return nil }
        let state: Outbox.State
        switch (stateName, json["link"], json["failure"].flatMap(DeliveryFailure.init(json:))) {
        case ("waiting", _, _): state = .waiting
        case ("sending", _, _): state = .sending
        // A link goes to standard output: one line, or the entry is not read.
        case ("confirmed", .string(let link)?, _) where StateValues.isOneLine(link): state = .confirmed(link: link)
        case ("failed", _, let failure?): state = .failed(failure)
        default: return nil
        }
        var part = 0
        if let given = json["part"] {
            guard case .integer(let number) = given, StateValues.parts.contains(number) else { return nil }
            part = number
        }
        var partText: String?
        if let given = json["partText"] {
            guard case .string(let text) = given else { return nil }
            partText = text
        }
        self.init(network: network, account: account, key: key, state: state, part: part, partText: partText)
        if json["postID"] != nil || json["record"] != nil {
            guard let named = Outbox.PostRef(json: json) else { return nil }
            postedAs = named
        }
        if let given = json["detached"] {
            guard case .bool(let value) = given else { return nil }
            detached = value
        }
        if let given = json["cardPictureUnusable"] {
            guard case .bool(let value) = given else { return nil }
            cardPictureUnusable = value
        }
        if case .bool(let mayHave)? = json["mayHave"] {
            mayHavePost = mayHave
        } else if case .failed(let failure) = state {
            mayHavePost = failure.mayHaveBeenPosted  // version 1 kept it in the failure alone
        }
        guard let firstSentAt = StateValues.time(json["firstSentAt"]),
            let settleFrom = StateValues.time(json["settleFrom"]), let notBefore = StateValues.time(json["notBefore"])
        else { return nil }
        (self.firstSentAt, self.settleFrom, self.notBefore) = (firstSentAt, settleFrom, notBefore)
        guard readServerSchedule(json) else { return nil }
        if let listed = json["images"] {
            guard case .array(let entries) = listed else { return nil }
            for entry in entries {
                guard let image = DeliveryImage(json: entry) else { return nil }
                images.append(image)
            }
        }
    }
}

extension DeliveryImage {
    fileprivate var json: JSONValue {
        var members: [JSONValue.Member] = []
        if let prepared {
            members.append(
                .init(
                    "prepared",
                    .object(
                        [
                            .init("file", .string(prepared.file)), .init("type", .string(prepared.mimeType)),
                            .init("width", .integer(prepared.width)), .init("height", .integer(prepared.height)),
                            .init("bytes", .integer(prepared.byteCount)),
                        ] + (prepared.fromGIF ? [.init("gif", .bool(true))] : []) + prepared.captionsJSON)))
        }
        switch upload {
        case .mastodon(let id, let ready)?:
            members.append(.init("mediaID", .string(id)))
            members.append(.init("ready", .bool(ready)))
        case .bluesky(let blob)?: members.append(.init("blob", blob))
        case .blueskyJob(let id)?: members.append(.init("videoJob", .string(id)))
        case .blueskyVideoSent?: members.append(.init("videoSent", .bool(true)))
        case nil: break
        }
        if let byteLimit { members.append(.init("byteLimit", .integer(byteLimit))) }
        if captionBlobs.contains(where: { $0 != nil }) {
            members.append(.init("captionBlobs", .array(captionBlobs.map { $0 ?? .null })))
        }
        return .object(members)
    }

    fileprivate init?(json: JSONValue) {
        guard case .object = json else { return nil }
        if let prepared = json["prepared"] {
            guard case .string(let file)? = prepared["file"], case .string(let type)? = prepared["type"],
                case .integer(let width)? = prepared["width"], case .integer(let height)? = prepared["height"],
                case .integer(let bytes)? = prepared["bytes"], StateValues.isPlainPath(file),
                StateValues.isOneLine(type, most: 64), StateValues.sides.contains(width),
                StateValues.sides.contains(height), StateValues.byteCounts.contains(bytes)
            else { return nil }
            self.prepared = PreparedImage(
                file: file, mimeType: type, width: width, height: height, byteCount: bytes,
                fromGIF: prepared["gif"] == .bool(true))
            if let listed = prepared["captions"] {
                guard type.hasPrefix("video/"), let captions = PreparedImage.captions(json: listed) else { return nil }
                self.prepared?.captions = captions
            }
        }
        switch (json["mediaID"], json["blob"], json["videoJob"]) {
        case (.string(let id)?, nil, nil):
            guard MastodonLookup.safeID(id) != nil else { return nil }  // it goes into a path
            upload = .mastodon(id: id, ready: json["ready"] == .bool(true))
        case (nil, let blob?, nil):
            guard case .object = blob else { return nil }
            upload = .bluesky(blob: blob)
        case (nil, nil, .string(let id)?):
            guard PostingPlan.isVideoJobID(id) else { return nil }  // it goes into a query
            upload = .blueskyJob(id: id)
        case (nil, nil, nil) where json["videoSent"] == .bool(true): upload = .blueskyVideoSent
        case (nil, nil, nil): upload = nil
        default: return nil
        }
        if let given = json["byteLimit"] {
            guard case .integer(let limit) = given, StateValues.byteCounts.contains(limit) else { return nil }
            byteLimit = limit
        }
        if let given = json["captionBlobs"] {
            // Only beside the video's own blob, one at most for each of its prepared captions.
            guard case .array(let blobs) = given, case .bluesky? = upload,
                blobs.count <= self.prepared?.captions.count ?? 0
            else { return nil }
            for blob in blobs {
                switch blob {
                case .null: captionBlobs.append(nil)
                case .object: captionBlobs.append(blob)
                default: return nil
                }
            }
            // None uploaded is as none written (the file leaves the member out then).
            if captionBlobs.allSatisfy({ $0 == nil }) { captionBlobs = [] }
        }
    }
}

extension PreparedImage {
    /// A prepared video's captions: `[{"file": …, "lang": …}]`, none when it has none.
    fileprivate var captionsJSON: [JSONValue.Member] {
        guard !captions.isEmpty else { return [] }
        let listed: [JSONValue] = captions.map {
            .object([.init("file", .string($0.file)), .init("lang", .string($0.language))])
        }
        return [.init("captions", .array(listed))]
    }

    /// The captions a prepared video kept; nil for anything else (each a file of the post's media
    /// folder, checked as the image's own file is, and a language).
    fileprivate static func captions(json: JSONValue) -> [PreparedCaption]? {
        guard case .array(let entries) = json, entries.count <= VideoCaption.mostPerVideo else { return nil }
        var captions: [PreparedCaption] = []
        for entry in entries {
            guard case .string(let file)? = entry["file"], StateValues.isPlainPath(file),
                case .string(let language)? = entry["lang"], VideoCaption.isLanguage(language)
            else { return nil }
            captions.append(PreparedCaption(file: file, language: language))
        }
        return captions
    }
}

extension DeliveryFailure {
    fileprivate var json: JSONValue {
        switch self {
        case .notSent(let reason):
            .object([.init("kind", .string("notSent")), .init("reason", .string(reason.rawValue))])
        case .outcomeUnknown(let reason):
            .object([.init("kind", .string("outcomeUnknown")), .init("reason", .string(reason.rawValue))])
        case .serverError(let status):
            .object([.init("kind", .string("serverError")), .init("status", .integer(status))])
        case .rateLimited(let seconds):
            .object(
                [.init("kind", .string("rateLimited"))] + (seconds.map { [.init("retryAfter", .integer($0))] } ?? []))
        case .signInAgain: .object([.init("kind", .string("signInAgain"))])
        case .scopesMissing: .object([.init("kind", .string("scopesMissing"))])
        case .parentGone: .object([.init("kind", .string("parentGone"))])
        case .cannotTell(let link, let id):
            .object(
                [.init("kind", .string("cannotTell"))]
                    + (link.map { [.init("link", .string($0))] } ?? []) + (id.map { [.init("id", .string($0))] } ?? []))
        case .stillProcessing: .object([.init("kind", .string("stillProcessing"))])
        case .imageUnusable(let path, let reason):
            .object([
                .init("kind", .string("imageUnusable")), .init("path", .string(path)), .init("reason", .string(reason)),
            ])
        case .refused(let status, let message):
            .object([
                .init("kind", .string("refused")), .init("status", .integer(status)),
                .init("message", .string(message)),
            ])
        }
    }

    fileprivate init?(json: JSONValue) {
        let reason: Reason? = if case .string(let name)? = json["reason"] { Reason(rawValue: name) } else { nil }
        let status: Int? = if case .integer(let status)? = json["status"] { status } else { nil }
        switch json["kind"] {
        case .string("notSent")?:
            guard let reason else { return nil }
            self = .notSent(reason)
        case .string("outcomeUnknown")?:
            guard let reason else { return nil }
            self = .outcomeUnknown(reason)
        case .string("serverError")?:
            guard let status else { return nil }
            self = .serverError(status: status)
        case .string("rateLimited")?:
            if case .integer(let seconds)? = json["retryAfter"] {
                guard (0...Int(DeliveryFailure.longestRetryAfterSeconds)).contains(seconds) else { return nil }
                self = .rateLimited(retryAfterSeconds: seconds)
            } else {
                self = .rateLimited(retryAfterSeconds: nil)
            }
        case .string("signInAgain")?: self = .signInAgain
        case .string("scopesMissing")?: self = .scopesMissing
        case .string("parentGone")?: self = .parentGone
        case .string("cannotTell")?:
            // Both or neither; a link on one line, an id as a path segment may be.
            switch (json["link"], json["id"]) {
            case (nil, nil): self = .cannotTell(link: nil, id: nil)
            case (.string(let link)?, .string(let id)?)
            where link.utf8.count <= 2_048 && link.onOneLine == link && MastodonLookup.safeID(id) != nil:
                self = .cannotTell(link: link, id: id)
            default: return nil
            }
        case .string("stillProcessing")?: self = .stillProcessing
        case .string("imageUnusable")?:
            guard case .string(let path)? = json["path"], case .string(let reason)? = json["reason"] else { return nil }
            self = .imageUnusable(path: path, reason: reason)
        case .string("refused")?:
            guard let status, case .string(let message)? = json["message"] else { return nil }
            self = .refused(status: status, message: message)
        default: return nil
        }
    }
}
