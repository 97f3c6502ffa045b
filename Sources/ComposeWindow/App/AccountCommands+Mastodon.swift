import ComposeWindowCore
import ComposeWindowPostingGlue

/// `--sign-in mastodon --instance HOST`: the app registered on the server, the person's consent in
/// their own browser (where they are signed in already), the redirect caught on 127.0.0.1, the
/// token to the keyring.
extension AccountCommands {
    /// `report` gets each problem's one line (the command line's standard error, or the window's
    /// error bar); nothing is printed on success.
    static func signInToMastodon(
        server: String, preferences: Preferences, report: @escaping @MainActor (String) -> Void = reportError
    ) -> ExitCode {
        let listener: LoopbackRedirect
        do throws(LoopbackRedirect.Failure) { listener = try LoopbackRedirect() } catch {
            report(localized("cannot listen on 127.0.0.1 for the browser: {0}", error.description))
            return .failure
        }
        let signIn = MastodonSignIn(host: server, port: listener.port)
        let client = HTTPSClient(userAgent: userAgent)
        do throws(MastodonSignIn.Failure) {
            guard let registered = answer(signIn.registerApp, from: client, report: report) else { return .failure }
            let app = try signIn.app(from: registered)
            let consent = signIn.authorization(app: app, codeChallenge: CodeChallenge.s256(signIn.codeVerifier))
            do throws(BrowserHandoff.Failure) { try BrowserHandoff.open(consent.url, from: nil) } catch {
                report(localized("cannot open the browser: {0}", error.description))
                return .failure
            }
            guard
                let redirect = listener.wait(
                    seconds: MastodonSignIn.answerSeconds,
                    judge: { path, query in
                        switch signIn.callback(path: path, query: query) {
                        case .authorized: .accept(page: page(localized("Signed in. You can close this page.")))
                        case .denied: .accept(page: page(localized("Not signed in. You can close this page.")))
                        case .notOurs:
                            .reject(page: page(localized("This is not the sign-in Compose Window is waiting for.")))
                        }
                    })
            else {
                report(
                    localized(
                        "no answer from the browser within {0} minutes", String(MastodonSignIn.answerSeconds / 60)))
                return .cancelled
            }
            guard case .authorized(let code) = signIn.callback(path: MastodonSignIn.callbackPath, query: redirect)
            else {
                if case .denied(let reason) = signIn.callback(path: MastodonSignIn.callbackPath, query: redirect) {
                    report(localized("{0} did not sign in: {1}", server, reason))
                }
                return .cancelled
            }
            guard let tokenAnswer = answer(signIn.tokenRequest(app: app, code: code), from: client, report: report)
            else {
                return .failure
            }
            let credentials = try signIn.credentials(app: app, tokenAnswer: tokenAnswer)
            var account: PostingAccount?
            if let verified = answer(signIn.verifyCredentials(credentials), from: client, report: report) {
                do throws(MastodonSignIn.Failure) { account = try signIn.account(from: verified) } catch {
                    report(error.description)
                }
            }
            guard let account else {
                // A token nobody will keep is revoked rather than left alive.
                _ = client.callAndWait(credentials.revoke(on: server))
                return .failure
            }
            return keep(account, secret: credentials.secret, preferences: preferences, client: client, report: report)
        } catch {
            report(error.description)
            return error.refused ? .cancelled : .failure
        }
    }

    /// A page for the browser tab the redirect lands in: our own words only, nothing from the request.
    private static func page(_ text: String) -> String {
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Compose Window</title></head>"
            + "<body><p>" + text + "</p></body></html>"
    }
}
