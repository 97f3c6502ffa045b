import CComposeWindowSoup
import ComposeWindowCore

/// The protocol rules' requests (APIRequest) sent over HTTPS, and the answers read back for them.
extension HTTPSClient {
    /// Sends `request`; `completion` runs once, on the main loop.
    package func call(
        _ request: APIRequest, cancellation: Cancellation? = nil,
        completion: @escaping @MainActor (Result<APIAnswer, HTTPSFailure>) -> Void
    ) {
        let sent: HTTPSRequest
        do throws(JSONText.Failure) { sent = try Self.https(request) } catch {
            completion(
                .failure(HTTPSFailure(requestWasSent: false, reason: .connectionReset, description: error.description)))
            return
        }
        send(sent, cancellation: cancellation) { result in completion(result.map(Self.answer)) }
    }

    private static func https(_ request: APIRequest) throws(JSONText.Failure) -> HTTPSRequest {
        let url = request.url
        var headers = request.headers.map { (name: $0.name, value: $0.value) }
        if let bearer = request.bearer { headers.append((name: "Authorization", value: "Bearer " + bearer)) }
        let body: String? = try request.body.map { value throws(JSONText.Failure) in try JSONText.text(of: value) }
        return HTTPSRequest(
            method: request.method.rawValue, url: url, headers: headers, jsonBody: body, file: request.file)
    }

    private static func answer(_ response: HTTPSResponse) -> APIAnswer {
        var answer = APIAnswer(
            status: response.status, retryAfter: response.retryAfter, json: try? JSONText.value(of: response.body))
        answer.serverClockAhead = response.serverClockAhead
        return answer
    }
}

extension APIRequest {
    /// The request's https:// URL, put together by GLib's GUri: the path escaped where it must be,
    /// each query value escaped (everything but RFC 3986's unreserved characters).
    package var url: String {
        let items = query.map { item in
            let escaped = g_uri_escape_string(item.value, nil, 0)!
            defer { g_free(escaped) }
            return item.name + "=" + String(cString: escaped)
        }
        let built = g_uri_build(
            G_URI_FLAGS_ENCODED_QUERY, "https", nil, host, -1, path, items.isEmpty ? nil : items.joined(separator: "&"),
            nil)!
        defer { g_uri_unref(built) }
        let text = g_uri_to_string(built)!
        defer { g_free(text) }
        return String(cString: text)
    }
}
