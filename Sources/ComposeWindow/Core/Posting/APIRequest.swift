/// One call to a network's API as the protocol rules describe it: what to ask which host, with
/// which token. The glue sends it over HTTPS and encodes the query and body.
package struct APIRequest: Hashable, Sendable {
    package enum Method: String, Hashable, Sendable {
        case get = "GET"
        case post = "POST"
        case delete = "DELETE"
        case put = "PUT"
    }

    package let method: Method
    /// A host name validated as ServerName does.
    package let host: String
    package let path: String
    package var query: [Query] = []
    /// `Authorization: Bearer …`; nil: none.
    package var bearer: String?
    /// Headers besides Authorization (Idempotency-Key).
    package var headers: [Header] = []
    /// Sent as JSON; nil: no body.
    package var body: JSONValue?
    /// A file's bytes as the body instead (an image upload).
    package var file: FileBody?

    /// A file sent as it is stored: the whole body with its type (`form` nil), or as a multipart
    /// form's `file` field beside `form`'s text fields.
    package struct FileBody: Hashable, Sendable {
        package let path: String
        package let mimeType: String
        package let form: [Query]?
    }

    package struct Query: Hashable, Sendable {
        package let name: String
        package let value: String
    }

    package struct Header: Hashable, Sendable {
        package let name: String
        package let value: String
    }

    package init(_ method: Method, host: String, path: String) {
        self.method = method
        self.host = host
        self.path = path
    }

    /// An atproto XRPC method on `host` (`/xrpc/NSID`).
    package static func xrpc(_ method: Method, host: String, _ nsid: String) -> APIRequest {
        APIRequest(method, host: host, path: "/xrpc/" + nsid)
    }
}

/// What a network answered, as the rules read it.
package struct APIAnswer: Equatable, Sendable {
    package let status: Int
    package let retryAfter: String?
    /// The body when it is JSON; nil otherwise.
    package let json: JSONValue?
    /// How far the server's clock (its `Date`) is ahead of this machine's, in seconds; nil: unknown.
    package var serverClockAhead: Int64?

    package init(status: Int, retryAfter: String? = nil, json: JSONValue?) {
        self.status = status
        self.retryAfter = retryAfter
        self.json = json
    }

    package var succeeded: Bool { (200..<300).contains(status) }

    /// The server's own words for a failure: atproto's `message` (or its `error` name), Mastodon's
    /// `error`; nil when it gave none.
    package var serverMessage: String? {
        if case .string(let message)? = json?["message"], !message.isEmpty { return message.onOneLine }
        if case .string(let error)? = json?["error"], !error.isEmpty { return error.onOneLine }
        return nil
    }
}
