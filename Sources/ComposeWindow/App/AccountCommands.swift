import ComposeWindowCore
import ComposeWindowPostingGlue
import Glibc

/// `--sign-in`, `--accounts` and `--sign-out`: the accounts Send posts with, managed from the
/// command line. Each prints one line and exits; secrets go to the keyring and nowhere else.
@MainActor
enum AccountCommands {
    static func run(_ command: ComposeOptions.AccountCommand) -> ExitCode {
        let preferences = Preferences()
        guard preferences.remembers else {
            reportError(
                localized("cannot keep accounts: the GSettings schema {0} is not installed", Preferences.schemaID))
            return .failure
        }
        switch command {
        case .list:
            for account in preferences.accounts { print(account.listing) }
            return .sent
        case .signInToBluesky(let handle, let service):
            return signedIn(signInToBluesky(handle: handle, service: service, preferences: preferences), preferences)
        case .signInToMastodon(let server):
            return signedIn(signInToMastodon(server: server, preferences: preferences), preferences)
        case .signOut(let name):
            return signOut(name, preferences: preferences)
        }
    }

    private static func signOut(_ name: String, preferences: Preferences) -> ExitCode {
        guard let account = preferences.accounts.named(name) else {
            reportError(localized("no account “{0}” is signed in (see --accounts)", name.onOneLine))
            return .usage
        }
        let code = signOut(account, preferences: preferences)
        if code == .sent { print(localized("Signed out of {0}", account.name)) }
        return code
    }

    /// Ends the account's tokens at its server and forgets them here; `report` gets each problem's
    /// one line. The person is signed out here whatever the server says, and told if it could not
    /// be told.
    static func signOut(
        _ account: PostingAccount, preferences: Preferences, report: @MainActor (String) -> Void = reportError
    ) -> ExitCode {
        let network = account.network.rawValue
        do {
            if let stored = try AccountSecrets.lookup(network: network, account: account.name),
                let end = endRequest(for: account, secret: try JSONText.value(of: stored))
            {
                let outcome = HTTPSClient(userAgent: userAgent).callAndWait(end)
                let refusal: String? =
                    switch outcome {
                    case .failure(let failure): failure.description
                    case .success(let answer) where !answer.succeeded:
                        answer.serverMessage ?? "HTTP " + String(answer.status)
                    case .success: nil
                    }
                if let refusal {
                    report(localized("{0} could not be told to end the session: {1}", account.host, refusal))
                }
            }
            try AccountSecrets.remove(network: network, account: account.name)
        } catch {
            report(keyringFailure(String(describing: error)))
            return .failure
        }
        preferences.accounts = preferences.accounts.filter { $0 != account }
        preferences.sync()
        return .sent
    }

    /// The request that ends the account's tokens at its server (Bluesky's deleteSession,
    /// Mastodon's revoke), from what the keyring holds.
    static func endRequest(for account: PostingAccount, secret: JSONValue) -> APIRequest? {
        switch account.network {
        case .bluesky: BlueskySession(account: account, secret: secret)?.signOut
        case .mastodon: MastodonCredentials(secret: secret)?.revoke(on: account.host)
        }
    }

    /// "Signed in as …" on standard output once signing in worked.
    private static func signedIn(_ code: ExitCode, _ preferences: Preferences) -> ExitCode {
        if code == .sent, let account = preferences.accounts.last { print(localized("Signed in as {0}", account.name)) }
        return code
    }

    /// `request`'s answer, or nil once `report` has said the server could not be reached.
    static func answer(
        _ request: APIRequest, from client: HTTPSClient, report: @MainActor (String) -> Void
    ) -> APIAnswer? {
        switch client.callAndWait(request) {
        case .success(let answer): return answer
        case .failure(let failure):
            report(localized("cannot reach {0}: {1}", request.host, failure.description))
            return nil
        }
    }

    /// Keeps a new sign-in: its secret in the keyring, the account last in the list. Without a
    /// keyring to keep it, the tokens are ended at the server instead (exit 3).
    static func keep(
        _ account: PostingAccount, secret: JSONValue, preferences: Preferences, client: HTTPSClient,
        report: @MainActor (String) -> Void
    ) -> ExitCode {
        do {
            try AccountSecrets.store(
                try JSONText.text(of: secret), network: account.network.rawValue, account: account.name,
                label: "Compose Window: " + account.listing)
        } catch {
            report(keyringFailure(String(describing: error)))
            if let end = endRequest(for: account, secret: secret) { _ = client.callAndWait(end) }
            return .failure
        }
        preferences.accounts = preferences.accounts.adding(account)
        preferences.sync()
        return .sent
    }

    private static func keyringFailure(_ reason: String) -> String {
        localized(
            "the desktop keyring (Secret Service) cannot keep the sign-in: {0}; install and unlock one, such as gnome-keyring or KeePassXC",
            reason)
    }

    static var userAgent: String { "compose-window/" + Invocation.version }
}
