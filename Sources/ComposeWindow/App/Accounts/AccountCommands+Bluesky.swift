import ComposeWindowCore
import ComposeWindowPostingGlue

/// `--sign-in bluesky`: an app password for atproto's createSession; the session's tokens to the
/// keyring.
extension AccountCommands {
    static func signInToBluesky(
        handle: String, service: String, preferences: Preferences,
        completion: @escaping @MainActor (ExitCode) -> Void
    ) {
        AppPasswordPrompt.appPassword(for: handle) { result in
            switch result {
            case .success(let appPassword):
                signInToBluesky(
                    handle: handle, service: service, appPassword: appPassword, preferences: preferences,
                    completion: completion)
            case .failure(let failure):
                if let message = failure.message { reportError(message) }
                completion(failure.code)
            }
        }
    }

    /// `report` gets each problem's one line; nothing is printed on success.
    @discardableResult
    static func signInToBluesky(
        handle: String, service: String, appPassword: String, preferences: Preferences,
        report: @escaping @MainActor (String) -> Void = reportError,
        completion: @escaping @MainActor (ExitCode) -> Void
    ) -> SignInRun {
        let run = SignInRun(report: report, completion: completion)
        run.answer(BlueskySession.signIn(handle: handle, appPassword: appPassword, service: service)) { answer in
            guard let answer else { return run.finish(.failure) }
            do throws(BlueskySession.SignInFailure) {
                let session = try BlueskySession(answer: answer, service: service)
                run.keep(session.account, secret: session.secret, preferences: preferences)
            } catch {
                report(error.description)
                run.finish(error.refused ? .cancelled : .failure)
            }
        }
        return run
    }
}
