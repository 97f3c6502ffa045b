import CComposeWindowGtkSource
import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Mentions as you type (MentionCompletion): one list per network Send can post to through an
/// account, each under its network's name, asked only while Send posts there. A Bluesky account
/// chosen from the list goes to Send with its DID (PostOptions.mentions), so the post's facet
/// needs no look-up.
extension ComposeWindow {
    func setUpMentions() {
        // Standard output, the clipboard and a browser handoff never post through an account.
        guard target != .stdout else { return }
        // Made with the text's first "@" (typed, pasted or restored): a start without one pays for
        // no completion providers.
        if compose.text.contains("@") { return makeMentionCompletions() }
        mentionWatch = compose.observeText { [weak self] edit in
            guard let self, edit.insertedCount > 0,
                self.counter.slice(Int32(edit.offset), Int32(edit.offset + edit.insertedCount)).contains("@")
            else { return }
            self.mentionWatch = nil
            self.makeMentionCompletions()
        }
    }

    private func makeMentionCompletions() {
        guard let completion = gtk_source_view_get_completion(compose.textView.cast()) else { return }
        mentionCompletions = PostingAccount.Network.allCases.map { network in
            MentionCompletion(
                network: network, view: compose.textView,
                account: { [weak self] in self?.mentionAccount(on: network) },
                chosen: { [weak self] suggestion in
                    if let did = suggestion.did { self?.chosenMentions[suggestion.handle] = did }
                })
        }
        // Alt+1… beside each account read as counts in a list of people; Return and Tab take one.
        Property.set(completion, "accelerators", 0)
        Signal.connect(completion, "show") { [weak self] in self?.mentionListShown = true }
        Signal.connect(completion, "hide") { [weak self] in self?.mentionListShown = false }
    }

    /// The account Send posts with on `network` now; nil when Send does not post there.
    private func mentionAccount(on network: PostingAccount.Network) -> PostingAccount? {
        let accounts = preferences?.accounts ?? []
        for target in [target] + alsoTo.map(\.target) where target.rawValue == network.rawValue {
            return AccountChoice.account(for: target, preferred: accountName, among: accounts)
        }
        return nil
    }

    /// Escape closes the list when one is shown, and only then the window.
    func escape() {
        guard mentionListShown else { return cancel() }
        gtk_source_completion_hide(gtk_source_view_get_completion(compose.textView.cast()))
    }
}
