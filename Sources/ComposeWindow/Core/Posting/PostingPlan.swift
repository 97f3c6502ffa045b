/// One Send to the signed-in networks, as the app drives it: the outbox (what the file keeps), the
/// request each network needs next, and what each answer means for the post. Every protocol
/// decision is here, in plain values; the app sends the requests and keeps the file.
package struct PostingPlan: Equatable, Sendable {
    private(set) var outbox: Outbox

    /// What one network's credentials give a request: Mastodon's token, or Bluesky's session.
    package enum Credentials: Sendable {
        case mastodon(token: String)
        case bluesky(BlueskySession)
    }

    /// A transport failure: whether the request had left, and why it got no answer.
    package struct NoAnswer: Error, Equatable, Sendable {
        package let requestWasSent: Bool
        package let reason: DeliveryFailure.Reason

        package init(requestWasSent: Bool, reason: DeliveryFailure.Reason) {
            self.requestWasSent = requestWasSent
            self.reason = reason
        }
    }

    /// A new post to `accounts`, each with the key that makes its retries safe, chosen now:
    /// Mastodon's Idempotency-Key (random), Bluesky's record key (a TID of `microseconds`).
    package init(text: String, accounts: [PostingAccount], microsecondsSinceEpoch: UInt64) {
        var random = SystemRandomNumberGenerator()
        let clock = UInt16.random(in: 0..<1024, using: &random)
        let deliveries = accounts.map { account in
            let key =
                switch account.network {
                case .mastodon: Self.idempotencyKey(using: &random)
                case .bluesky: RecordKey.tid(microsecondsSinceEpoch: microsecondsSinceEpoch, clockIdentifier: clock)
                }
            return Outbox.Delivery(network: account.network, account: account.name, key: key, state: .waiting)
        }
        outbox = Outbox(text: text, deliveries: deliveries)
    }

    /// The plan an outbox file holds (after a crash, the state it was left in); nil for one this
    /// version cannot read.
    package init?(file: JSONValue) {
        guard let outbox = Outbox(json: file) else { return nil }
        self.outbox = outbox
    }

    package var file: JSONValue { outbox.json }
    package var text: String { outbox.text }
    package var accountNames: [String] { outbox.deliveries.map(\.account) }
    package var isConfirmedEverywhere: Bool { outbox.isConfirmedEverywhere }
    /// The links of the networks that have the post, in the order given.
    package var links: [String] { outbox.links }
    /// After a crash: whether a network may have the post without having said so.
    package var mayHaveBeenSentSomewhere: Bool { outbox.mayHaveBeenSentSomewhere }

    /// 128 random bits as 32 hex digits (Mastodon keeps any string up to its own limit).
    private static func idempotencyKey(using random: inout some RandomNumberGenerator) -> String {
        (0..<2).map { _ in
            let hex = String(UInt64.random(in: .min ... .max, using: &random), radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The handles the text mentions, to resolve before the Bluesky record is made.
    package var mentionedHandles: [String] { BlueskyPost.mentionedHandles(in: outbox.text) }

    /// com.atproto.identity.resolveHandle on the account's server.
    package static func resolveHandle(_ handle: String, session: BlueskySession) -> APIRequest {
        var request = APIRequest.xrpc(.get, host: session.account.host, "com.atproto.identity.resolveHandle")
        request.query = [.init(name: "handle", value: handle)]
        return request
    }

    /// The DID a resolveHandle answer gives; nil: the handle stays plain text.
    package static func resolvedDID(_ answer: APIAnswer) -> String? {
        guard answer.succeeded, let did = answer.json?["did"]?.string, did.hasPrefix("did:") else { return nil }
        return did
    }

    /// The deliveries Send (or Retry) makes a request for now, in the order given.
    package var pending: [Int] { outbox.deliveries.indices.filter { outbox.request(for: $0) != nil } }

    package func account(_ index: Int) -> String { outbox.deliveries[index].account }
    package func network(_ index: Int) -> PostingAccount.Network { outbox.deliveries[index].network }

    /// The request delivery `index` needs now. `createdAt` (RFC 3339) and `langs` go into a
    /// Bluesky record, `language` to Mastodon; `didsByHandle` are the mentions that resolved.
    package func request(
        for index: Int, credentials: Credentials, createdAt: String, language: String?, didsByHandle: [String: String]
    ) -> APIRequest? {
        guard let next = outbox.request(for: index) else { return nil }
        switch (next, credentials) {
        case (.postStatus(let key), .mastodon(let token)):
            let host = String(outbox.deliveries[index].account.split(separator: "@").last ?? "")
            var request = APIRequest(.post, host: host, path: "/api/v1/statuses")
            request.bearer = token
            request.headers = [.init(name: "Idempotency-Key", value: key)]
            // No visibility: the server then uses the account's own default (source.privacy).
            request.body = MastodonRules.statusBody(text: outbox.text, visibility: nil, language: language)
            return request
        case (.createRecord(let key), .bluesky(let session)):
            let post = BlueskyPost(typed: outbox.text, didsByHandle: didsByHandle)
            let langs = language.map { [Self.languageTag($0)] } ?? []
            var request = APIRequest.xrpc(.post, host: session.account.host, "com.atproto.repo.createRecord")
            request.bearer = session.accessToken
            request.body = BlueskyPost.createRecordBody(
                repo: session.account.identity, recordKey: key, record: post.record(createdAt: createdAt, langs: langs))
            return request
        case (.findRecord(let key), .bluesky(let session)):
            var request = APIRequest.xrpc(.get, host: session.account.host, "com.atproto.repo.getRecord")
            request.bearer = session.accessToken
            request.query = [
                .init(name: "repo", value: session.account.identity),
                .init(name: "collection", value: "app.bsky.feed.post"), .init(name: "rkey", value: key),
            ]
            return request
        default: return nil
        }
    }

    /// BCP 47 from a dictionary's name: "en_US" → "en-US".
    private static func languageTag(_ dictionary: String) -> String {
        String(dictionary.map { $0 == "_" ? "-" : $0 })
    }

    /// The keyring holds no usable sign-in for delivery `index`'s account.
    package mutating func notSignedIn(_ index: Int) { outbox.received(index, .failure(.signInAgain)) }

    /// Recorded (and written to the file) before the request leaves.
    package mutating func willSend(_ index: Int) { outbox.willSend(index) }

    /// What delivery `index`'s answer means: the post is there (its link), not there yet (a
    /// getRecord that found nothing: create it now), or a failure.
    package mutating func received(_ index: Int, _ result: Result<APIAnswer, NoAnswer>) {
        let delivery = outbox.deliveries[index]
        let asked = outbox.request(for: index)
        switch result {
        case .failure(let noAnswer):
            outbox.received(
                index, .failure(noAnswer.requestWasSent ? .outcomeUnknown(noAnswer.reason) : .notSent(noAnswer.reason)))
        case .success(let answer):
            if case .findRecord? = asked {
                if answer.succeeded, let uri = answer.json?["uri"]?.string {
                    outbox.recordLookedUp(index, foundAt: Self.blueskyLink(delivery, uri))
                } else if answer.status == 400, answer.json?["error"]?.string == "RecordNotFound" {
                    outbox.recordLookedUp(index, foundAt: nil)
                } else {
                    outbox.received(index, .failure(Self.failure(answer)))
                }
                return
            }
            guard answer.succeeded else { return outbox.received(index, .failure(Self.failure(answer))) }
            let link: String? =
                switch delivery.network {
                case .mastodon: answer.json?["url"]?.string
                case .bluesky: answer.json?["uri"]?.string.flatMap { Self.blueskyLink(delivery, $0) }
                }
            // A 2xx that names no post: the server took something; asking again is safe.
            outbox.received(index, link.map { .success($0) } ?? .failure(.serverError(status: answer.status)))
        }
    }

    private static func blueskyLink(_ delivery: Outbox.Delivery, _ uri: String) -> String? {
        BlueskyPost.link(handle: String(delivery.account.dropFirst()), recordURI: uri)
    }

    private static func failure(_ answer: APIAnswer) -> DeliveryFailure {
        if answer.status == 400,
            answer.json?["error"]?.string.map({ ["InvalidToken", "ExpiredToken"].contains($0) }) == true
        {
            return .signInAgain
        }
        return DeliveryFailure(
            status: answer.status, retryAfter: answer.retryAfter, serverMessage: answer.serverMessage)
            ?? .serverError(status: answer.status)
    }

    /// Delivery `index`'s failure, if its last request failed.
    package func failure(_ index: Int) -> DeliveryFailure? {
        if case .failed(let failure) = outbox.deliveries[index].state { failure } else { nil }
    }
}
