import ComposeWindowCore
import ComposeWindowPostingGlue

/// `--reply-to`'s post found through the account's own network before the window opens, on the
/// main loop (the keyring and the network answer asynchronously): Mastodon's search with
/// `resolve=true` (a signed-in token: the server fetches the post from its own server), Bluesky's
/// resolveHandle and getRecord (public: no session needed). Anything else is one line for exit 2.
@MainActor
enum ReplyResolver {
    static func resolve(
        _ target: ReplyTarget, with account: PostingAccount,
        then: @escaping @MainActor (Result<ReplyParent, ResolveFailure>) -> Void
    ) {
        let client = HTTPSClient(userAgent: AccountCommands.userAgent)
        switch target {
        case .mastodon(let url):
            PostingCredentials.lookUp(account) { credentials in
                guard case .mastodon(let token)? = credentials else {
                    return then(.failure(.notSignedIn(account.name)))
                }
                client.call(ReplyParent.mastodonSearch(url: url, host: account.host, token: token)) { result in
                    _ = client  // the session lives until its answer
                    // A sign-in from before search was asked for (read:search), or one revoked. Any
                    // other 403 is the post kept from this account (its author blocks it, say:
                    // docs/servers.md), which signing in again would not change.
                    if case .success(let answer) = result,
                        let refusal = DeliveryFailure(
                            status: answer.status, retryAfter: nil, serverMessage: answer.serverMessage)
                    {
                        if refusal == .signInAgain || refusal == .scopesMissing {
                            return then(.failure(.searchRefused(account.name)))
                        }
                        if answer.status == 403 { return then(.failure(.notFound(url))) }
                    }
                    then(Self.parent(result, url) { ReplyParent(mastodonSearch: $0, host: account.host) })
                }
            }
        case .bluesky(let author, let recordKey):
            let session = BlueskySession(account: account, accessToken: "", refreshToken: "")
            let record = { (did: String) in
                client.call(ReplyParent.blueskyRecord(repo: did, recordKey: recordKey, session: session)) { result in
                    _ = client
                    then(
                        Self.parent(result, "at://\(author)/\(ReplyTarget.postCollection)/\(recordKey)") {
                            ReplyParent(blueskyRecord: $0, author: author)
                        })
                }
            }
            if author.hasPrefix("did:") { return record(author) }
            client.call(PostingPlan.resolveHandle(author, session: session)) { result in
                guard case .success(let answer) = result, let did = PostingPlan.resolvedDID(answer) else {
                    return then(.failure(.notFound(author)))
                }
                record(did)
            }
        }
    }

    private static func parent(
        _ result: Result<APIAnswer, HTTPSFailure>, _ named: String, _ read: (APIAnswer) -> ReplyParent?
    ) -> Result<ReplyParent, ResolveFailure> {
        switch result {
        case .failure(let failure): .failure(.noAnswer(failure.description))
        case .success(let answer): read(answer).map { .success($0) } ?? .failure(.notFound(named))
        }
    }

    /// Why the post was not found: one line for standard error, exit 2.
    enum ResolveFailure: Error, CustomStringConvertible {
        case notSignedIn(String)
        case searchRefused(String)
        case notFound(String)
        case noAnswer(String)

        var description: String {
            switch self {
            case .notSignedIn(let account):
                localized("--reply-to: the keyring holds no sign-in for {0} (compose-window --sign-in)", account)
            case .searchRefused(let account):
                localized(
                    "--reply-to: {0}'s server refused the search; sign in again (compose-window --sign-in mastodon)",
                    account)
            case .notFound(let named): localized("--reply-to: no post was found at “{0}”", named.onOneLine)
            case .noAnswer(let words): localized("--reply-to: the post could not be looked up: {0}", words)
            }
        }
    }
}
