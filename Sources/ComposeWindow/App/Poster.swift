import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Send to signed-in accounts: the plan's requests over HTTPS, one network after another, the
/// outbox file written before each request leaves and after each answer, so that a crash at any
/// point leaves it saying how far the post got. Retry runs the same plan again: the same keys.
@MainActor
final class Poster {
    enum Outcome {
        /// Every network has the post: the links, in the order given.
        case posted([String])
        /// At least one has not: what to tell the person, one line per network that failed.
        case failed([String])
    }

    private(set) var plan: PostingPlan
    private let accounts: [PostingAccount]
    let store: OutboxStore
    private let language: String?
    /// Made anew for each Send and Retry: a session keeps a host's resolved addresses for minutes,
    /// and a retry after a failed connection must look the name up again.
    private var client = HTTPSClient(userAgent: AccountCommands.userAgent)
    private var credentials: [Int: PostingPlan.Credentials] = [:]
    private var didsByHandle: [String: String]?
    private var completion: (@MainActor (Outcome) -> Void)?
    private(set) var isRunning = false

    init(plan: PostingPlan, accounts: [PostingAccount], store: OutboxStore, language: String?) {
        self.plan = plan
        self.accounts = accounts
        self.store = store
        self.language = language
    }

    /// Sends what each network still needs (all of it the first time). After a 429, not before
    /// the time the server's Retry-After named.
    func run(completion: @escaping @MainActor (Outcome) -> Void) {
        guard !isRunning else { return }
        isRunning = true
        self.completion = completion
        client = HTTPSClient(userAgent: AccountCommands.userAgent)
        // The post is in the outbox before anything leaves.
        guard save() else { return finish() }
        let wait = notBefore.map { ($0 - g_get_monotonic_time()) / 1_000 } ?? 0
        guard wait > 0 else { return next() }
        waiting = MainLoopSource.timeout(milliseconds: UInt32(min(wait, 24 * 3_600_000))) { [weak self] in
            self?.waiting = nil
            self?.next()
            return false
        }
    }

    /// When a server asked to wait (429's Retry-After), the monotonic time to wait for.
    private var notBefore: gint64?
    private var waiting: MainLoopSource?

    private func next() {
        guard let index = plan.pending.first(where: { !attempted.contains($0) }) else { return finish() }
        attempted.insert(index)
        guard let credentials = credentials(for: index) else {
            plan.notSignedIn(index)
            _ = save()
            return next()
        }
        if case .bluesky(let session) = credentials, didsByHandle == nil {
            return resolveMentions(plan.mentionedHandles, session: session, resolved: [:]) { [weak self] in
                self?.didsByHandle = $0
                self?.deliver(index)
            }
        }
        deliver(index)
    }

    private var attempted: Set<Int> = []

    /// One request for delivery `index`, then whatever its answer calls for.
    private func deliver(_ index: Int, refreshed: Bool = false) {
        guard let credentials = credentials[index],
            let request = plan.request(
                for: index, credentials: credentials, createdAt: Self.now, language: language,
                didsByHandle: didsByHandle ?? [:])
        else { return next() }
        plan.willSend(index)
        guard save() else { return finish() }
        client.call(request) { [weak self] result in
            guard let self else { return }
            if case .success(let answer) = result, !refreshed, case .bluesky(let session) = credentials,
                BlueskySession.accessTokenExpired(answer)
            {
                return self.refresh(session, index: index)
            }
            self.plan.received(
                index, result.mapError { PostingPlan.NoAnswer(requestWasSent: $0.requestWasSent, reason: $0.reason) })
            guard self.save() else { return self.finish() }
            // A getRecord that found nothing: the record is created now, under the same key.
            if self.plan.pending.contains(index), self.plan.failure(index) == nil { return self.deliver(index) }
            self.next()
        }
    }

    /// Bluesky's access token expired: refreshSession, the new tokens to the keyring, the request again.
    private func refresh(_ session: BlueskySession, index: Int) {
        client.call(session.refresh) { [weak self] result in
            guard let self else { return }
            guard case .success(let answer) = result,
                let renewed = try? BlueskySession(answer: answer, service: session.account.host),
                (try? AccountSecrets.store(
                    JSONText.text(of: renewed.secret), network: "bluesky", account: session.account.name,
                    label: "Compose Window: " + session.account.listing)) != nil
            else {
                self.plan.notSignedIn(index)
                _ = self.save()
                return self.next()
            }
            self.credentials[index] = .bluesky(renewed)
            self.deliver(index, refreshed: true)
        }
    }

    private func resolveMentions(
        _ handles: [String], session: BlueskySession, resolved: [String: String],
        then: @escaping @MainActor ([String: String]) -> Void
    ) {
        guard let handle = handles.first else { return then(resolved) }
        client.call(PostingPlan.resolveHandle(handle, session: session)) { [weak self] result in
            var resolved = resolved
            if case .success(let answer) = result, let did = PostingPlan.resolvedDID(answer) { resolved[handle] = did }
            self?.resolveMentions(Array(handles.dropFirst()), session: session, resolved: resolved, then: then)
        }
    }

    /// The keyring's sign-in for delivery `index`'s account; nil when it holds none.
    private func credentials(for index: Int) -> PostingPlan.Credentials? {
        if let known = credentials[index] { return known }
        guard let account = accounts.first(where: { $0.name == plan.account(index) }),
            let stored = try? AccountSecrets.lookup(network: account.network.rawValue, account: account.name),
            let secret = try? JSONText.value(of: stored)
        else { return nil }
        let found: PostingPlan.Credentials? =
            switch account.network {
            case .mastodon: MastodonCredentials(secret: secret).map { .mastodon(token: $0.accessToken) }
            case .bluesky: BlueskySession(account: account, secret: secret).map { .bluesky($0) }
            }
        credentials[index] = found
        return found
    }

    /// The person took the post elsewhere (Open in browser): the outbox lets it go.
    func forget() { try? store.remove() }

    /// Writes the outbox; false (and the run stops, nothing sent) when it cannot be written.
    private func save() -> Bool {
        do {
            try store.save(try JSONText.text(of: plan.file))
            return true
        } catch {
            saveFailure = String(describing: error)
            return false
        }
    }

    private var saveFailure: String?

    private func finish() {
        isRunning = false
        attempted = []
        let asked = plan.accountNames.indices.compactMap { index -> Int? in
            if case .rateLimited(let seconds?) = plan.failure(index) { seconds } else { nil }
        }.max()
        notBefore = asked.map { g_get_monotonic_time() + gint64($0) * 1_000_000 }
        let outcome: Outcome
        if plan.isConfirmedEverywhere {
            // The outbox stays until the draft is gone (ComposeApplication): a crash in between
            // must not leave the text without the record that it was posted.
            outcome = .posted(plan.links)
        } else if let saveFailure {
            self.saveFailure = nil
            outcome = .failed([localized("The outbox could not be written, so nothing was sent: {0}", saveFailure)])
        } else {
            outcome = .failed(
                plan.accountNames.indices.compactMap { index in
                    plan.failure(index).map {
                        $0.message(
                            network: plan.network(index) == .mastodon ? "Mastodon" : "Bluesky",
                            timeoutSeconds: Int(HTTPSClient.timeoutSeconds))
                    }
                })
        }
        let completion = self.completion
        self.completion = nil
        completion?(outcome)
    }

    /// RFC 3339 in UTC, as GLib writes it.
    private static var now: String {
        let time = g_date_time_new_now_utc()!
        defer { g_date_time_unref(time) }
        let text = g_date_time_format_iso8601(time)!
        defer { g_free(text) }
        return String(cString: text)
    }
}
