/// A Bluesky account signed in with an app password, as atproto keeps a session: createSession on
/// the service (bsky.social or a self-hosted PDS), then every call to the account's own PDS (from
/// the DID document createSession returns), refreshSession when the access token has expired,
/// deleteSession on signing out. The two tokens are what the keyring holds.
package struct BlueskySession: Equatable, Sendable {
    package static let defaultService = "bsky.social"

    package let account: PostingAccount
    package let accessToken: String
    package let refreshToken: String

    /// Why signing in did not work: the server refused (exit 1, its words), or it could not be asked
    /// or answered nonsense (exit 3).
    package struct SignInFailure: Error, Equatable, Sendable, CustomStringConvertible {
        package let refused: Bool
        package let description: String
    }

    /// `--handle` as atproto writes handles (a domain name, lower case, no '@'), or why not.
    package static func handle(_ given: String) throws(SignInFailure) -> String {
        let bare = given.trimmingSpaces.hasPrefix("@") ? String(given.trimmingSpaces.dropFirst()) : given
        // atproto's handle: a host name whose last label does not start with a digit.
        guard let handle = try? ServerName.validate(bare), handle.split(separator: ".").last?.first?.isNumber == false
        else {
            throw SignInFailure(
                refused: false,
                description: localized("“{0}” is not a Bluesky handle (e.g. alice.bsky.social)", given.onOneLine))
        }
        return handle
    }

    /// com.atproto.server.createSession with the app password.
    package static func signIn(handle: String, appPassword: String, service: String) -> APIRequest {
        var request = APIRequest.xrpc(.post, host: service, "com.atproto.server.createSession")
        request.body = .object([.init("identifier", .string(handle)), .init("password", .string(appPassword))])
        return request
    }

    /// The session createSession or refreshSession answered; `service` is where it was asked (the
    /// PDS when the DID document names none).
    package init(answer: APIAnswer, service: String) throws(SignInFailure) {
        guard answer.succeeded else {
            throw SignInFailure(
                refused: (400..<500).contains(answer.status),
                description: localized(
                    "Bluesky refused the sign-in: {0}", answer.serverMessage ?? "HTTP " + String(answer.status)))
        }
        guard let json = answer.json, let did = json["did"]?.string, did.hasPrefix("did:"),
            let handle = json["handle"]?.string, let access = json["accessJwt"]?.string,
            let refresh = json["refreshJwt"]?.string
        else { throw Self.nonsense(service) }
        let host = try Self.personalDataServer(json["didDoc"], did: did) ?? service
        account = PostingAccount(network: .bluesky, name: "@" + handle, host: host, identity: did)
        accessToken = access
        refreshToken = refresh
    }

    /// The host of the `#atproto_pds` service in a DID document of `did`; nil when it names none.
    /// One that is not HTTPS, or not a host name, is refused: the tokens never go there.
    private static func personalDataServer(_ document: JSONValue?, did: String) throws(SignInFailure) -> String? {
        guard let document, document["id"]?.string == did, let services = document["service"]?.elements,
            let pds = services.first(where: { $0["id"]?.string?.hasSuffix("#atproto_pds") == true }),
            let endpoint = pds["serviceEndpoint"]?.string
        else { return nil }
        let scheme = "https://"
        let rest = endpoint.lowercased().hasPrefix(scheme) ? endpoint.dropFirst(scheme.count) : nil
        let host = rest.map { $0.hasSuffix("/") ? String($0.dropLast()) : String($0) }
        guard let host, let valid = try? ServerName.validate(host) else {
            throw SignInFailure(
                refused: false,
                description: localized("the account’s server is not an https:// address: {0}", endpoint.onOneLine))
        }
        return valid
    }

    private static func nonsense(_ host: String) -> SignInFailure {
        SignInFailure(refused: false, description: localized("{0} did not answer as a Bluesky server does", host))
    }

    package init(account: PostingAccount, accessToken: String, refreshToken: String) {
        self.account = account
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }

    /// What the keyring holds for the account.
    package var secret: JSONValue {
        .object([.init("accessJwt", .string(accessToken)), .init("refreshJwt", .string(refreshToken))])
    }

    /// The session the keyring holds for `account`; nil when it holds something else.
    package init?(account: PostingAccount, secret: JSONValue) {
        guard let access = secret["accessJwt"]?.string, let refresh = secret["refreshJwt"]?.string else { return nil }
        self.init(account: account, accessToken: access, refreshToken: refresh)
    }

    /// com.atproto.server.refreshSession, for new tokens when the access token has expired.
    package var refresh: APIRequest {
        var request = APIRequest.xrpc(.post, host: account.host, "com.atproto.server.refreshSession")
        request.bearer = refreshToken
        return request
    }

    /// com.atproto.server.deleteSession: the server forgets both tokens.
    package var signOut: APIRequest {
        var request = APIRequest.xrpc(.post, host: account.host, "com.atproto.server.deleteSession")
        request.bearer = refreshToken
        return request
    }

    /// Whether `answer` says the access token has expired (XRPC's ExpiredToken): refresh, then ask
    /// again.
    package static func accessTokenExpired(_ answer: APIAnswer) -> Bool {
        answer.status == 400 && answer.json?["error"]?.string == "ExpiredToken"
    }
}
