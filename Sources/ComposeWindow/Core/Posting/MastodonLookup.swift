/// Whether a Mastodon account already has a post whose request got no answer: its own newest
/// statuses that answer what the post answers (`in_reply_to_id`: a thread's part before it, or
/// nothing), each one's source text (`GET /api/v1/statuses/:id/source`) compared with the post's.
/// Asked only after the settle time (Outbox), so a request still being worked on has ended.
package struct MastodonLookup: Hashable, Sendable {
    /// How many of the account's newest statuses are read: a person does not post more than this
    /// between a lost answer and the next Send.
    static let newestStatuses = 20

    enum Step: Hashable, Sendable {
        case account
        case statuses(accountID: String)
        /// The statuses still to read, newest first: their ids and links.
        case sources([Candidate])
    }

    struct Candidate: Hashable, Sendable {
        let id: String
        let link: String
    }

    /// What one answer means.
    package enum Outcome: Equatable, Sendable {
        /// Ask the next request.
        case ask
        case found(link: String, id: String)
        case notFound
        case failed(DeliveryFailure)
    }

    let host: String
    let text: String
    /// The status the post answers; nil: none.
    let inReplyTo: String?
    private(set) var step = Step.account

    init(host: String, text: String, inReplyTo: String? = nil) {
        self.host = host
        self.text = text
        self.inReplyTo = inReplyTo
    }

    func request(token: String) -> APIRequest {
        var request: APIRequest
        switch step {
        case .account:
            request = APIRequest(.get, host: host, path: "/api/v1/accounts/verify_credentials")
        case .statuses(let accountID):
            request = APIRequest(.get, host: host, path: "/api/v1/accounts/\(accountID)/statuses")
            request.query = [.init(name: "limit", value: String(Self.newestStatuses))]
        case .sources(let candidates):
            request = APIRequest(.get, host: host, path: "/api/v1/statuses/\(candidates[0].id)/source")
        }
        request.bearer = token
        return request
    }

    mutating func received(_ answer: APIAnswer) -> Outcome {
        switch step {
        case .account:
            guard answer.succeeded else { return .failed(PostingPlan.failure(answer)) }
            guard let id = answer.json?["id"]?.string.flatMap(Self.safeID) else {
                return .failed(.serverError(status: answer.status))
            }
            step = .statuses(accountID: id)
            return .ask
        case .statuses:
            guard answer.succeeded else { return .failed(PostingPlan.failure(answer)) }
            let candidates = (answer.json?.elements ?? []).prefix(Self.newestStatuses).compactMap {
                status -> Candidate? in
                guard let id = status["id"]?.string.flatMap(Self.safeID), let link = status["url"]?.string,
                    status["in_reply_to_id"]?.string == inReplyTo
                else { return nil }
                return Candidate(id: id, link: link)
            }
            guard !candidates.isEmpty else { return .notFound }
            step = .sources(candidates)
            return .ask
        case .sources(let candidates):
            // A status deleted meanwhile (404) is simply not this post.
            guard answer.succeeded || answer.status == 404 else { return .failed(PostingPlan.failure(answer)) }
            if answer.succeeded, let source = answer.json?["text"]?.string, Self.sameText(source, text) {
                return .found(link: candidates[0].link, id: candidates[0].id)
            }
            let rest = Array(candidates.dropFirst())
            guard !rest.isEmpty else { return .notFound }
            step = .sources(rest)
            return .ask
        }
    }

    /// Mastodon keeps the text as sent; line ends and the whitespace around it are not held against
    /// a match (a proxy or an older server may normalise them).
    static func sameText(_ source: String, _ text: String) -> Bool {
        func normal(_ text: String) -> Substring {
            let unified = String(text.map { $0 == "\r\n" ? "\n" : $0 })
            let start = unified.firstIndex { !$0.isWhitespace } ?? unified.endIndex
            let end = unified.lastIndex { !$0.isWhitespace }.map { unified.index(after: $0) } ?? start
            return unified[start..<end]
        }
        return normal(source) == normal(text)
    }

    /// An id from the server as a path segment: Mastodon's are digits, other servers' letters and
    /// digits; anything else is refused, never put into a path.
    static func safeID(_ id: String) -> String? {
        guard (1...64).contains(id.utf8.count),
            id.utf8.allSatisfy({
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            })
        else { return nil }
        return id
    }
}
