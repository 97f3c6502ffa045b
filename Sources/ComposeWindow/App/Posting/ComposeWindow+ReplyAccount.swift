import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A reply stays a reply on its own network (ReplyAnswering): "Post to" offers only the accounts
/// that can answer the post, and a Mastodon account on another server finds the post through its
/// own server before Send may go (a status id is only its server's). Found, the reply answers it
/// there; not found, Send posts with the account that found it, and the bar says why. No browser
/// hand-off for a reply: the networks' compose pages would make it a post of its own.
extension ComposeWindow {
    /// The network of the post answered: given now, or of a post the outbox resumes.
    var replyNetwork: PostingAccount.Network? { replyParent?.network ?? poster?.plan?.replyNetwork }

    /// Whether Send waits for an account: signing in, or the post answered or quoted being found.
    var waitingForAccount: Bool { signingIn != nil || findingReply != nil || findingQuote }

    /// The targets a reply window offers: its post's network, and the clipboard (which posts nothing).
    func limitTargetsToReply() {
        guard let network = replyNetwork else { return }
        chooser?.allowOnly([network == .bluesky ? .bluesky : .mastodon, .clipboard])
    }

    /// The account Send posts with may have changed (chosen, signed in, signed out): one on another
    /// Mastodon server finds the post first; a search for an account no longer chosen is dropped.
    func followReplyAccount() {
        let wasSearching = findingReply != nil
        findingReply = nil  // an answer for an account no longer chosen is not taken
        defer { updateCounter() }
        guard let parent = replyParent, let account = postingAccount else {
            if wasSearching { showBarAfterSearch(nil) }
            return
        }
        guard case .mastodon(let url)? = options.replyTo, case .findAgain(let server) = parent.answered(by: account)
        else {
            if parent.answered(by: account) == .asFound { replyAccount = account.name }
            if account.network == .mastodon { followReplyMentions(replyingAs: account) }
            if wasSearching { showBarAfterSearch(nil) }
            return
        }
        let search = ReplySearch()
        findingReply = search
        infoBar.showPosting(localized("Finding the post through {0}…", server))
        ReplyResolver.resolve(.mastodon(url: url), with: account) { [weak self] result in
            guard let self, !self.closed, self.findingReply === search else { return }
            self.findingReply = nil
            switch result {
            case .success(let found):
                self.replyParent = found
                self.replyAccount = account.name
                self.followReplyMentions(replyingAs: account)
                self.showBarAfterSearch(nil)
            case .failure:
                // Never another post in its place: the account that found the post posts it.
                let signedIn = self.preferences?.accounts ?? []
                let kept = signedIn.first { $0.name == self.replyAccount }
                let line: String
                if let kept {
                    self.accountName = kept.name
                    self.refreshAccounts()
                    if let posting = self.postingAccount { self.followReplyMentions(replyingAs: posting) }
                    line = localized(
                        "{0}’s server could not find the post; the reply stays with {1}.", account.name, kept.name)
                } else {
                    line = localized("{0}’s server could not find the post.", account.name)
                }
                reportError(line)
                self.showBarAfterSearch(line)
            }
            self.updateCounter()
            self.retryIfDue()
        }
    }

    /// The bar once a search ended: the post's own bar (Retry, Discard…) under `line` while the
    /// post failed before, else `line` alone, else none.
    private func showBarAfterSearch(_ line: String?) {
        guard poster?.isRunning != true else { return }  // a run on its way owns the bar
        if let shownPostFailure, poster?.plan != nil {
            showPostFailureBar(line.map { $0 + "\n" + shownPostFailure } ?? shownPostFailure)
        } else if let line {
            infoBar.showSendFailure(line)
        } else {
            infoBar.dismiss()
        }
    }

    /// Mastodon's mentions at the start of the text, as the account now answering would have them
    /// (never its own; the one before, if mentioned, now is): the start is replaced only while the
    /// text still starts with what the window put there.
    func followReplyMentions(replyingAs account: PostingAccount) {
        guard let parent = replyParent, parent.network == .mastodon else { return }
        let mentions = MastodonReply.mentions(
            author: String(parent.author.dropFirst()), mentioned: parent.mentioned,
            replyingAs: String(account.name.dropFirst()))
        let text = compose.text
        // Once Send made a post of the text, the text is the post's: the mentions stay as sent.
        guard poster?.plan == nil, let shown = replyMentions, mentions != shown, text.hasPrefix(shown) else { return }
        compose.text = mentions + text.dropFirst(shown.count)
        replyMentions = mentions
    }

    /// Send refused: these accounts cannot answer the post as it was found.
    func cannotAnswer(_ names: [String]) {
        gtk_widget_error_bell(window)
        infoBar.showSendFailure(
            localized(
                "{0} cannot answer this post, which was found through another server; choose the account it was started with in “Post to”.",
                names.joined(separator: ", ")))
    }

    /// A reply with no account of its network: Send says to sign in, never hands off to a browser.
    func replyNeedsAnAccount() {
        gtk_widget_error_bell(window)
        let network = replyNetwork == .bluesky ? "Bluesky" : "Mastodon"
        let line = localized(
            "A reply is posted by a signed-in {0} account: sign in (Post to → Sign in to {0}…).", network)
        infoBar.showSendFailure(line)
        reportError(line)
    }
}

/// One search for the post through a newly chosen account's server (an answer to an older one is
/// ignored).
@MainActor
final class ReplySearch {}
