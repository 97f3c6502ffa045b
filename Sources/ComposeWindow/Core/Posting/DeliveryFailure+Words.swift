/// What the error bar says for a failure on `network` ("Mastodon", "Bluesky"): what happened, and
/// whether the post may be there. Server words are quoted as given (the bar shows plain text).
extension DeliveryFailure {
    package func message(network: String, timeoutSeconds: Int) -> String {
        switch self {
        case .notSent(.noNetwork):
            localized("{0}: no network. The post was not sent.", network)
        case .notSent(.nameNotResolved):
            localized("{0}: the server’s name could not be looked up (DNS). The post was not sent.", network)
        case .notSent(.tls):
            localized("{0}: the server’s certificate was not accepted (TLS). The post was not sent.", network)
        case .notSent(.connectionRefused):
            localized("{0}: the server refused the connection. The post was not sent.", network)
        case .notSent(.connectionReset), .notSent(.timeout):
            localized("{0}: the connection failed before the post was sent. The post was not sent.", network)
        case .outcomeUnknown(.timeout):
            localized(
                "{0} did not answer within {1} seconds. The post may have been sent; Retry will not post it twice.",
                network, String(timeoutSeconds))
        case .outcomeUnknown:
            localized(
                "The connection to {0} was cut after the post was sent. It may have been posted; Retry will not post it twice.",
                network)
        case .serverError(let status):
            localized(
                "{0} failed (HTTP {1}). The post may have been sent; Retry will not post it twice.", network,
                String(status))
        case .rateLimited(let seconds?):
            localized("{0} asks to wait {1} seconds before posting again.", network, String(seconds))
        case .rateLimited(nil):
            localized("{0} asks to wait before posting again.", network)
        case .signInAgain:
            localized("{0} no longer accepts this sign-in. Sign in again; the post is kept.", network)
        case .scopesMissing:
            localized(
                "{0}: this sign-in is not allowed to do what posting needs. Sign in again; the post is kept.", network)
        case .refused(_, let message):
            localized("{0} refused the post: {1}", network, message.isEmpty ? "—" : message)
        case .cannotTell(let candidate?, _):
            localized(
                "{0} may already have this post, and it cannot be told for sure: {1}. Is that this post?", network,
                candidate)
        case .cannotTell(nil, _):
            localized(
                "{0} may already have this post, and it cannot be told for sure. Look at your profile: is it there?",
                network)
        case .parentGone:
            localized(
                "{0}: the post this answers was deleted. Post it without answering it (the rest follows it), or Discard.",
                network)
        case .stillProcessing:
            localized("{0} is still processing an image. The post was not sent; Retry goes on.", network)
        case .imageUnusable(let path, let reason):
            localized("{0}: the image {1} cannot be sent: {2}. The post was not sent.", network, path, reason)
        }
    }
}
