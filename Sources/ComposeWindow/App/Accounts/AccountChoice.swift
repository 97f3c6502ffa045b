import ComposeWindowCore

/// `--account ACCOUNT`: which signed-in account Send posts with. It must be one `--accounts` lists;
/// without `--to`, Send goes to its network, and a `--to` of another network is an error.
@MainActor
enum AccountChoice {
    static func apply(to options: inout ComposeOptions) throws(Invocation.Failure) {
        guard let name = options.accountName else { return }
        guard let account = Preferences().accounts.named(name) else {
            throw Invocation.Failure(
                code: .usage,
                description: localized("--account: no account “{0}” is signed in (see --accounts)", name.onOneLine))
        }
        let network: PostTarget = account.network == .mastodon ? .mastodon : .bluesky
        if options.target == nil || options.target == .stdout && !options.targetGiven {
            options.target = network
        } else if options.target != network {
            throw Invocation.Failure(
                code: .usage,
                description: localized(
                    "--account: {0} is a {1} account, not for --to {2}", account.name,
                    TargetChooser.name(of: network, server: nil), options.target?.rawValue ?? ""))
        }
    }

    /// The account Send posts with for `target`: the `preferred` one (`--account`, or the one picked
    /// in the menu), else the network's first.
    static func account(for target: PostTarget, preferred: String?, among accounts: [PostingAccount])
        -> PostingAccount?
    {
        let network: PostingAccount.Network
        switch target {
        case .mastodon: network = .mastodon
        case .bluesky: network = .bluesky
        default: return nil
        }
        let candidates = accounts.filter { $0.network == network }
        if let name = preferred, let chosen = candidates.named(name) { return chosen }
        return candidates.first
    }
}
