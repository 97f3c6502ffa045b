import ComposeWindowCore
import ComposeWindowPostingGlue

/// `--sign-in bluesky`: an app password for atproto's createSession; the session's tokens to the
/// keyring.
extension AccountCommands {
    static func signInToBluesky(handle: String, service: String, preferences: Preferences) -> ExitCode {
        let appPassword: String
        do throws(AppPasswordPrompt.Failure) { appPassword = try AppPasswordPrompt.appPassword(for: handle) } catch {
            if let message = error.message { reportError(message) }
            return error.code
        }
        return signInToBluesky(handle: handle, service: service, appPassword: appPassword, preferences: preferences)
    }

    /// `report` gets each problem's one line; nothing is printed on success.
    static func signInToBluesky(
        handle: String, service: String, appPassword: String, preferences: Preferences,
        report: @escaping @MainActor (String) -> Void = reportError
    ) -> ExitCode {
        let client = HTTPSClient(userAgent: userAgent)
        let request = BlueskySession.signIn(handle: handle, appPassword: appPassword, service: service)
        guard let answer = answer(request, from: client, report: report) else { return .failure }
        let session: BlueskySession
        do throws(BlueskySession.SignInFailure) { session = try BlueskySession(answer: answer, service: service) } catch
        {
            report(error.description)
            return error.refused ? .cancelled : .failure
        }
        return keep(session.account, secret: session.secret, preferences: preferences, client: client, report: report)
    }
}
