/// What Mastodon's own composer puts in a reply, so that one from here reads the same: the
/// author's and every mentioned account's mention at the start of the text, and a visibility no
/// more public than the post replied to.
public enum MastodonReply {
    /// "@bob @carol@example.social ": the author, then the accounts the post mentions, in order,
    /// each once, without the account replying (accts as the replying account's server gives them).
    public static func mentions(author: String, mentioned: [String], replyingAs own: String) -> String {
        var seen = Set<String>()
        var text = ""
        for acct in [author] + mentioned where !acct.isEmpty && acct.lowercased() != own.lowercased() {
            if seen.insert(acct.lowercased()).inserted { text += "@\(acct) " }
        }
        return text
    }

    /// The reply's visibility: the one chosen, narrowed to the parent's (a reply to a followers-only
    /// post is followers-only at most).
    package static func visibility(
        chosen: PostOptions.Visibility, parent: PostOptions.Visibility
    ) -> PostOptions.Visibility {
        let order = PostOptions.Visibility.allCases
        return order[max(order.firstIndex(of: chosen)!, order.firstIndex(of: parent)!)]
    }
}
