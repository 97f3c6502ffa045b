import ComposeWindowPostingGlue
import Testing

@testable import ComposeWindowCore

/// A request's URL as GUri puts it together: the path escaped where it must be, query values
/// escaped, nothing from a value able to start another parameter or a fragment.
@Suite struct RequestURLTests {
    @Test func pathAndQueryAreEscapedByGLib() {
        var request = APIRequest(.get, host: "mastodon.social", path: "/api/v1/statuses/110 0#x/source")
        #expect(request.url == "https://mastodon.social/api/v1/statuses/110%200%23x/source")
        request = APIRequest.xrpc(.get, host: "bsky.social", "com.atproto.repo.getRecord")
        request.query = [.init(name: "repo", value: "did:plc:a&b=c"), .init(name: "rkey", value: "3k 分#")]
        #expect(
            request.url
                == "https://bsky.social/xrpc/com.atproto.repo.getRecord?repo=did%3Aplc%3Aa%26b%3Dc&rkey=3k%20%E5%88%86%23"
        )
    }
}
