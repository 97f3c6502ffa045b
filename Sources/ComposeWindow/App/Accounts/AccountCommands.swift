import ComposeWindowCore
import ComposeWindowPostingGlue
import Glibc
import GtkPlaceholder

/// `--sign-in`, `--accounts` and `--sign-out`: the accounts Send posts with, managed from the
/// command line. Each prints one line and exits; secrets go to the keyring and nowhere else.
@MainActor
enum AccountCommands {
    /// Runs `command` on a main loop of its own (nothing else runs: this is not a window's loop)
    /// and gives its exit status.
    static func run(_ command: ComposeOptions.AccountCommand) -> ExitCode {
        let preferences = Preferences()
        guard preferences.remembers else {
            reportError(
                localized("cannot keep accounts: the GSettings schema {0} is not installed", Preferences.schemaID))
            return .failure
        }
        if case .list = command {
            for account in preferences.accounts { print(account.listing) }
            return .sent
        }
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        var code: ExitCode?
        let finished: @MainActor (ExitCode) -> Void = {
            code = $0
            g_main_loop_quit(loop)
        }
        switch command {
        case .list: return .sent
        case .signInToBluesky(let handle, let service):
            signInToBluesky(handle: handle, service: service, preferences: preferences) {
                finished(signedIn($0, preferences))
            }
        case .signInToMastodon(let server):
            signInToMastodon(server: server, preferences: preferences) { finished(signedIn($0, preferences)) }
        case .signOut(let name):
            guard let account = preferences.accounts.named(name) else {
                reportError(localized("no account “{0}” is signed in (see --accounts)", name.onOneLine))
                return .usage
            }
            signOut(account, preferences: preferences) { signedOut in
                if signedOut == .sent { print(localized("Signed out of {0}", account.name)) }
                finished(signedOut)
            }
        }
        if code == nil { g_main_loop_run(loop) }
        // The account list on disk before the process ends (a window syncs once, as it exits:
        // g_settings_sync may wait on dconf's D-Bus service).
        preferences.sync()
        return code ?? .failure
    }

    /// Ends the account's tokens at its server and forgets them here; `report` gets each problem's
    /// one line. The person is signed out here whatever the server says, and told if it could not
    /// be told.
    static func signOut(
        _ account: PostingAccount, preferences: Preferences,
        report: @escaping @MainActor (String) -> Void = reportError,
        completion: @escaping @MainActor (ExitCode) -> Void
    ) {
        let network = account.network.rawValue
        let forget: @MainActor () -> Void = {
            AccountSecrets.remove(network: network, account: account.name) { removed in
                if case .failure(let failure) = removed {
                    report(keyringFailure(failure.description))
                    return completion(.failure)
                }
                preferences.accounts = preferences.accounts.filter { $0 != account }
                completion(.sent)
            }
        }
        AccountSecrets.lookup(network: network, account: account.name) { found in
            let stored: String?
            switch found {
            case .failure(let failure):
                report(keyringFailure(failure.description))
                return completion(.failure)
            case .success(let secret): stored = secret
            }
            guard let stored, let secret = try? JSONText.value(of: stored),
                let end = endRequest(for: account, secret: secret)
            else { return forget() }
            HTTPSClient(userAgent: userAgent).call(end) { outcome in
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
                forget()
            }
        }
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

    static func keyringFailure(_ reason: String) -> String {
        localized(
            "the desktop keyring (Secret Service) cannot keep the sign-in: {0}; install and unlock one, such as gnome-keyring or KeePassXC",
            reason)
    }

    static var userAgent: String { "compose-window/" + Invocation.version }
}
