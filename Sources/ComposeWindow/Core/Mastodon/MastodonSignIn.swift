/// Signing in to a Mastodon server as RFC 8252 says native apps do: the app registered on that
/// server (POST /api/v1/apps) for the fewest scopes that post and name the account, the
/// authorization code flow with PKCE (S256) in the default browser, a redirect to a loopback
/// listener on 127.0.0.1, `state` checked, the code exchanged at /oauth/token.
package struct MastodonSignIn: Equatable, Sendable {
    /// Posting, learning the account's name and default visibility, finding accounts to mention
    /// (read:accounts), the post a reply answers (read:search, which Mastodon's search demands of
    /// any token given) and the look-up of a post whose answer was lost (read:statuses, which
    /// Mastodon's account statuses and status source demand): nothing else (docs/servers.md).
    package static let scopes = "write:statuses write:media read:accounts read:search read:statuses"
    /// The loopback listener's path.
    package static let callbackPath = "/callback"
    /// How long the person has to answer in the browser.
    package static let answerSeconds = 5 * 60

    package let host: String
    package let redirectURI: String
    /// Sent with the authorization request and expected back unchanged in the redirect.
    package let state: String
    /// PKCE's secret half: only its SHA-256 (the challenge) goes to the browser.
    package let codeVerifier: String

    /// A new sign-in to `host`, redirected to 127.0.0.1:`port`. The verifier and state come from
    /// the system's secure random source (getrandom).
    package init(host: String, port: Int) {
        var random = SystemRandomNumberGenerator()
        self.init(host: host, port: port, random: &random)
    }

    package init(host: String, port: Int, random: inout some RandomNumberGenerator) {
        self.host = host
        redirectURI = "http://127.0.0.1:\(port)" + Self.callbackPath
        state = Self.randomText(32, using: &random)
        codeVerifier = Self.randomText(64, using: &random)
    }

    /// RFC 7636's unreserved characters.
    private static let unreserved = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func randomText(_ count: Int, using random: inout some RandomNumberGenerator) -> String {
        String((0..<count).map { _ in unreserved.randomElement(using: &random)! })
    }

    /// Why signing in stopped: the person or the server said no (exit 1), or it could not go on
    /// (exit 3).
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let refused: Bool
        package let description: String
    }

    /// The app's registration on the server, for this sign-in's redirect.
    package struct App: Equatable, Sendable {
        package let clientID: String
        package let clientSecret: String
    }

    package var registerApp: APIRequest {
        var request = APIRequest(.post, host: host, path: "/api/v1/apps")
        request.body = .object([
            .init("client_name", .string("Compose Window")), .init("redirect_uris", .string(redirectURI)),
            .init("scopes", .string(Self.scopes)),
            .init("website", .string("https://github.com/gtkplaceholder/gtkplaceholder")),
        ])
        return request
    }

    package func app(from answer: APIAnswer) throws(Failure) -> App {
        guard answer.succeeded, let id = answer.json?["client_id"]?.string,
            let secret = answer.json?["client_secret"]?.string
        else { throw failure(answer, doing: localized("register the app")) }
        return App(clientID: id, clientSecret: secret)
    }

    /// The page the browser opens; `codeChallenge` is BASE64URL(SHA-256(codeVerifier)).
    package func authorization(app: App, codeChallenge: String) -> APIRequest {
        var request = APIRequest(.get, host: host, path: "/oauth/authorize")
        request.query = [
            .init(name: "response_type", value: "code"), .init(name: "client_id", value: app.clientID),
            .init(name: "redirect_uri", value: redirectURI), .init(name: "scope", value: Self.scopes),
            .init(name: "state", value: state), .init(name: "code_challenge", value: codeChallenge),
            .init(name: "code_challenge_method", value: "S256"),
        ]
        return request
    }

    /// What a request to the loopback listener means.
    package enum Callback: Equatable, Sendable {
        /// The person authorized: exchange this code.
        case authorized(code: String)
        /// The person (or the server) said no, with the server's `error_description` if any.
        case denied(String)
        /// Not the redirect this sign-in waits for (another path, a missing or wrong `state`): an
        /// error page, nothing else, and the listener goes on waiting.
        case notOurs
    }

    package func callback(path: String, query: [String: String]) -> Callback {
        guard path == Self.callbackPath, query["state"] == state else { return .notOurs }
        if let code = query["code"], !code.isEmpty { return .authorized(code: code) }
        if let error = query["error"] { return .denied((query["error_description"] ?? error).onOneLine) }
        return .notOurs
    }

    package func tokenRequest(app: App, code: String) -> APIRequest {
        var request = APIRequest(.post, host: host, path: "/oauth/token")
        request.body = .object([
            .init("grant_type", .string("authorization_code")), .init("code", .string(code)),
            .init("client_id", .string(app.clientID)), .init("client_secret", .string(app.clientSecret)),
            .init("redirect_uri", .string(redirectURI)), .init("code_verifier", .string(codeVerifier)),
            .init("scope", .string(Self.scopes)),
        ])
        return request
    }

    package func credentials(app: App, tokenAnswer answer: APIAnswer) throws(Failure) -> MastodonCredentials {
        guard answer.succeeded, let token = answer.json?["access_token"]?.string, !token.isEmpty else {
            throw failure(answer, doing: localized("get a token"))
        }
        return MastodonCredentials(accessToken: token, clientID: app.clientID, clientSecret: app.clientSecret)
    }

    /// GET /api/v1/accounts/verify_credentials, which names the account.
    package func verifyCredentials(_ credentials: MastodonCredentials) -> APIRequest {
        var request = APIRequest(.get, host: host, path: "/api/v1/accounts/verify_credentials")
        request.bearer = credentials.accessToken
        return request
    }

    /// The signed-in account, "@user@HOST", who sees its posts by default and who may quote them,
    /// from verify_credentials.
    package func account(from answer: APIAnswer) throws(Failure) -> PostingAccount {
        guard answer.succeeded, let username = answer.json?["username"]?.string, !username.isEmpty,
            !username.contains("@"), !username.contains(" ")
        else { throw failure(answer, doing: localized("learn the account’s name")) }
        return PostingAccount(
            network: .mastodon, name: "@" + username + "@" + host, host: host,
            defaultVisibility: answer.json?["source"]?["privacy"]?.string.flatMap(
                PostOptions.Visibility.init(rawValue:)),
            defaultQuotes: answer.json?["source"]?["quote_policy"]?.string.flatMap(ReplyGate.init(mastodonQuotePolicy:))
        )
    }

    private func failure(_ answer: APIAnswer, doing step: String) -> Failure {
        let reason =
            answer.json?["error_description"]?.string ?? answer.serverMessage ?? "HTTP " + String(answer.status)
        return Failure(
            refused: (400..<500).contains(answer.status),
            description: localized("{0} did not let compose-window {1}: {2}", host, step, reason.onOneLine))
    }
}

/// What the keyring holds for a Mastodon account: its token, and the app's registration, which
/// revoking the token needs.
package struct MastodonCredentials: Equatable, Sendable {
    package let accessToken: String
    package let clientID: String
    package let clientSecret: String

    package var secret: JSONValue {
        .object([
            .init("access_token", .string(accessToken)), .init("client_id", .string(clientID)),
            .init("client_secret", .string(clientSecret)),
        ])
    }

    package init(accessToken: String, clientID: String, clientSecret: String) {
        self.accessToken = accessToken
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    package init?(secret: JSONValue) {
        guard let token = secret["access_token"]?.string, let id = secret["client_id"]?.string,
            let clientSecret = secret["client_secret"]?.string
        else { return nil }
        self.init(accessToken: token, clientID: id, clientSecret: clientSecret)
    }

    /// POST /oauth/revoke: the server forgets the token.
    package func revoke(on host: String) -> APIRequest {
        var request = APIRequest(.post, host: host, path: "/oauth/revoke")
        request.body = .object([
            .init("client_id", .string(clientID)), .init("client_secret", .string(clientSecret)),
            .init("token", .string(accessToken)),
        ])
        return request
    }
}
