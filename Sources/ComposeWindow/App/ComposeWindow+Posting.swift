import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Send to a signed-in Mastodon or Bluesky account: through the network's API, exactly once (the
/// outbox and its keys, Poster), the window kept with the text and an error bar until the network
/// has the post.
extension ComposeWindow {
    /// The signed-in account Send posts with for the target; nil: the browser handoff.
    var postingAccount: PostingAccount? {
        let network: PostingAccount.Network
        switch target {
        case .mastodon: network = .mastodon
        case .bluesky: network = .bluesky
        default: return nil
        }
        return preferences?.accounts.first { $0.network == network }
    }

    func post(_ text: String, to account: PostingAccount) {
        // A new plan (new keys) only where no network can have the last one: Retry, and Send after
        // an unknown outcome, reuse it.
        if let poster, poster.plan.text == text || poster.plan.mayHaveBeenSentSomewhere {
            return run(poster, to: account)
        }
        let store: OutboxStore
        do throws(StateFile.Failure) {
            store = try OutboxStore(draftName: options.draftName ?? "default", environment: SystemIO.environment)
        } catch {
            return postFailed([error.description], account: account)
        }
        let plan = PostingPlan(
            text: text, accounts: [account], microsecondsSinceEpoch: UInt64(max(0, g_get_real_time())))
        let created = Poster(
            plan: plan, accounts: preferences?.accounts ?? [account], store: store,
            language: SpellChecking.language(of: compose.textView))
        poster = created
        run(created, to: account)
    }

    private func run(_ poster: Poster, to account: PostingAccount) {
        keepDraftNow()
        infoBar.showPosting(localized("Posting to {0}…", account.name))
        gtk_text_view_set_editable(compose.textView, 0)
        poster.run { [weak self] outcome in
            guard let self else { return }
            gtk_text_view_set_editable(self.compose.textView, 1)
            self.updateCounter()
            switch outcome {
            case .posted(let links): self.finish(.posted(links))
            case .failed(let lines): self.postFailed(lines, account: account)
            }
        }
        updateCounter()
    }

    /// The window stays with the text; the draft is written now and the outbox keeps the post.
    private func postFailed(_ lines: [String], account: PostingAccount) {
        infoBar.showPostFailure(
            lines.joined(separator: "\n"), retry: { [weak self] in self?.send() },
            openInBrowser: { [weak self] in
                guard let self else { return }
                // The account's own server's compose page.
                if self.target == .mastodon { self.mastodonServer = account.host }
                self.handOff(self.compose.text)
            })
        keepDraftNow()
        reportError(
            localized("{0} did not take the post; the window, the draft and the outbox keep it", account.name))
    }
}
