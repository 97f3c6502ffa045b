/// Bluesky's token refresh within a run: a request was answered ExpiredToken (so it made nothing),
/// the app asked refreshSession, and this decides what its outcome means for the post. The app
/// only carries it out: the request again with the new tokens, or the delivery's failure.
extension PostingSession {
    /// refreshSession's outcome, as the app saw it.
    package enum Refresh: Equatable, Sendable {
        /// A new session, which the keyring kept: the request goes again with it.
        case renewed
        /// A new session the keyring would not keep (the app ended it at the PDS).
        case notKept
        /// The PDS refused the refresh token (400 or 401): the session is over.
        case refused
        /// No answer, or one that is no session (a server failure, a garbled body).
        case noAnswer(DeliveryFailure.Reason)
    }

    /// What refreshSession's answer is, before the keyring has its say: a session to keep, a
    /// refusal, or (anything else) no usable answer.
    package static func refresh(
        answer: APIAnswer, service: String
    ) -> (session: BlueskySession?, refresh: Refresh) {
        if [400, 401].contains(answer.status) { return (nil, .refused) }
        guard let renewed = try? BlueskySession(answer: answer, service: service) else {
            return (nil, .noAnswer(.connectionReset))
        }
        return (renewed, .renewed)
    }

    /// Records the refresh's outcome for delivery `index`; true when the request goes again (with
    /// the new tokens). A refresh that was not answered is a network failure, for Retry, never
    /// "sign in again"; only a refused refresh or a session the keyring would not keep is.
    package mutating func refreshed(_ index: Int, _ refresh: Refresh, now: Int64) -> Bool {
        switch refresh {
        case .renewed: return true
        case .notKept, .refused: notSignedIn(index, now: now)
        case .noAnswer(let reason):
            received(index, .failure(PostingPlan.NoAnswer(requestWasSent: false, reason: reason)), now: now)
        }
        return false
    }
}
