/// Why a post did not reach a network, sorted by what it means for the post: whether the network
/// may have taken it (so a retry must not post it again blindly) and what the person can do.
package enum DeliveryFailure: Error, Equatable, Sendable {
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
    /// 401, or a token the server says is revoked: the account must be signed in again.
    case signInAgain
    /// 4xx (422 and the rest): the server refused this post, with its own words (shown as plain
    /// text). Sending it again unchanged would be refused again.
    case refused(status: Int, message: String)

    package enum Reason: String, Equatable, Sendable {
        case noNetwork, nameNotResolved, tls, connectionRefused, connectionReset, timeout
    }

    /// Whether the network may hold the post now (a retry must first make sure it does not post it
    /// twice: the same Idempotency-Key, or asking for the record by its key).
    package var mayHaveBeenPosted: Bool {
        switch self {
        case .outcomeUnknown, .serverError: return true
        case .notSent, .rateLimited, .signInAgain, .refused: return false
        }
    }

    /// Whether Retry can succeed with the post unchanged (a refusal needs an edit; an expired
    /// sign-in needs signing in first).
    package var isRetryable: Bool {
        switch self {
        case .notSent, .outcomeUnknown, .serverError, .rateLimited: return true
        case .signInAgain, .refused: return false
        }
    }

    /// What an HTTP answer means for the post; nil for success (2xx).
    init?(status: Int, retryAfter: String?, serverMessage: String?) {
        switch status {
        case 200..<300: return nil
        case 401: self = .signInAgain
        case 429: self = .rateLimited(retryAfterSeconds: retryAfter.flatMap(DeliveryFailure.seconds(retryAfter:)))
        case 500..<600: self = .serverError(status: status)
        default: self = .refused(status: status, message: serverMessage ?? "")
        }
    }

    /// Retry-After as delay-seconds (RFC 9110 §10.2.3). An HTTP date is left to the glue, which
    /// has a clock and GLib's date parser; nil when it is neither a number nor sensible.
    static func seconds(retryAfter: String) -> Int? {
        let trimmed = retryAfter.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(trimmed).map { min($0, 24 * 60 * 60) } ?? 24 * 60 * 60
    }
}
