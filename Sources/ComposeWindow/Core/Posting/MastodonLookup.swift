/// Whether a Mastodon account already has a post whose request got no answer. Asked only after the
/// settle time (Outbox), so a request still being worked on has ended. What the server answers is
/// in docs/servers.md (Api::V1::Accounts::StatusesController, Api::V1::Statuses::SourcesController):
/// - the account's own statuses, newest first, reblogs excluded, paged back with `max_id` until one
///   was created before the first request left (by the server's clock, which its `Date` header
///   tells, less `clockAllowance`): an older post with the same text is never taken for this one,
///   and boosts or replies never push it out of reach;
/// - of those, each one that answers what the post answers, with its content warning and as many
///   images, has its source text (`GET /api/v1/statuses/:id/source`) compared with the post's;
/// - exactly one match made after the request left is the post, none means it is not there.
///   Anything else (two matches, one made just before the request left, one edited since, a
///   source the server will not give, no time to go by) cannot be decided here: the person is
///   asked, with the candidate's link. It never guesses either way.
package struct MastodonLookup: Hashable, Sendable {
    /// Mastodon's largest page of account statuses (DEFAULT_STATUSES_LIMIT × 2).
    static let pageSize = 40
    /// How far this machine's clock and the server's may differ beyond what the server's `Date`
    /// shows: a status created up to this long before the request left may still be the post,
    /// though only the person can tell it from an older one.
    static let clockAllowance: Int64 = 10 * 60
    /// The `Date` header's precision, and the time an answer takes to arrive.
    static let dateSlack: Int64 = 2
    /// Pages read at most before the person is asked: 1,000 statuses since the request left.
    static let mostPages = 25

    enum Step: Hashable, Sendable {
        case account
        /// A page of statuses older than `maxID` (nil: the newest); `read` pages already read.
        case statuses(accountID: String, maxID: String?, read: Int)
        /// The candidates whose source is still to be read, in order.
        case sources([Candidate])
    }

    struct Candidate: Hashable, Sendable {
        let id: String
        let link: String
        /// Edited since it was posted (`edited_at`): its source may no longer be the text sent.
        let edited: Bool
        /// Created before the request left (allowing for the `Date`'s slack): maybe an older post.
        var early = false
    }

    /// What one answer means.
    package enum Outcome: Equatable, Sendable {
        /// Ask the next request.
        case ask
        case found(link: String, id: String)
        case notFound
        /// It cannot be told: the person decides, shown this status (nil: none to show).
        case undecided(link: String?, id: String?)
        case failed(DeliveryFailure)
    }

    let host: String
    let expected: MastodonStatusMatch
    /// When the first request that may have made the post left (seconds since the epoch, this
    /// machine's clock); nil: not known, so no status can be told apart from an older one.
    let sentAt: Int64?
    private(set) var step = Step.account
    /// Statuses whose source matched, and those that could not be compared.
    private(set) var matched: [Candidate] = []
    private(set) var unsure: [Candidate] = []
    private var gathered: [Candidate] = []

    init(host: String, expected: MastodonStatusMatch, sentAt: Int64?) {
        self.host = host
        self.expected = expected
        self.sentAt = sentAt
    }

    /// How far the server's clock is ahead of this machine's, from its answers' `Date` (0 unknown).
    private var serverClockAhead: Int64 = 0
    /// When the request left, by the server's clock.
    private var sentOnServer: Int64? { sentAt.map { $0 + serverClockAhead } }
    /// The oldest creation time (seconds since the epoch) the post can have.
    var windowStart: Int64? { sentOnServer.map { $0 - Self.clockAllowance } }

    func request(token: String) -> APIRequest {
        var request: APIRequest
        switch step {
        case .account:
            request = APIRequest(.get, host: host, path: "/api/v1/accounts/verify_credentials")
        case .statuses(let accountID, let maxID, _):
            request = APIRequest(.get, host: host, path: "/api/v1/accounts/\(accountID)/statuses")
            request.query = [
                .init(name: "limit", value: String(Self.pageSize)), .init(name: "exclude_reblogs", value: "true"),
            ]
            if let maxID { request.query.append(.init(name: "max_id", value: maxID)) }
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
            step = .statuses(accountID: id, maxID: nil, read: 0)
            return .ask
        case .statuses(let accountID, _, let read):
            guard answer.succeeded else { return .failed(PostingPlan.failure(answer)) }
            guard let statuses = answer.json?.elements else { return .failed(.serverError(status: answer.status)) }
            if read == 0, let ahead = answer.serverClockAhead { serverClockAhead = ahead }
            var reachedTheStart = statuses.isEmpty
            for status in statuses where status["reblog"].map({ $0 == .null }) ?? true {
                guard let id = status["id"]?.string.flatMap(Self.safeID) else { continue }
                let created = status["created_at"]?.string.flatMap(MastodonStatusMatch.seconds(rfc3339:))
                if let created, let windowStart, created < windowStart {
                    reachedTheStart = true
                    continue
                }
                guard expected.mayBe(status) else { continue }
                guard let link = status["url"]?.string, StateValues.isOneLine(link) else {
                    unsure.append(Candidate(id: id, link: "", edited: false))
                    continue
                }
                let early =
                    created.map { created in sentOnServer.map { created < $0 - Self.dateSlack } ?? true } ?? true
                gathered.append(
                    Candidate(
                        id: id, link: link, edited: status["edited_at"].map { $0 != .null } ?? false, early: early))
            }
            let lastID = statuses.last?["id"]?.string.flatMap(Self.safeID)
            if !reachedTheStart, let lastID {
                guard read + 1 < Self.mostPages else { return decide(ranOut: true) }
                step = .statuses(accountID: accountID, maxID: lastID, read: read + 1)
                return .ask
            }
            return readSources()
        case .sources(let candidates):
            let candidate = candidates[0]
            if answer.succeeded, let source = answer.json?["text"]?.string {
                if Self.sameText(source, expected.text) {
                    // Made before the request left: an older post with these words, or this
                    // one under a clock the `Date` did not tell of. Only the person knows.
                    if candidate.early { unsure.append(candidate) } else { matched.append(candidate) }
                } else if candidate.edited {
                    unsure.append(candidate)  // edited since: it may have been this text
                }
            } else if answer.status == 404 {
                // Listed a moment ago, yet no source: deleted meanwhile, or a server from before
                // 3.5 without /source. Either way its text cannot be compared.
                unsure.append(candidate)
            } else {
                return .failed(PostingPlan.failure(answer))
            }
            step = .sources(Array(candidates.dropFirst()))
            return readSources()
        }
    }

    private mutating func readSources() -> Outcome {
        if case .sources(let left) = step, !left.isEmpty { return .ask }
        if !gathered.isEmpty {
            step = .sources(gathered)
            gathered = []
            return .ask
        }
        return decide(ranOut: false)
    }

    /// Exactly one match with nothing unsure is the post; none is not; the rest is the person's call.
    private func decide(ranOut: Bool) -> Outcome {
        let shown = (matched + unsure + gathered).first { !$0.link.isEmpty }
        let undecided = Outcome.undecided(link: shown?.link, id: shown?.id)
        if ranOut { return undecided }
        if matched.count == 1 && unsure.isEmpty { return .found(link: matched[0].link, id: matched[0].id) }
        if matched.isEmpty && unsure.isEmpty { return .notFound }
        return undecided
    }

    /// Mastodon keeps the text as sent; line ends and the whitespace around it are not held against
    /// a match (a proxy or an older server may normalise them).
    static func sameText(_ source: String, _ text: String) -> Bool {
        func normal(_ text: String) -> Substring {
            MastodonStatusMatch.stripped(String(text.map { $0 == "\r\n" ? "\n" : $0 }))
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
