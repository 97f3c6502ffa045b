import CComposeWindowGtkSource
import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Mentions as the person types them, for one network (MentionQuery decides what is a mention
/// and what is asked): GtkSourceView's completion offers the accounts the network's search finds
/// while Send posts there through a signed-in account. GtkSourceCompletion asks only after a pause
/// in typing (the provider's delay); each search is called off (GCancellable) as soon as the
/// person types on or closes the list, and any failure (offline, signed out) offers nothing.
@MainActor
final class MentionCompletion: CompletionSource {
    /// GtkSourceCompletion waits this long after the last key before asking.
    static let delayMilliseconds: Int32 = 300

    let network: PostingAccount.Network
    /// The account Send posts with on this network now, if any.
    private let account: @MainActor () -> PostingAccount?
    /// A chosen account, for Send (Bluesky: its handle and DID).
    private let chosen: @MainActor (MentionQuery.Suggestion) -> Void
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>
    private let view: UnsafeMutablePointer<GtkTextView>
    private var provider: CompletionProvider?
    private let client = HTTPSClient(userAgent: AccountCommands.userAgent)
    /// The keyring's sign-in, asked once per account (a D-Bus call, never on every key); dropped
    /// when the network refuses it, so the next search asks the keyring again.
    private var credentials: (account: String, credentials: PostingPlan.Credentials)?
    /// What the list shows now.
    private var suggestions: [MentionQuery.Suggestion] = []

    init(
        network: PostingAccount.Network, view: UnsafeMutablePointer<GtkTextView>,
        account: @escaping @MainActor () -> PostingAccount?,
        chosen: @escaping @MainActor (MentionQuery.Suggestion) -> Void
    ) {
        self.network = network
        self.view = view
        buffer = gtk_text_view_get_buffer(view)
        self.account = account
        self.chosen = chosen
        let provider = CompletionProvider(
            source: self, name: network.displayName, delayMilliseconds: Self.delayMilliseconds)
        provider.add(to: view.cast())
        self.provider = provider
    }

    func matches(caret: GtkTextIter) -> Bool {
        gtk_text_view_get_editable(view) != 0 && account() != nil && query(at: caret) != nil
    }

    func populate(_ request: CompletionRequest) {
        guard let query = query(at: request.caret), let account = account() else { return request.finish(labels: []) }
        withCredentials(for: account) { [weak self] credentials in
            guard let self, !request.isCancelled else { return }
            guard let credentials, let search = query.request(for: account, credentials: credentials) else {
                return request.finish(labels: [])
            }
            let cancellation = Cancellation()
            request.onCancel = { cancellation.cancel() }
            self.client.call(search, cancellation: cancellation) { [weak self] result in
                guard let self, !request.isCancelled else { return }
                guard case .success(let answer) = result else { return request.finish(labels: []) }
                if answer.status == 401 || BlueskySession.accessTokenExpired(answer) { self.credentials = nil }
                self.suggestions = MentionQuery.suggestions(answer, network: self.network)
                request.finish(labels: self.suggestions.map(\.label))
            }
        }
    }

    func activate(proposal index: Int) -> Bool {
        guard suggestions.indices.contains(index) else { return false }
        let suggestion = suggestions[index]
        var caret = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &caret, gtk_text_buffer_get_insert(buffer))
        // What is typed now is replaced (one undo step), wherever the list was asked from.
        gtk_text_buffer_begin_user_action(buffer)
        if let typed = query(at: caret) {
            var start = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &start, gint(typed.range.lowerBound))
            gtk_text_buffer_delete(buffer, &start, &caret)
        }
        gtk_text_buffer_insert_at_cursor(buffer, suggestion.insert, -1)
        gtk_text_buffer_end_user_action(buffer)
        chosen(suggestion)
        return true
    }

    /// The mention typed before `caret` (the line up to it is enough: a mention has no line break).
    private func query(at caret: GtkTextIter) -> MentionQuery? {
        var end = caret
        var start = caret
        gtk_text_iter_set_line_offset(&start, 0)
        if gtk_text_iter_get_offset(&end) - gtk_text_iter_get_offset(&start) > 300 {
            gtk_text_iter_set_offset(&start, gtk_text_iter_get_offset(&end) - 300)
        }
        guard let characters = gtk_text_iter_get_text(&start, &end) else { return nil }
        defer { g_free(characters) }
        return MentionQuery.typed(
            before: Array(String(cString: characters).unicodeScalars), caret: Int(gtk_text_iter_get_offset(&end)))
    }

    private func withCredentials(
        for account: PostingAccount, then: @escaping @MainActor (PostingPlan.Credentials?) -> Void
    ) {
        if let known = credentials, known.account == account.name { return then(known.credentials) }
        PostingCredentials.lookUp(account) { [weak self] found in
            if let found { self?.credentials = (account.name, found) }
            then(found)
        }
    }
}
