import ComposeWindowCore
import ComposeWindowPostingGlue

/// One sign-in under way, step by step on the main loop (no step waits: the window stays live).
/// `stop()` ends it where it is: the loopback listener closes, no later step runs, and a token
/// already received is revoked rather than left alive. The completion runs exactly once.
@MainActor
final class SignInRun {
    let report: @MainActor (String) -> Void
    let client = HTTPSClient(userAgent: AccountCommands.userAgent)
    var listener: LoopbackRedirect?
    private var completion: (@MainActor (ExitCode) -> Void)?
    private(set) var stopped = false

    init(report: @escaping @MainActor (String) -> Void, completion: @escaping @MainActor (ExitCode) -> Void) {
        self.report = report
        self.completion = completion
    }

    var isFinished: Bool { completion == nil }

    /// The person stopped it (Stop in the bar, or the window closed): exit 1, nothing reported.
    func stop() {
        guard !isFinished else { return }
        stopped = true
        listener?.stop()
        finish(.cancelled)
    }

    func finish(_ code: ExitCode) {
        listener?.stop()
        listener = nil
        let completion = self.completion
        self.completion = nil
        completion?(code)
    }

    /// `request`'s answer, or nil once the server was said to be unreachable. Nothing is called
    /// after `stop()`.
    func answer(_ request: APIRequest, then: @escaping @MainActor (APIAnswer?) -> Void) {
        client.call(request) { [self] result in
            guard !stopped else { return }
            switch result {
            case .success(let answer): then(answer)
            case .failure(let failure):
                report(localized("cannot reach {0}: {1}", request.host, failure.description))
                then(nil)
            }
        }
    }

    /// A new sign-in kept: its secret in the keyring, the account last in the list. Without a
    /// keyring to keep it (or once stopped), the tokens are ended at the server instead.
    func keep(_ account: PostingAccount, secret: JSONValue, preferences: Preferences) {
        guard !stopped else { return endTokens(of: account, secret: secret) {} }
        let text: String
        do { text = try JSONText.text(of: secret) } catch {
            report(String(describing: error))
            return finish(.failure)
        }
        AccountSecrets.store(
            text, network: account.network.rawValue, account: account.name, label: "Compose Window: " + account.listing
        ) { [self] result in
            switch result {
            case .failure(let failure):
                report(AccountCommands.keyringFailure(failure.description))
                endTokens(of: account, secret: secret) { [self] in finish(.failure) }
            case .success where stopped:
                // Stopped while the keyring wrote: the person did not want this sign-in.
                AccountSecrets.remove(network: account.network.rawValue, account: account.name) { _ in }
                endTokens(of: account, secret: secret) {}
            case .success:
                preferences.accounts = preferences.accounts.adding(account)
                finish(.sent)
            }
        }
    }

    /// Tokens nobody will keep, ended at their server; `then` once it answered (whatever it says:
    /// the answer changes nothing, but a command line must not exit before the request leaves).
    func endTokens(of account: PostingAccount, secret: JSONValue, then: @escaping @MainActor () -> Void) {
        guard let end = AccountCommands.endRequest(for: account, secret: secret) else { return then() }
        client.call(end) { _ in then() }
    }
}
