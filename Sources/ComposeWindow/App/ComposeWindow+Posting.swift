import ComposeWindowCore
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Send to a signed-in Mastodon or Bluesky account: through the network's API, exactly once (the
/// outbox and its keys, Poster), the window kept with the text and an error bar until the network
/// has the post.
extension ComposeWindow {
    /// The signed-in account Send posts with for the target; nil: the browser handoff.
    var postingAccount: PostingAccount? {
        AccountChoice.account(for: target, preferred: accountName, among: preferences?.accounts ?? [])
    }

    /// Counts as the Mastodon server does (its own limit and URL weight) when Send posts to an
    /// account there: the cached figures at once, the server's answer when it comes.
    func followServerLimits() {
        guard target == .mastodon, let account = postingAccount else {
            serverLimits = nil
            return rulesChanged(nil)
        }
        // Already following this server's.
        if serverLimits?.host == account.host { return rulesChanged(serverRules) }
        let limits = ServerLimits(host: account.host)
        serverLimits = limits
        let cached = limits.current { [weak self] fresh in
            guard let self, self.serverLimits === limits else { return }
            self.rulesChanged(fresh)
        }
        rulesChanged(cached)
    }

    /// The server's figures (nil: the network's own) for the counter, the overflow and Send.
    private func rulesChanged(_ rules: MastodonRules.Limits?) {
        serverRules = rules
        let rule = countingRule(for: target)
        if counter.counter.rule != rule { counter.recount(by: rule) }
        overflow.reconfigure(rule: rule, limit: limit)
        updateCounter()
    }

    /// A post left in the outbox by a process that ended before every network had it (a crash, a
    /// kill, a closed window): the window shows it with what is known, and Send is the safe retry.
    func resumeOutbox() {
        guard
            let store = try? OutboxStore(draftName: options.draftName ?? "default", environment: SystemIO.environment),
            let saved = try? store.load(), let plan = (try? JSONText.value(of: saved)).flatMap(PostingPlan.init(file:))
        else { return }
        if plan.isConfirmedEverywhere { return alreadyPosted(plan, outbox: store) }
        compose.text = plan.text
        let accounts = (preferences ?? Preferences()).accounts
        poster = Poster(
            plan: plan, accounts: accounts, store: store, language: SpellChecking.language(of: compose.textView))
        let names = plan.accountNames.joined(separator: ", ")
        infoBar.showPostFailure(
            plan.mayHaveBeenSentSomewhere
                ? localized(
                    "This post may have been sent to {0}: compose-window stopped before the network answered. Send checks first and will not post it twice.",
                    names)
                : localized("This post was not sent to {0}. Send to try again.", names),
            retry: { [weak self] in self?.send() }, openInBrowser: { [weak self] in self?.handOff(plan.text) })
    }

    /// Every network had the post before the process ended (between the answer and the draft's
    /// removal): the text it still shows is not offered to Send again, and the person is told where
    /// the post is.
    private func alreadyPosted(_ plan: PostingPlan, outbox: OutboxStore) {
        if compose.text == plan.text {
            compose.text = ""
            discardDraft()
        }
        do { try outbox.remove() } catch { reportError(error.description) }
        infoBar.showAlreadyPosted(
            localized(
                "This post is already on {0}: {1}", plan.accountNames.joined(separator: ", "),
                plan.links.joined(separator: " ")),
            open: { [weak self] in
                guard let self, let link = plan.links.first else { return }
                try? BrowserHandoff.open(link, from: self.window.cast())
            })
    }

    /// Send while a post is in the outbox: that post again, with its keys (when the text was edited
    /// after it certainly reached no network, the edited text is a new post).
    func resumePosting(_ text: String) -> Bool {
        guard let poster, !poster.plan.isConfirmedEverywhere,
            poster.plan.text == text || poster.plan.mayHaveBeenSentSomewhere
        else { return false }
        run(poster, to: poster.plan.accountNames.joined(separator: ", "))
        return true
    }

    /// `--to mastodon,bluesky`: every network needs a signed-in account; each then gets the post
    /// on its own.
    func postEverywhere(_ text: String) {
        let accounts = preferences?.accounts ?? []
        var chosen: [PostingAccount] = []
        for network in [target] + alsoTo.map(\.target) {
            guard let account = AccountChoice.account(for: network, preferred: accountName, among: accounts) else {
                let name = TargetChooser.name(of: network, server: nil)
                return postFailed(
                    [localized("{0}: no account is signed in (compose-window --sign-in {1}).", name, network.rawValue)],
                    accounts: name)
            }
            chosen.append(account)
        }
        post(text, to: chosen)
    }

    func post(_ text: String, to accounts: [PostingAccount]) {
        let store: OutboxStore
        do throws(StateFile.Failure) {
            store = try OutboxStore(draftName: options.draftName ?? "default", environment: SystemIO.environment)
        } catch {
            return postFailed([error.description], accounts: accounts.map(\.name).joined(separator: ", "))
        }
        let plan = PostingPlan(
            text: text, accounts: accounts, microsecondsSinceEpoch: UInt64(max(0, g_get_real_time())))
        let created = Poster(
            plan: plan, accounts: preferences?.accounts ?? accounts, store: store,
            language: SpellChecking.language(of: compose.textView))
        poster = created
        run(created, to: accounts.map(\.name).joined(separator: ", "))
    }

    private func run(_ poster: Poster, to accounts: String) {
        keepDraftNow()
        infoBar.showPosting(localized("Posting to {0}…", accounts))
        gtk_text_view_set_editable(compose.textView, 0)
        poster.run { [weak self] outcome in
            guard let self else { return }
            gtk_text_view_set_editable(self.compose.textView, 1)
            self.updateCounter()
            switch outcome {
            case .posted(let links): self.finish(.posted(links, outbox: poster.store))
            case .failed(let lines): self.postFailed(lines, accounts: accounts)
            }
        }
        updateCounter()
    }

    /// The window stays with the text; the draft is written now and the outbox keeps the post.
    private func postFailed(_ lines: [String], accounts: String) {
        infoBar.showPostFailure(
            lines.joined(separator: "\n"), retry: { [weak self] in self?.send() },
            openInBrowser: { [weak self] in
                guard let self else { return }
                // The account's own server's compose page.
                if self.target == .mastodon, let account = self.postingAccount { self.mastodonServer = account.host }
                self.handOff(self.compose.text)
            })
        keepDraftNow()
        reportError(
            localized("{0} did not take the post; the window, the draft and the outbox keep it", accounts))
    }
}
