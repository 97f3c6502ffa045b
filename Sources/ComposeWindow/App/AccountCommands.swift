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
            return signInToBluesky(handle: handle, service: service, preferences: preferences)
        case .signOut(let name):
            return signOut(name, preferences: preferences)
        }
    }

    private static func signInToBluesky(handle: String, service: String, preferences: Preferences) -> ExitCode {
        let appPassword: String
        do throws(AppPasswordPrompt.Failure) { appPassword = try AppPasswordPrompt.appPassword(for: handle) } catch {
            if let message = error.message { reportError(message) }
            return error.code
        }
        let client = HTTPSClient(userAgent: userAgent)
        let answer: APIAnswer
        switch client.callAndWait(BlueskySession.signIn(handle: handle, appPassword: appPassword, service: service)) {
        case .success(let received): answer = received
        case .failure(let failure):
            reportError(localized("cannot reach {0}: {1}", service, failure.description))
            return .failure
        }
        let session: BlueskySession
        do throws(BlueskySession.SignInFailure) { session = try BlueskySession(answer: answer, service: service) } catch
        {
            reportError(error.description)
            return error.refused ? .cancelled : .failure
        }
        do {
            try AccountSecrets.store(
                try JSONText.text(of: session.secret), network: session.account.network.rawValue,
                account: session.account.name, label: "Compose Window: Bluesky " + session.account.name)
        } catch {
            reportError(keyringFailure(String(describing: error)))
            // The server's session is ended rather than left alive with its tokens nowhere.
            _ = client.callAndWait(session.signOut)
            return .failure
        }
        preferences.accounts = preferences.accounts.adding(session.account)
        preferences.sync()
        print(localized("Signed in as {0}", session.account.name))
        return .sent
    }

    private static func signOut(_ name: String, preferences: Preferences) -> ExitCode {
        guard let account = preferences.accounts.named(name) else {
            reportError(localized("no account “{0}” is signed in (see --accounts)", name.onOneLine))
            return .usage
        }
        let network = account.network.rawValue
        do {
            if let stored = try AccountSecrets.lookup(network: network, account: account.name),
                let session = BlueskySession(account: account, secret: try JSONText.value(of: stored))
            {
                // The person is signed out here whatever the server says; they are told if it could not
                // be told.
                let outcome = HTTPSClient(userAgent: userAgent).callAndWait(session.signOut)
                if case .failure(let failure) = outcome {
                    reportError(
                        localized("{0} could not be told to end the session: {1}", account.host, failure.description))
                }
            }
            try AccountSecrets.remove(network: network, account: account.name)
        } catch {
            reportError(keyringFailure(String(describing: error)))
            return .failure
        }
        preferences.accounts = preferences.accounts.filter { $0 != account }
        preferences.sync()
        print(localized("Signed out of {0}", account.name))
        return .sent
    }

    private static func keyringFailure(_ reason: String) -> String {
        localized(
            "the desktop keyring (Secret Service) cannot keep the sign-in: {0}; install and unlock one, such as gnome-keyring or KeePassXC",
            reason)
    }

    static var userAgent: String { "compose-window/" + Invocation.version }
}
