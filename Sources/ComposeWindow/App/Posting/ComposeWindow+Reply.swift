import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A reply (`--reply-to`): the window says what it answers (the author and the first line, as plain
/// text), and on Mastodon starts as Mastodon's own composer does: the mentions at the start of the
/// text (counted like any text) and a visibility no more public than the post's.
extension ComposeWindow {
    func showReply() {
        guard let parent = replyParent else { return }
        showReplyHeader(author: parent.author, parent.firstLine)
        replyAccount = postingAccount?.name
        guard target == .mastodon, let account = postingAccount else { return }
        let mentions = MastodonReply.mentions(
            author: String(parent.author.dropFirst()), mentioned: parent.mentioned,
            replyingAs: String(account.name.dropFirst()))
        let text = compose.text
        if !text.hasPrefix(mentions) { compose.text = mentions + text }
        replyMentions = mentions
        if let parentVisibility = parent.visibility {
            let chosen = postOptionsRow.options.visibility ?? account.defaultVisibility ?? .public
            let narrowed = MastodonReply.visibility(chosen: chosen, parent: parentVisibility)
            if narrowed != chosen {
                var options = postOptionsRow.options
                options.visibility = narrowed
                postOptionsRow.show(options)
            }
        }
    }

    /// "Replying to @bob@example.social: the first line", as plain text above the text: for the
    /// post given now, or one the outbox resumes.
    func showReplyHeader(author: String, _ firstLine: String) {
        gtk_label_set_text(replyHeader.cast(), localized("Replying to {0}: {1}", author, firstLine))
        gtk_widget_set_tooltip_text(replyHeader, firstLine)
        gtk_widget_show(replyHeader)
    }
}
