import Testing

@testable import ComposeWindowCore

/// Signing in to Bluesky as atproto defines it: createSession with the app password, the account's
/// PDS taken from the DID document (and only an https:// one), the server's own reason for a refusal.
@Suite struct BlueskySessionTests {
    static let did = "did:plc:ewvi7nxzyoun6zhxrhs64oiz"

    static func answer(status: Int = 200, pds: String? = "https://morel.us-east.host.bsky.network") -> APIAnswer {
        var document: [JSONValue.Member] = [.init("id", .string(did))]
        if let pds {
            document.append(
                .init(
                    "service",
                    .array([
                        .object([
                            .init("id", .string("#atproto_pds")), .init("type", .string("AtprotoPersonalDataServer")),
                            .init("serviceEndpoint", .string(pds)),
                        ])
                    ])))
        }
        return APIAnswer(
            status: status,
            json: .object([
                .init("did", .string(did)), .init("handle", .string("alice.bsky.social")),
                .init("accessJwt", .string("access")), .init("refreshJwt", .string("refresh")),
                .init("didDoc", .object(document)),
            ]))
    }

    @Test func createSessionSendsTheHandleAndAppPasswordToTheService() {
        let request = BlueskySession.signIn(
            handle: "alice.bsky.social", appPassword: "abcd-efgh", service: "bsky.social")
        #expect(request.method == .post)
        #expect(request.host == "bsky.social")
        #expect(request.path == "/xrpc/com.atproto.server.createSession")
        #expect(request.bearer == nil)
        #expect(request.body?["identifier"] == .string("alice.bsky.social"))
        #expect(request.body?["password"] == .string("abcd-efgh"))
    }

    @Test func theSessionLivesOnThePersonalDataServerOfTheDIDDocument() throws {
        let session = try BlueskySession(answer: Self.answer(), service: "bsky.social")
        #expect(
            session.account
                == PostingAccount(
                    network: .bluesky, name: "@alice.bsky.social", host: "morel.us-east.host.bsky.network",
                    identity: Self.did))
        #expect(session.refresh.host == "morel.us-east.host.bsky.network")
        #expect(session.refresh.path == "/xrpc/com.atproto.server.refreshSession")
        #expect(session.refresh.bearer == "refresh")
        #expect(session.signOut.path == "/xrpc/com.atproto.server.deleteSession")
        #expect(session.signOut.bearer == "refresh")
    }

    @Test func withNoPersonalDataServerNamedTheServiceIsTheServer() throws {
        let session = try BlueskySession(answer: Self.answer(pds: nil), service: "pds.example.org")
        #expect(session.account.host == "pds.example.org")
    }

    @Test(arguments: ["http://pds.example.org", "https://pds.example.org:8443/x", "morel.host", "https://"])
    func aServerThatIsNotAnHTTPSHostIsRefused(endpoint: String) {
        #expect(throws: BlueskySession.SignInFailure.self) {
            try BlueskySession(answer: Self.answer(pds: endpoint), service: "bsky.social")
        }
    }

    @Test func aRefusalCarriesTheServersOwnReasonAndMeansExitOne() {
        let refusal = APIAnswer(
            status: 401,
            json: .object([
                .init("error", .string("AuthenticationRequired")),
                .init("message", .string("Invalid identifier or password")),
            ]))
        #expect {
            try BlueskySession(answer: refusal, service: "bsky.social")
        } throws: { error in
            let failure = error as? BlueskySession.SignInFailure
            return failure?.refused == true && failure?.description.contains("Invalid identifier or password") == true
        }
        // A failing server is not a refusal of the password.
        #expect {
            try BlueskySession(answer: APIAnswer(status: 502, json: nil), service: "bsky.social")
        } throws: { error in (error as? BlueskySession.SignInFailure)?.refused == false }
    }

    @Test func anAnswerWithoutTokensIsNotASession() {
        let answer = APIAnswer(status: 200, json: .object([.init("did", .string(Self.did))]))
        #expect(throws: BlueskySession.SignInFailure.self) {
            try BlueskySession(answer: answer, service: "bsky.social")
        }
    }

    @Test func theKeyringHoldsBothTokensAndGivesTheSessionBack() throws {
        let session = try BlueskySession(answer: Self.answer(), service: "bsky.social")
        #expect(BlueskySession(account: session.account, secret: session.secret) == session)
        #expect(BlueskySession(account: session.account, secret: .string("other")) == nil)
    }

    @Test func handlesAreDomainNamesWithOrWithoutTheAt() throws {
        #expect(try BlueskySession.handle("@Alice.bsky.social") == "alice.bsky.social")
        #expect(try BlueskySession.handle("alice.example.com") == "alice.example.com")
        for bad in ["alice", "alice@bsky.social", "https://bsky.app/profile/alice", ""] {
            #expect(throws: BlueskySession.SignInFailure.self) { try BlueskySession.handle(bad) }
        }
    }

    @Test func anExpiredAccessTokenIsToldApartFromOtherRefusals() {
        let expired = APIAnswer(status: 400, json: .object([.init("error", .string("ExpiredToken"))]))
        let invalid = APIAnswer(status: 400, json: .object([.init("error", .string("InvalidRequest"))]))
        #expect(BlueskySession.accessTokenExpired(expired))
        #expect(!BlueskySession.accessTokenExpired(invalid))
    }
}

/// The account list the desktop keeps (GSettings), with nothing secret in it.
@Suite struct PostingAccountTests {
    @Test func anAccountSurvivesItsSettingsFieldsAndPrintsAsAccountsDoes() {
        let account = PostingAccount(
            network: .bluesky, name: "@alice.bsky.social", host: "morel.host.bsky.network",
            identity: "did:plc:x")
        #expect(PostingAccount(fields: account.fields) == account)
        #expect(account.listing == "bluesky @alice.bsky.social")
        #expect(PostingAccount(fields: ["network": "x", "name": "@a", "host": "x.com"]) == nil)
        #expect(PostingAccount(fields: ["network": "bluesky", "name": "@a.b", "host": "http://x"]) == nil)
    }

    @Test func signingInAgainReplacesTheAccountAndNamesMatchWithOrWithoutTheAt() {
        let first = PostingAccount(network: .bluesky, name: "@alice.bsky.social", host: "a.host")
        let again = PostingAccount(network: .bluesky, name: "@alice.bsky.social", host: "b.host")
        let other = PostingAccount(network: .mastodon, name: "@alice@mastodon.social", host: "mastodon.social")
        let accounts = [first, other].adding(again)
        #expect(accounts == [other, again])
        #expect(accounts.named("alice.bsky.social") == again)
        #expect(accounts.named("@Alice@Mastodon.social") == other)
        #expect(accounts.named("@bob.bsky.social") == nil)
    }
}
