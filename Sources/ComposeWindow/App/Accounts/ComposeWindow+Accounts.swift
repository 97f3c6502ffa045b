import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The "Post to" menu's accounts, as the command line has them: pick the account Send posts with,
/// sign in to Mastodon (the server, then the browser) or Bluesky (handle and app password), sign
/// out. Problems go to the error bar, one line each.
extension ComposeWindow {
    func setUpAccountMenu() {
        guard let chooser else { return }
        chooser.onChooseAccount = { [weak self] account in
            guard let self else { return }
            self.accountName = account.name
            self.choose(account.network == .mastodon ? .mastodon : .bluesky)
            self.refreshAccounts()
            self.followReplyAccount()
        }
        chooser.onSignIn = { [weak self] network in self?.signIn(to: network) }
        chooser.onSignOut = { [weak self] account in self?.signOut(of: account) }
        limitTargetsToReply()
        refreshAccounts()
    }

    /// The menu and the header bar after the accounts changed.
    func refreshAccounts() {
        let accounts = preferences?.accounts ?? []
        let current = ([target] + alsoTo.map(\.target)).compactMap {
            AccountChoice.account(for: $0, preferred: accountName, among: accounts)
        }
        // A reply: only the accounts that can answer its post.
        let offered = replyNetwork.map { ReplyAnswering.offered(accounts, answering: $0) } ?? accounts
        chooser?.showAccounts(offered, postingWith: current)
        showTarget()
        followServerLimits()
    }

    /// Signing in runs beside the window, never inside a nested main loop: the person goes on
    /// writing while the browser asks them. Meanwhile Send waits (the account it would post with
    /// is not known yet), the bar says what is happening and Stop ends it, and closing the window
    /// ends it too (ComposeWindow.cancel).
    private func signIn(to network: PostingAccount.Network) {
        guard let preferences, signingIn == nil else { return }
        // A run on its way owns the bar until it ends; signing in waits for it.
        guard poster?.isRunning != true else { return gtk_widget_error_bell(window) }
        switch network {
        case .mastodon:
            // Signing in again: the server of the account Send posts with is the likely answer.
            let server = mastodonServer ?? (target == .mastodon ? postingAccount?.host : nil)
            askingToSignIn = true
            ServerDialog.ask(parent: window.cast(), current: server) { [weak self] server in
                guard let self else { return }
                self.askingToSignIn = false
                guard let server, !self.closed, self.signingIn == nil else { return self.retryIfDue() }
                let problems = Problems()
                self.startSignIn(
                    AccountCommands.signInToMastodon(
                        server: server, preferences: preferences, report: { problems.add($0) },
                        completion: { [weak self] in self?.signedIn(network, code: $0, problems: problems) }),
                    saying: localized("Signing in to {0} in your browser…", server))
            }
        case .bluesky:
            askingToSignIn = true
            AppPasswordPrompt.askForAccount(parent: window.cast()) { [weak self] answer in
                guard let self else { return }
                self.askingToSignIn = false
                guard let answer, !self.closed, self.signingIn == nil else { return self.retryIfDue() }
                let problems = Problems()
                self.startSignIn(
                    AccountCommands.signInToBluesky(
                        handle: answer.handle, service: BlueskySession.defaultService, appPassword: answer.password,
                        preferences: preferences, report: { problems.add($0) },
                        completion: { [weak self] in self?.signedIn(network, code: $0, problems: problems) }),
                    saying: localized("Signing in to Bluesky…"))
            }
        }
    }

    /// `run` under way: the bar says so, with Stop. A run that ended at once has already said why.
    private func startSignIn(_ run: SignInRun, saying text: String) {
        guard !run.isFinished else { return }
        signingIn = run
        infoBar.showSigningIn(text) { [weak self] in self?.signingIn?.stop() }
        updateCounter()
        gtk_widget_grab_focus(compose.textView.asWidget)  // back to writing while it runs
    }

    private func signedIn(_ network: PostingAccount.Network, code: ExitCode, problems: Problems) {
        signingIn = nil
        guard !closed, let preferences else { return }
        let signedIn = code == .sent
        // A reply window keeps its post's network: an account of another network is signed in, not chosen.
        if signedIn, let account = preferences.accounts.last, replyNetwork.map({ $0 == network }) ?? true {
            accountName = account.name
            choose(network == .mastodon ? .mastodon : .bluesky)
        }
        let said = problems.lines.joined(separator: "\n")
        if let shownPostFailure, poster?.plan != nil {
            // The post's bar comes back (Retry, Discard…), under what the sign-in said.
            showPostFailureBar(said.isEmpty ? shownPostFailure : said + "\n" + shownPostFailure)
        } else if !signedIn, !said.isEmpty {
            infoBar.showSendFailure(said)
        } else {
            infoBar.dismiss()
        }
        refreshAccounts()
        updateCounter()
        followReplyAccount()
        retryIfDue()  // one that fell due while signing in
    }

    private func signOut(of account: PostingAccount) {
        guard let preferences, signingIn == nil else { return }
        let problems = Problems()
        let signedOut: @MainActor (ExitCode) -> Void = { [weak self] _ in
            guard let self, !self.closed else { return }
            if problems.lines.isEmpty {
                self.infoBar.dismiss()
            } else {
                self.infoBar.showSendFailure(problems.lines.joined(separator: "\n"))
            }
            if self.accountName == account.name { self.accountName = nil }
            self.refreshAccounts()
            self.followReplyAccount()  // the account Send falls back to may be on another server
        }
        AccountCommands.signOut(account, preferences: preferences, report: { problems.add($0) }, completion: signedOut)
    }
}

/// The lines a sign-in or sign-out reported, for the error bar.
@MainActor
private final class Problems {
    private(set) var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}
