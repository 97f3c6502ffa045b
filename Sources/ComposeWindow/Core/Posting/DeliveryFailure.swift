/// Why a post did not reach a network, sorted by what it means for the post: whether the network
/// may have taken it (so a retry must not post it again blindly) and what the person can do.
package enum DeliveryFailure: Error, Hashable, Sendable {
    /// Before any byte of the request left: no network, the name did not resolve, TLS refused the
    /// server, the connection was refused. The network cannot have the post.
    case notSent(Reason)
    /// The request was sent and no answer came: a timeout after sending, a connection cut or reset
    /// while waiting. The network may have the post.
    case outcomeUnknown(Reason)
    /// 5xx: the server failed; it may have stored the post before failing.
    case serverError(status: Int)
    /// 429: the server asks to wait before another request.
    case rateLimited(retryAfterSeconds: Int?)
    /// 401, or a token the server says is revoked: the account must be signed in again (then Send
    /// goes on with the same keys).
    case signInAgain
    /// 403 "This action is outside the authorized scopes": the sign-in was made for fewer scopes
    /// than this request needs (one from an older version); signing in again asks for them.
    case scopesMissing
    /// 4xx (422 and the rest): the server refused this post, with its own words (shown as plain
    /// text). Retry sends it again with its key, as Mastodon's own composer does.
    case refused(status: Int, message: String)
    /// A look-up could not tell whether the network has the post (docs/compose-window.md): the
    /// person says, having seen this status (its link and id; nil: none to show). Until then it
    /// may have it.
    case cannotTell(link: String?, id: String?)
    /// 404 to a post that answers another: Mastodon no longer has (or shows) the post it answers,
    /// deleted since. Sending it again fails the same way; the person may post it without.
    case parentGone
    /// Mastodon was still processing an image when the run stopped asking (Retry asks again).
    case stillProcessing
    /// An image could not be made to fit the network: its path and why (nothing was sent).
    case imageUnusable(path: String, reason: String)

    package enum Reason: String, Hashable, Sendable {
        case noNetwork, nameNotResolved, tls, connectionRefused, connectionReset, timeout
    }

    /// Whether the network may hold the post now (a retry must first make sure it does not post it
    /// twice: the same Idempotency-Key, or asking for the record by its key).
    package var mayHaveBeenPosted: Bool {
        switch self {
        case .outcomeUnknown, .serverError, .cannotTell: return true
        case .notSent, .rateLimited, .signInAgain, .scopesMissing, .parentGone, .refused, .stillProcessing,
            .imageUnusable:
            return false
        }
    }

    /// What an HTTP answer means for the post; nil for success (2xx).
    package init?(status: Int, retryAfter: String?, serverMessage: String?) {
        switch status {
        case 200..<300: return nil
        case 401: self = .signInAgain
        case 403 where serverMessage == Self.outsideTheScopes: self = .scopesMissing
        case 429: self = .rateLimited(retryAfterSeconds: retryAfter.flatMap(DeliveryFailure.seconds(retryAfter:)))
        case 500..<600: self = .serverError(status: status)
        default: self = .refused(status: status, message: serverMessage ?? "")
        }
    }

    /// Mastodon's words for a token without the scope a request needs (Api::BaseController's
    /// Doorkeeper forbidden handler; docs/servers.md).
    static let outsideTheScopes = "This action is outside the authorized scopes"

    /// The longest wait a Retry-After is taken at: a day.
    static let longestRetryAfterSeconds: Int64 = 24 * 60 * 60

    /// Retry-After as delay-seconds (RFC 9110 §10.2.3), capped at a day. An HTTP date is read by
    /// the glue (libsoup's parser and the clock) and arrives here as seconds; nil when it is neither.
    static func seconds(retryAfter: String) -> Int? {
        let trimmed = retryAfter.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let longest = Int(longestRetryAfterSeconds)
        return Int(trimmed).map { min($0, longest) } ?? longest
    }
}
