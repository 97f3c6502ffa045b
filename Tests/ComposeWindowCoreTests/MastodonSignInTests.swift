import Testing

@testable import ComposeWindowCore

/// Mastodon's sign-in rules: the app registered for two scopes with this sign-in's loopback
/// redirect, PKCE's verifier and the state from a secure source and never reused, the redirect
/// judged by path and state, the server's own words when it refuses.
@Suite struct MastodonSignInTests {
    static let app = MastodonSignIn.App(clientID: "client", clientSecret: "secret")

    @Test func theAppIsRegisteredForPostingAndTheAccountsNameOnly() {
        let signIn = MastodonSignIn(host: "mastodon.social", port: 40123)
        let request = signIn.registerApp
        #expect(request.method == .post)
        #expect(request.path == "/api/v1/apps")
        #expect(
            request.body?["scopes"] == .string("write:statuses write:media read:accounts read:search read:statuses"))
        #expect(request.body?["redirect_uris"] == .string("http://127.0.0.1:40123/callback"))
    }

    @Test func theAuthorizationPageGetsTheChallengeNeverTheVerifier() {
        let signIn = MastodonSignIn(host: "mastodon.social", port: 40123)
        let page = signIn.authorization(app: Self.app, codeChallenge: "CHALLENGE")
        let query = Dictionary(uniqueKeysWithValues: page.query.map { ($0.name, $0.value) })
        #expect(page.host == "mastodon.social" && page.path == "/oauth/authorize")
        #expect(query["code_challenge"] == "CHALLENGE")
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["state"] == signIn.state)
        #expect(query["response_type"] == "code")
        #expect(query["scope"] == MastodonSignIn.scopes)
        #expect(!page.query.contains { $0.value == signIn.codeVerifier })
    }

    @Test func theVerifierAndStateAreLongUnreservedAndNeverTheSameTwice() {
        let first = MastodonSignIn(host: "a.example", port: 1)
        let second = MastodonSignIn(host: "a.example", port: 1)
        #expect(first.state != second.state)
        #expect(first.codeVerifier != second.codeVerifier)
        #expect((43...128).contains(first.codeVerifier.count), "RFC 7636 §4.1")
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        #expect(first.codeVerifier.allSatisfy(unreserved.contains))
        #expect(first.state.count >= 32)
    }

    @Test func onlyTheRedirectWithThisStateOnTheCallbackPathCounts() {
        let signIn = MastodonSignIn(host: "mastodon.social", port: 40123)
        let state = signIn.state
        #expect(signIn.callback(path: "/callback", query: ["code": "c", "state": state]) == .authorized(code: "c"))
        #expect(signIn.callback(path: "/callback", query: ["code": "c", "state": "other"]) == .notOurs)
        #expect(signIn.callback(path: "/callback", query: ["code": "c"]) == .notOurs)
        #expect(signIn.callback(path: "/elsewhere", query: ["code": "c", "state": state]) == .notOurs)
        #expect(signIn.callback(path: "/callback", query: ["state": state]) == .notOurs)
        #expect(
            signIn.callback(
                path: "/callback",
                query: ["error": "access_denied", "error_description": "Denied.\nreally", "state": state])
                == .denied("Denied.\\nreally"), "on one line")
        #expect(
            signIn.callback(path: "/callback", query: ["error": "access_denied", "state": state])
                == .denied("access_denied"))
    }

    @Test func theCodeIsExchangedWithTheVerifierAndTheSameRedirect() throws {
        let signIn = MastodonSignIn(host: "mastodon.social", port: 40123)
        let request = signIn.tokenRequest(app: Self.app, code: "the-code")
        #expect(request.path == "/oauth/token")
        #expect(request.body?["grant_type"] == .string("authorization_code"))
        #expect(request.body?["code"] == .string("the-code"))
        #expect(request.body?["code_verifier"] == .string(signIn.codeVerifier))
        #expect(request.body?["redirect_uri"] == .string(signIn.redirectURI))
        #expect(request.body?["client_secret"] == .string("secret"))
        let answer = APIAnswer(status: 200, json: .object([.init("access_token", .string("T"))]))
        let credentials = try signIn.credentials(app: Self.app, tokenAnswer: answer)
        #expect(credentials == MastodonCredentials(accessToken: "T", clientID: "client", clientSecret: "secret"))
        #expect(MastodonCredentials(secret: credentials.secret) == credentials)
        #expect(signIn.verifyCredentials(credentials).bearer == "T")
    }

    @Test func aRefusalCarriesTheServersDescription() {
        let signIn = MastodonSignIn(host: "mastodon.social", port: 40123)
        let refusal = APIAnswer(
            status: 400,
            json: .object([
                .init("error", .string("invalid_grant")), .init("error_description", .string("The grant is invalid.")),
            ]))
        #expect {
            try signIn.credentials(app: Self.app, tokenAnswer: refusal)
        } throws: { error in
            let failure = error as? MastodonSignIn.Failure
            return failure?.refused == true && failure?.description.contains("The grant is invalid.") == true
        }
        #expect(throws: MastodonSignIn.Failure.self) {
            try signIn.app(from: APIAnswer(status: 503, json: nil))
        }
    }

    @Test func theAccountIsNamedUserAtServer() throws {
        let signIn = MastodonSignIn(host: "mastodon.social", port: 1)
        let answer = APIAnswer(status: 200, json: .object([.init("username", .string("alice"))]))
        #expect(
            try signIn.account(from: answer)
                == PostingAccount(
                    network: .mastodon, name: "@alice@mastodon.social", host: "mastodon.social"))
        let odd = APIAnswer(status: 200, json: .object([.init("username", .string("a@evil.example"))]))
        #expect(throws: MastodonSignIn.Failure.self) { try signIn.account(from: odd) }
    }

    @Test func revokingSendsTheTokenWithTheAppsCredentials() {
        let credentials = MastodonCredentials(accessToken: "T", clientID: "client", clientSecret: "secret")
        let request = credentials.revoke(on: "mastodon.social")
        #expect(request.method == .post && request.host == "mastodon.social" && request.path == "/oauth/revoke")
        #expect(request.body?["token"] == .string("T"))
        #expect(request.body?["client_id"] == .string("client"))
        #expect(request.body?["client_secret"] == .string("secret"))
    }
}
