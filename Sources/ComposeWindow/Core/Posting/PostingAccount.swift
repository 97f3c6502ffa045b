/// A signed-in account as the desktop remembers it, with nothing secret: its network, its name as
/// `--accounts` prints it, and where its API is. Its tokens are in the keyring under the same name.
package struct PostingAccount: Hashable, Sendable {
    package enum Network: String, CaseIterable, Sendable {
        case mastodon, bluesky

        /// Its name as the window writes it.
        package var displayName: String { self == .mastodon ? "Mastodon" : "Bluesky" }
    }

    package let network: Network
    /// "@alice@mastodon.social", "@alice.bsky.social".
    package let name: String
    /// Mastodon: the server. Bluesky: the account's PDS, from its DID document.
    package let host: String
    /// Bluesky: the DID (the repository createRecord writes to); empty for Mastodon.
    package let identity: String
    /// Mastodon: who sees a post by default (verify_credentials' `source.privacy` at sign-in); the
    /// window's visibility starts there.
    package let defaultVisibility: PostOptions.Visibility?
    /// Mastodon from 4.5: who may quote a post by default (`source.quote_policy` at sign-in); the
    /// window's "who can reply and quote" starts there. nil: not said (an older server, or an
    /// account signed in before this was kept).
    package let defaultQuotes: ReplyGate?

    package init(
        network: Network, name: String, host: String, identity: String = "",
        defaultVisibility: PostOptions.Visibility? = nil, defaultQuotes: ReplyGate? = nil
    ) {
        self.network = network
        self.name = name
        self.host = host
        self.identity = identity
        self.defaultVisibility = defaultVisibility
        self.defaultQuotes = defaultQuotes
    }

    /// The line `--accounts` prints: "bluesky @alice.bsky.social".
    package var listing: String { network.rawValue + " " + name }

    /// As GSettings keeps it (a{ss}).
    package var fields: [String: String] {
        var fields = ["network": network.rawValue, "name": name, "host": host, "identity": identity]
        if let defaultVisibility { fields["visibility"] = defaultVisibility.rawValue }
        if let defaultQuotes { fields["quotes"] = defaultQuotes.rawValue }
        return fields
    }

    /// From GSettings' fields; nil for an entry this version cannot use.
    package init?(fields: [String: String]) {
        guard let network = fields["network"].flatMap(Network.init(rawValue:)), let name = fields["name"],
            name.hasPrefix("@"), let host = fields["host"].flatMap({ try? ServerName.validate($0) })
        else { return nil }
        self.init(
            network: network, name: name, host: host, identity: fields["identity"] ?? "",
            defaultVisibility: fields["visibility"].flatMap(PostOptions.Visibility.init(rawValue:)),
            defaultQuotes: fields["quotes"].flatMap(ReplyGate.init(rawValue:)))
    }
}

extension [PostingAccount] {
    /// The list with `account` added, replacing one of the same name on the same network.
    package func adding(_ account: PostingAccount) -> [PostingAccount] {
        filter { !($0.network == account.network && $0.name == account.name) } + [account]
    }

    /// The account `--sign-out` or `--account` names, as `--accounts` prints it (the leading '@'
    /// may be left out).
    package func named(_ name: String) -> PostingAccount? {
        let wanted = (name.hasPrefix("@") ? name : "@" + name).lowercased()
        return first { $0.name.lowercased() == wanted }
    }
}
