/// One post on its way to the networks the person chose, as the outbox keeps it: the text, and for
/// each network its account, the key that makes a retry safe (chosen before the first request) and
/// how far it got. The rules that keep a post from being lost or posted twice live here:
/// - a network that confirmed is never sent the post again;
/// - every request for a network carries the same key, the first and every retry;
/// - where the network may already have the post (a request was sent and no answer came, or the
///   process died while waiting), Bluesky is asked for the record by its key before it is created;
///   Mastodon is sent the same Idempotency-Key, which makes the server answer with the first post.
struct Outbox: Equatable, Sendable {
    typealias Network = PostingAccount.Network

    struct Delivery: Equatable, Sendable {
        /// The account as `--accounts` prints it: "@alice@mastodon.social", "@alice.bsky.social".
        let network: Network
        let account: String
        /// Mastodon's Idempotency-Key, or the Bluesky record key (a TID).
        let key: String
        var state: State
    }

    enum State: Equatable, Sendable {
        /// Recorded, no request made yet.
        case waiting
        /// A request was on its way (recorded before it left; found after a crash, its outcome is
        /// unknown).
        case sending
        case failed(DeliveryFailure)
        /// The network has it, at this link.
        case confirmed(link: String)
    }

    /// What to do next for one network.
    enum Request: Equatable, Sendable {
        /// POST /api/v1/statuses with this Idempotency-Key.
        case postStatus(idempotencyKey: String)
        /// com.atproto.repo.createRecord under this record key.
        case createRecord(recordKey: String)
        /// com.atproto.repo.getRecord by this key first: the post may be there already.
        case findRecord(recordKey: String)
    }

    let text: String
    private(set) var deliveries: [Delivery]

    init(text: String, deliveries: [Delivery]) {
        self.text = text
        self.deliveries = deliveries
    }

    /// What Send or Retry does for delivery `index` now; nil when there is nothing to send (it is
    /// confirmed, or waiting for the person: signing in again, an edit after a refusal).
    func request(for index: Int) -> Request? {
        let delivery = deliveries[index]
        switch delivery.state {
        case .confirmed: return nil
        case .failed(let failure) where !failure.isRetryable: return nil
        default: break
        }
        switch delivery.network {
        case .mastodon: return .postStatus(idempotencyKey: delivery.key)
        case .bluesky:
            return mayHaveBeenPosted(index)
                ? .findRecord(recordKey: delivery.key) : .createRecord(recordKey: delivery.key)
        }
    }

    /// Whether network `index` may hold the post without having said so.
    func mayHaveBeenPosted(_ index: Int) -> Bool {
        switch deliveries[index].state {
        case .sending: return true
        case .failed(let failure): return failure.mayHaveBeenPosted
        case .waiting, .confirmed: return false
        }
    }

    /// Recorded before a request leaves (the outbox is written then, so that a crash during the
    /// request is known afterwards as an unknown outcome).
    mutating func willSend(_ index: Int) {
        if case .confirmed = deliveries[index].state { return }  // never sent again
        deliveries[index].state = .sending
    }

    /// The network answered: the post is there (a link), or it failed.
    mutating func received(_ index: Int, _ result: Result<String, DeliveryFailure>) {
        switch result {
        case .success(let link): deliveries[index].state = .confirmed(link: link)
        case .failure(let failure): deliveries[index].state = .failed(failure)
        }
    }

    /// getRecord's answer to `.findRecord`: there (confirmed), or not (to be created, safely: no
    /// request holding it is on its way any more).
    mutating func recordLookedUp(_ index: Int, foundAt link: String?) {
        deliveries[index].state = link.map { .confirmed(link: $0) } ?? .waiting
    }

    var isConfirmedEverywhere: Bool {
        deliveries.allSatisfy { if case .confirmed = $0.state { true } else { false } }
    }

    /// The links of the networks that confirmed, in the order the networks were given.
    var links: [String] {
        deliveries.compactMap { if case .confirmed(let link) = $0.state { link } else { nil } }
    }

    /// What a window opened on this outbox after the process ended says: whether the post may have
    /// reached a network that did not confirm it, or was certainly not sent.
    var mayHaveBeenSentSomewhere: Bool { deliveries.indices.contains(where: mayHaveBeenPosted) }
}
