import ComposeWindowCore
import ComposeWindowPostingGlue

/// An account's sign-in as the keyring holds it: Mastodon's token, or Bluesky's session. Asked
/// asynchronously: the keyring is a D-Bus service that may be slow, or locked and asking.
@MainActor
enum PostingCredentials {
    /// `account`'s credentials to `then`, or nil when the keyring holds none it can use.
    static func lookUp(_ account: PostingAccount, then: @escaping @MainActor (PostingPlan.Credentials?) -> Void) {
        AccountSecrets.lookup(network: account.network.rawValue, account: account.name) { result in
            let secret = (try? result.get()).flatMap { $0 }.flatMap { try? JSONText.value(of: $0) }
            then(
                secret.flatMap { secret in
                    switch account.network {
                    case .mastodon: MastodonCredentials(secret: secret).map { .mastodon(token: $0.accessToken) }
                    case .bluesky: BlueskySession(account: account, secret: secret).map { .bluesky($0) }
                    }
                })
        }
    }
}
