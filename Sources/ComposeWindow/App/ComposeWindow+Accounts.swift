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
        }
        chooser.onSignIn = { [weak self] network in self?.signIn(to: network) }
        chooser.onSignOut = { [weak self] account in self?.signOut(of: account) }
        refreshAccounts()
    }

    /// The menu and the header bar after the accounts changed.
    func refreshAccounts() {
        let accounts = preferences?.accounts ?? []
        let current = ([target] + alsoTo.map(\.target)).compactMap {
            AccountChoice.account(for: $0, preferred: accountName, among: accounts)
        }
        chooser?.showAccounts(accounts, postingWith: current)
        showTarget()
        followServerLimits()
    }

    private func signIn(to network: PostingAccount.Network) {
        guard let preferences else { return }
        let problems = Problems()
        let code: ExitCode
        switch network {
        case .mastodon:
            guard let server = ServerDialog.ask(parent: window.cast(), current: mastodonServer) else { return }
            infoBar.showPosting(localized("Signing in to {0} in your browser…", server))
            gtk_widget_set_sensitive(compose.textView.asWidget, 0)
            code = AccountCommands.signInToMastodon(server: server, preferences: preferences) { problems.add($0) }
            gtk_widget_set_sensitive(compose.textView.asWidget, 1)
        case .bluesky:
            guard let answer = AppPasswordPrompt.askForAccount(parent: window.cast()) else { return }
            code = AccountCommands.signInToBluesky(
                handle: answer.handle, service: BlueskySession.defaultService, appPassword: answer.password,
                preferences: preferences
            ) { problems.add($0) }
        }
        if code == .sent, let account = preferences.accounts.last {
            infoBar.dismiss()
            accountName = account.name
            choose(network == .mastodon ? .mastodon : .bluesky)
        } else if !problems.lines.isEmpty {
            infoBar.showSendFailure(problems.lines.joined(separator: "\n"))
        } else {
            infoBar.dismiss()
        }
        refreshAccounts()
    }

    private func signOut(of account: PostingAccount) {
        guard let preferences else { return }
        let problems = Problems()
        _ = AccountCommands.signOut(account, preferences: preferences) { problems.add($0) }
        if problems.lines.isEmpty {
            infoBar.dismiss()
        } else {
            infoBar.showSendFailure(problems.lines.joined(separator: "\n"))
        }
        if accountName == account.name { accountName = nil }
        refreshAccounts()
    }
}

/// The lines a sign-in or sign-out reported, for the error bar.
@MainActor
private final class Problems {
    private(set) var lines: [String] = []
    func add(_ line: String) { lines.append(line) }
}
