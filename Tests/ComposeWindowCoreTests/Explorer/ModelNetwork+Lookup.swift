import Glibc

@testable import ComposeWindowCore

/// How the model answers what a look-up asks, by the rules docs/servers.md read from the servers'
/// code (ServersTableTests holds `rules` to that table): each Mastodon request's scopes, the
/// account's statuses newest first in pages of at most 40 with `max_id` and `exclude_reblogs`,
/// each with its creation time, and a status's source for statuses the account can see.
extension ModelNetwork {
    struct Rule: Hashable {
        /// Any of these lets a token through; others get 403.
        let scopes: [String]
        /// `limit`: its default and the most a page holds.
        var limit: (default: Int, max: Int)? = nil

        static func == (left: Rule, right: Rule) -> Bool {
            left.scopes == right.scopes && left.limit?.default == right.limit?.default
                && left.limit?.max == right.limit?.max
        }
        func hash(into hasher: inout Hasher) { hasher.combine(scopes) }
    }

    /// What a repeat of a request answers, where it matters to the promise.
    enum Repeat: String, Hashable {
        /// Mastodon's stored Idempotency-Key: the status made the first time (≤ 4.5, ≥ #40439).
        case firstStatus
        /// Mastodon 4.6.0 to 4.7.x: the duplicate found, then a 500 (mastodon#40399).
        case serverError
        /// Bluesky's record key taken: the MST's plain Error, a 500.
        case internalServerError
        /// Mastodon's stored key of a scheduled status (looked up as a status), or a scheduled
        /// status deleted already: 404.
        case notFound

        /// The HTTP status the repeat gets.
        var status: Int {
            switch self {
            case .firstStatus: 200
            case .serverError, .internalServerError: 500
            case .notFound: 404
            }
        }
    }

    /// Mastodon's requests the app makes, as docs/servers.md gives them.
    static let mastodonRules: [String: Rule] = [
        "GET /api/v1/accounts/verify_credentials": Rule(scopes: ["profile", "read", "read:accounts"]),
        "GET /api/v1/accounts/:id/statuses": Rule(scopes: ["read", "read:statuses"], limit: (20, 40)),
        "GET /api/v1/statuses/:id/source": Rule(scopes: ["read", "read:statuses"]),
        "POST /api/v1/statuses": Rule(scopes: ["write", "write:statuses"]),
        "POST /api/v2/media": Rule(scopes: ["write", "write:media"]),
        "GET /api/v1/media/:id": Rule(scopes: ["write", "write:media"]),
        "GET /api/v1/scheduled_statuses": Rule(scopes: ["read", "read:statuses"], limit: (20, 40)),
        "GET /api/v1/scheduled_statuses/:id": Rule(scopes: ["read", "read:statuses"]),
        "DELETE /api/v1/scheduled_statuses/:id": Rule(scopes: ["write", "write:statuses"]),
        "PUT /api/v1/scheduled_statuses/:id": Rule(scopes: ["write", "write:statuses"]),
    ]

    /// What a repeated request answers: Mastodon's stored key, a Bluesky record key taken.
    static let repeats: [String: Repeat] = [
        "POST /api/v1/statuses": .firstStatus, "POST /api/v1/statuses (4.6.0–4.7.x)": .serverError,
        "POST /xrpc/com.atproto.repo.createRecord": .internalServerError,
        "POST /xrpc/com.atproto.repo.applyWrites": .internalServerError,
        "POST /api/v1/statuses (scheduled)": .notFound, "DELETE /api/v1/scheduled_statuses/:id": .notFound,
    ]

    /// The rule's name for `request`: its verb and path with ids as `:id`.
    static func route(_ request: APIRequest) -> String {
        let path = request.path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.allSatisfy(\.isNumber) && !segment.isEmpty ? ":id" : String(segment)
        }
        return request.method.rawValue + " " + path.joined(separator: "/")
    }

    /// 403 when the token lacks every scope the request's rule accepts.
    func forbidden(_ request: APIRequest) -> APIAnswer? {
        guard network == .mastodon, let rule = Self.mastodonRules[Self.route(request)],
            scopes.isDisjoint(with: rule.scopes)
        else { return nil }
        return APIAnswer(
            status: 403, json: .object([.init("error", .string(DeliveryFailure.outsideTheScopes))]))
    }

    /// A lookup, answered truthfully from what is stored.
    func lookUp(_ request: APIRequest, account: String) -> APIAnswer {
        if let refused = forbidden(request) { return refused }
        if request.path.hasPrefix("/api/v1/scheduled_statuses") { return scheduledStatuses(request, account: account) }
        if request.path.hasSuffix("/verify_credentials") {
            return APIAnswer(status: 200, json: .object([.init("id", .string("7"))]))
        }
        if request.path.hasSuffix("/statuses") { return statuses(request, account: account) }
        if request.path.hasSuffix("/source") {
            let id = request.path.split(separator: "/").dropLast().last.flatMap { Int($0) } ?? 0
            guard posts.indices.contains(id - 1), posts[id - 1].account == account else {
                return APIAnswer(status: 404, json: .object([.init("error", .string("Not Found"))]))
            }
            return APIAnswer(status: 200, json: .object([.init("text", .string(posts[id - 1].text))]))
        }
        if request.path.hasPrefix("/api/v1/media/") {
            let id = String(request.path.dropFirst("/api/v1/media/".count))
            guard media.contains(where: { $0.id == id && $0.account == account && !$0.attached }) else {
                return APIAnswer(status: 404, json: .object([.init("error", .string("Record not found"))]))
            }
            return APIAnswer(
                status: 200, json: .object([.init("id", .string(id)), .init("url", .string("https://m/" + id))]))
        }
        if request.path.hasSuffix("getRecord") {
            let key = request.query.first { $0.name == "rkey" }?.value
            guard let found = posts.last(where: { $0.key == key }) else {
                return APIAnswer(status: 400, json: .object([.init("error", .string("RecordNotFound"))]))
            }
            return APIAnswer(
                status: 200,
                json: .object([.init("uri", .string(uri(found))), .init("cid", .string("bafy" + found.key))]))
        }
        return APIAnswer(status: 404, json: nil)
    }

    /// The account's statuses, newest first, one page of them.
    private func statuses(_ request: APIRequest, account: String) -> APIAnswer {
        func value(_ name: String) -> String? { request.query.first { $0.name == name }?.value }
        let rule = Self.mastodonRules["GET /api/v1/accounts/:id/statuses"]?.limit ?? (20, 40)
        let limit = value("limit").flatMap(Int.init).map { min(abs($0), rule.max) } ?? rule.default
        let below = value("max_id").flatMap(Int.init) ?? Int.max
        let listed = posts.indices.reversed().filter { index in
            posts[index].account == account && index + 1 < below
                && !(value("exclude_reblogs") == "true" && posts[index].reblog)
        }
        return APIAnswer(
            status: 200,
            json: .array(
                listed.prefix(limit).map { index in
                    let post = posts[index]
                    return .object([
                        .init("id", .string(String(index + 1))), .init("url", .string(link(post))),
                        .init("created_at", .string(Self.rfc3339(post.storedAt))),
                        .init("in_reply_to_id", post.inReplyTo.map(JSONValue.string) ?? .null),
                        .init("spoiler_text", .string("")),
                        .init("media_attachments", .array(post.images.map { .string($0) })),
                        .init("reblog", post.reblog ? .object([.init("id", .string("0"))]) : .null),
                        .init("edited_at", .null),
                    ])
                }))
    }

    /// Seconds since the epoch as Mastodon writes `created_at`.
    static func rfc3339(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).000Z"
    }
}
