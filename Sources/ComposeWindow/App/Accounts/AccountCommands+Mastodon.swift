import ComposeWindowCore
import ComposeWindowPostingGlue

/// `--sign-in mastodon --instance HOST`: the app registered on the server, the person's consent in
/// their own browser (where they are signed in already), the redirect caught on 127.0.0.1, the
/// token to the keyring. Each step starts the next from its answer; none waits.
extension AccountCommands {
    /// `report` gets each problem's one line (the command line's standard error, or the window's
    /// error bar); nothing is printed on success.
    @discardableResult
    static func signInToMastodon(
        server: String, preferences: Preferences, report: @escaping @MainActor (String) -> Void = reportError,
        completion: @escaping @MainActor (ExitCode) -> Void
    ) -> SignInRun {
        let run = SignInRun(report: report, completion: completion)
        let listener: LoopbackRedirect
        do throws(LoopbackRedirect.Failure) { listener = try LoopbackRedirect() } catch {
            report(localized("cannot listen on 127.0.0.1 for the browser: {0}", error.description))
            run.finish(.failure)
            return run
        }
        run.listener = listener
        let signIn = MastodonSignIn(host: server, port: listener.port)
        run.answer(signIn.registerApp) { registered in
            guard let registered else { return run.finish(.failure) }
            do throws(MastodonSignIn.Failure) {
                askConsent(run, signIn, app: try signIn.app(from: registered), preferences: preferences)
            } catch {
                run.failed(error)
            }
        }
        return run
    }

    /// The browser asks the person; the listener waits for its redirect.
    private static func askConsent(
        _ run: SignInRun, _ signIn: MastodonSignIn, app: MastodonSignIn.App, preferences: Preferences
    ) {
        let consent = signIn.authorization(app: app, codeChallenge: CodeChallenge.s256(signIn.codeVerifier))
        do throws(BrowserHandoff.Failure) { try BrowserHandoff.open(consent.url, from: nil) } catch {
            run.report(localized("cannot open the browser: {0}", error.description))
            return run.finish(.failure)
        }
        run.listener?.listen(
            seconds: MastodonSignIn.answerSeconds,
            judge: { path, query in
                switch signIn.callback(path: path, query: query) {
                case .authorized: .accept(page: page(localized("Signed in. You can close this page.")))
                case .denied: .accept(page: page(localized("Not signed in. You can close this page.")))
                case .notOurs: .reject(page: page(localized("This is not the sign-in Compose Window is waiting for.")))
                }
            },
            completion: { redirect in
                guard !run.stopped, !run.isFinished else { return }
                guard let redirect else {
                    run.report(
                        localized(
                            "no answer from the browser within {0} minutes", String(MastodonSignIn.answerSeconds / 60)))
                    return run.finish(.cancelled)
                }
                switch signIn.callback(path: MastodonSignIn.callbackPath, query: redirect) {
                case .authorized(let code): exchange(run, signIn, app: app, code: code, preferences: preferences)
                case .denied(let reason):
                    run.report(localized("{0} did not sign in: {1}", signIn.host, reason))
                    run.finish(.cancelled)
                case .notOurs: run.finish(.cancelled)
                }
            })
    }

    /// The code for a token, the token for the account's name, then the keyring.
    private static func exchange(
        _ run: SignInRun, _ signIn: MastodonSignIn, app: MastodonSignIn.App, code: String, preferences: Preferences
    ) {
        run.answer(signIn.tokenRequest(app: app, code: code)) { tokenAnswer in
            guard let tokenAnswer else { return run.finish(.failure) }
            let credentials: MastodonCredentials
            do throws(MastodonSignIn.Failure) {
                credentials = try signIn.credentials(app: app, tokenAnswer: tokenAnswer)
            } catch {
                return run.failed(error)
            }
            run.answer(signIn.verifyCredentials(credentials)) { verified in
                var account: PostingAccount?
                if let verified {
                    do throws(MastodonSignIn.Failure) { account = try signIn.account(from: verified) } catch {
                        run.report(error.description)
                    }
                }
                guard let account else {
                    // A token nobody will keep is revoked rather than left alive.
                    return run.client.call(credentials.revoke(on: signIn.host)) { _ in run.finish(.failure) }
                }
                run.keep(account, secret: credentials.secret, preferences: preferences)
            }
        }
    }

    /// A page for the browser tab the redirect lands in: our own words only, nothing from the request.
    private static func page(_ text: String) -> String {
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Compose Window</title></head>"
            + "<body><p>" + text + "</p></body></html>"
    }
}

extension SignInRun {
    /// The server refused a step: its words, and exit 1 when it was a refusal (3 otherwise).
    fileprivate func failed(_ error: MastodonSignIn.Failure) {
        report(error.description)
        finish(error.refused ? .cancelled : .failure)
    }
}
