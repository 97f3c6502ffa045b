import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A reply stays a reply on its own network (ReplyAnswering): "Post to" offers only the accounts
/// that can answer the post, and a Mastodon account on another server finds the post through its
/// own server before Send may go (a status id is only its server's). Found, the reply answers it
/// there; not found, the account Send posts with stays the one before, and the bar says why.
extension ComposeWindow {
    /// The network of the post answered: given now, or of a post the outbox resumes.
    var replyNetwork: PostingAccount.Network? { replyParent?.network ?? poster?.plan?.replyNetwork }

    /// Whether Send waits for an account: signing in, or the post being found through its server.
    var waitingForAccount: Bool { signingIn != nil || findingReply != nil }

    /// The targets a reply window offers: its post's network, and the clipboard (which posts nothing).
    func limitTargetsToReply() {
        guard let network = replyNetwork else { return }
        chooser?.allowOnly([network == .bluesky ? .bluesky : .mastodon, .clipboard])
    }

    /// The account Send posts with is now `postingAccount` (chosen, or signed in), and was
    /// `previous`: one on another Mastodon server finds the post first.
    func followReplyAccount(previous: String?) {
        guard let parent = replyParent, case .mastodon(let url)? = options.replyTo,
            let account = postingAccount, case .findAgain(let server) = parent.answered(by: account)
        else { return }
        let search = ReplySearch()
        findingReply = search
        infoBar.showPosting(localized("Finding the post through {0}…", server))
        updateCounter()
        ReplyResolver.resolve(.mastodon(url: url), with: account) { [weak self] result in
            guard let self, !self.closed, self.findingReply === search else { return }
            self.findingReply = nil
            switch result {
            case .success(let found):
                self.replyParent = found
                self.infoBar.dismiss()
            case .failure:
                // Never another post in its place: the reply stays with the account that found it.
                self.accountName = previous
                self.refreshAccounts()
                let line = localized(
                    "{0}’s server could not find the post; the reply stays with {1}.", account.name,
                    self.postingAccount?.name ?? "")
                self.infoBar.showSendFailure(line)
                reportError(line)
            }
            self.updateCounter()
            self.retryIfDue()
        }
    }

    /// Send refused: these accounts cannot answer the post as it was found.
    func cannotAnswer(_ names: [String]) {
        gtk_widget_error_bell(window)
        infoBar.showSendFailure(
            localized(
                "{0} cannot answer this post, which was found through another server; choose the account it was started with in “Post to”.",
                names.joined(separator: ", ")))
    }
}

/// One search for the post through a newly chosen account's server (an answer to an older one is
/// ignored).
@MainActor
final class ReplySearch {}
