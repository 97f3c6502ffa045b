/// The Bluesky accounts chosen from the mention list (MentionQuery's suggestions): what Send keeps
/// of them, and what the record's facets take.
extension PostOptions {
    /// These options with the accounts chosen from the list that `text` still mentions (a mention
    /// typed over or deleted is dropped): what Send records in the outbox.
    package func withMentions(chosen: [String: String], in text: String) -> PostOptions {
        guard !chosen.isEmpty else {  // the usual case: no text to read through
            var options = self
            options.mentions = [:]
            return options
        }
        let mentioned = Set(BlueskyPost.mentionedHandles(in: text))
        var options = self
        options.mentions = chosen.filter { mentioned.contains($0.key) && Self.isMention(handle: $0.key, did: $0.value) }
        return options
    }

    /// A handle and a DID as the list gives them (a file may have been edited: never trusted as read).
    static func isMention(handle: String, did: String) -> Bool {
        (1...253).contains(handle.unicodeScalars.count)
            && handle.unicodeScalars.allSatisfy { MentionQuery.isNameCharacter($0) && $0 != "@" }
            && ReplyTarget.isDID(did)
    }
}
