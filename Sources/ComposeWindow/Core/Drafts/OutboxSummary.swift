/// One network's post waiting in the outbox, as the Drafts list and `--outbox` show it: which
/// entry and account, where it stands, when it goes or is tried again, and why it failed.
package struct OutboxSummary: Equatable, Sendable {
    package enum State: String, Equatable, Sendable {
        /// Recorded, nothing sent yet (or found not to be there): Retry or its time sends it.
        case waiting
        /// A request that may have made it left and nothing settled it: looked up before any resend.
        case mayBeThere = "may-be-there"
        case failed
        /// It goes by itself at `time`.
        case scheduled
        case posted
    }

    /// The outbox entry: a draft's name, or a name of a script's run or of a post set aside.
    package let entry: String
    package let account: String
    package let network: PostingAccount.Network
    package let state: State
    /// When it goes or is tried again (seconds since the epoch); nil: when the person says.
    package let time: Int64?
    package let firstLine: String
    /// Why it failed, in words (translated); the link once posted.
    package let detail: String

    /// Every network of the outbox entry `entry` holding `post` (a thread's first posts only).
    static func of(_ kept: Outbox, entry: String, now: Int64) -> [OutboxSummary] {
        // Undo's seconds end with the window that counted them: listed, the post waits for Send.
        var post = kept
        if post.hold?.kind == .undoSend { post.hold = nil }
        return post.deliveries.indices.filter { post.deliveries[$0].part == 0 }.map { index in
            let delivery = post.deliveries[index]
            var time: Int64?
            if case .wait(let until) = post.next(for: index, now: now) { time = until }
            // Kept by the server: it goes at its time, with this computer off.
            if delivery.scheduledID != nil, delivery.state == .waiting, let serverTime = delivery.serverTime {
                return OutboxSummary(
                    entry: entry, account: delivery.account, network: delivery.network, state: .scheduled,
                    time: serverTime, firstLine: DraftSummary.firstLine(of: post.text),
                    detail: localized("kept by {0}", String(delivery.account.split(separator: "@").last ?? "")))
            }
            let scheduled = post.hold.map { $0.kind == .scheduled && $0.until > now } ?? false
            let (state, detail): (State, String) =
                switch delivery.state {
                case .confirmed(let link): (.posted, link)
                case .failed(let failure) where post.mayHaveBeenPosted(index):
                    (.mayBeThere, failure.message(network: delivery.network.displayName, timeoutSeconds: 30))
                case .failed(let failure):
                    (.failed, failure.message(network: delivery.network.displayName, timeoutSeconds: 30))
                case .sending: (.mayBeThere, "")
                case .waiting where post.mayHaveBeenPosted(index): (.mayBeThere, "")
                case .waiting: (scheduled ? .scheduled : .waiting, "")
                }
            return OutboxSummary(
                entry: entry, account: delivery.account, network: delivery.network, state: state,
                time: state == .posted ? nil : time, firstLine: DraftSummary.firstLine(of: post.text),
                detail: detail)
        }
    }

    /// `--outbox`' line: entry, account, state, time (ISO 8601, or "-"), first line, detail; tab-separated.
    package var line: String {
        [entry, account, state.rawValue, time.map(LocalTime.iso8601) ?? "-", firstLine, detail]
            .map(DraftSummary.cell).joined(separator: "\t")
    }
}
