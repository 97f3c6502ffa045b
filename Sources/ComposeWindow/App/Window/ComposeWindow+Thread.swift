import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A text over a network's limit as a thread (ThreadDraft decides): offered beside the counter
/// when every network Send posts to takes threads (a signed-in Mastodon or Bluesky account), each
/// post shown in the text, the counter on the post being typed, and Send posting its parts.
extension ComposeWindow {
    /// Each network Send posts to with its rule and its limit a post (Mastodon's less the content
    /// warning's units: the warning goes on every post); nil when one of them cannot take a thread.
    var threadNetworks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)]? {
        let accounts = preferences?.accounts ?? []
        var networks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)] = []
        for network in [target] + alsoTo.map(\.target) {
            guard let posting = PostingAccount.Network(rawValue: network.rawValue), let limit = limit(for: network),
                AccountChoice.account(for: network, preferred: accountName, among: accounts) != nil
            else { return nil }
            networks.append((posting, countingRule(for: network), max(1, limit - warningUnits(for: network))))
        }
        return networks
    }

    /// The networks a thread of a text of this length may go to: nil when one of Send's networks
    /// takes none, or the text would be more posts than a thread is offered for.
    private var offeredNetworks: [(network: PostingAccount.Network, rule: CountingRule, limit: Int)]? {
        let characters = Int(gtk_text_buffer_get_char_count(compose.buffer))
        guard let networks = threadNetworks,
            networks.allSatisfy({ ThreadDraft.mayBeOffered(characters: characters, limit: $0.limit) })
        else { return nil }
        return networks
    }

    /// The thread the counter follows: the latest split, when a thread is offered and chosen; nil
    /// otherwise. `textChanged`: split again (after a pause in typing).
    func followThread(textChanged: Bool) -> ThreadDraft? {
        guard let networks = offeredNetworks else {
            threadRow.clear()
            threadRow.show(offered: false, chosen: false, hasMarker: false)
            return nil
        }
        if textChanged || threadRow.draft == nil {
            threadRow.split({ [unowned self] in self.compose.text }, networks: networks)
        }
        let hasMarker = threadRow.draft?.hasMarker ?? false
        let offered = threadRow.draft != nil && (hasMarker || !fitsEveryNetwork)
        let chosen = offered && threadRow.isChosen(text: hasMarker)
        threadRow.show(offered: offered, chosen: chosen, hasMarker: hasMarker)
        return chosen ? threadRow.draft : nil
    }

    /// The posts Send makes of `text`, split from this very text (never an older one): each
    /// network's parts when a thread is offered and chosen, none when the text goes as one post;
    /// nil when a post of the thread would not fit.
    func threadParts(of text: String) -> [PostingAccount.Network: [String]]? {
        guard let networks = offeredNetworks else { return [:] }
        // The split made while typing when it was of this very text (splitting anew is the
        // exception: Send pressed within 150 ms of an edit).
        let draft = threadRow.draft(for: text, networks: networks)
        guard draft.hasMarker || !fitsEveryNetwork, threadRow.isChosen(text: draft.hasMarker) else { return [:] }
        return draft.canSend ? draft.parts(of: text) : nil
    }

    /// The caret's offset in characters: the counter counts the post it is in.
    var caretOffset: Int {
        var caret = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(compose.buffer, &caret, gtk_text_buffer_get_insert(compose.buffer))
        return Int(gtk_text_iter_get_offset(&caret))
    }

    /// Ctrl+Shift+Return: a post ends here, with a line holding only the marker (a line of its own,
    /// so it stays visible and can be moved or deleted like any text; one undo takes it away).
    func insertThreadMarker() {
        guard gtk_text_view_get_editable(compose.textView) != 0 else { return gtk_widget_error_bell(window) }
        var caret = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(compose.buffer, &caret, gtk_text_buffer_get_insert(compose.buffer))
        let marker = (gtk_text_iter_starts_line(&caret) != 0 ? "" : "\n") + ThreadSplitter.marker + "\n"
        gtk_text_buffer_begin_user_action(compose.buffer)
        gtk_text_buffer_insert_at_cursor(compose.buffer, marker, -1)
        gtk_text_buffer_end_user_action(compose.buffer)
    }
}
