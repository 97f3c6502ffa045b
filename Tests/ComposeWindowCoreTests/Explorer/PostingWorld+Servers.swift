@testable import ComposeWindowCore

/// Accounts on two Mastodon servers (docs/servers.md: a status id is only its server's): Bob's post
/// is one post, with another id on other.example. Switching to an account there, the window finds
/// the post through that server (ComposeWindow+ReplyAccount); a reply must name the post as the
/// server it goes to calls it, never another server's id, and never go without it.
extension PostingWorld {
    /// The person picks the next Mastodon account in "Post to": alice, bob (her server), then
    /// carol on another server where the world has one.
    mutating func switchAccount() {
        let cycle = [Self.alice, Self.bob] + (otherServer ? [Self.carol] : [])
        let next = cycle[((cycle.firstIndex(of: mastodonAccount) ?? 0) + 1) % cycle.count]
        mastodonAccount = next
        // A reply: the window finds Bob's post through the new account's server.
        if windowParent?.network == .mastodon, let network = networks.first(where: { $0.network == .mastodon }) {
            windowParent = network.bobsPost(foundBy: next)
        }
    }

    /// A reply whose `in_reply_to_id` names Bob's post as a server other than the request's calls
    /// it: on the real servers, no post or someone else's (ids are each server's own).
    func crossing(_ request: APIRequest, account: String) -> String? {
        guard request.method == .post, request.path == "/api/v1/statuses",
            let id = request.body?["in_reply_to_id"]?.string,
            let network = networks.first(where: { $0.network == .mastodon }),
            let bob = network.posts.first(where: { $0.account == ModelNetwork.parentAccount })
        else { return nil }
        let asHere = network.reference(bob, seenBy: account)
        let asElsewhere = [Self.alice, Self.carol].map { network.reference(bob, seenBy: $0) }.filter { $0 != asHere }
        guard asElsewhere.contains(id) else { return nil }
        return "\(account)'s reply to \(request.host) names Bob's post as another server calls it (\(id))"
    }
}

extension ModelNetwork {
    /// The other Mastodon server, which holds Bob's post under an id of its own.
    static let otherServer = "other.example"

    /// The id `post` has on the server of `account`: Bob's post is "o…" on the other server; the
    /// person's own posts are one server's in this model (an account posts on its own only).
    func reference(_ post: Post, seenBy account: String) -> String {
        let id = reference(post)
        guard network == .mastodon, post.account == Self.parentAccount, account.hasSuffix("@" + Self.otherServer)
        else { return id }
        return "o" + id
    }

    /// Bob's post as the server of `account` finds it (`--reply-to`, or a new account chosen).
    func bobsPost(foundBy account: String) -> ReplyParent? {
        guard let bob = posts.first(where: { $0.account == Self.parentAccount }) else { return nil }
        let status = JSONValue.object([
            .init("id", .string(reference(bob, seenBy: account))),
            .init("account", .object([.init("acct", .string("bob@mastodon.example"))])),
        ])
        return ReplyParent(
            mastodonSearch: APIAnswer(status: 200, json: .object([.init("statuses", .array([status]))])),
            host: String(account.split(separator: "@").last ?? ""))
    }
}
