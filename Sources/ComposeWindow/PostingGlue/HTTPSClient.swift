import CComposeWindowSoup
import ComposeWindowCore

/// One request to a network's API.
package struct HTTPSRequest: Sendable {
    package var method: String
    /// An `https://` URL; anything else is refused before a connection is made.
    package var url: String
    package var headers: [(name: String, value: String)]
    /// JSON text sent as `application/json`; nil: no body.
    package var jsonBody: String?
    /// A file's bytes as the body (read when the request is sent, off the main thread).
    package var file: APIRequest.FileBody?

    package init(
        method: String, url: String, headers: [(name: String, value: String)] = [], jsonBody: String? = nil,
        file: APIRequest.FileBody? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.jsonBody = jsonBody
        self.file = file
    }
}

/// The server's answer, whatever its status.
package struct HTTPSResponse: Sendable, Equatable {
    package let status: Int
    /// `Retry-After` as the server sent it.
    package let retryAfter: String?
    package let body: String
    /// How far the server's clock (its `Date` header) is ahead of this machine's, in seconds.
    package var serverClockAhead: Int64? = nil
}

/// No answer: why, and whether the request had left for the server (then it may have been acted on).
package struct HTTPSFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package let requestWasSent: Bool
    /// What kind of failure GIO reported.
    package let reason: DeliveryFailure.Reason
    /// GIO's or libsoup's own words (translated by them), one line.
    package let description: String
}

/// HTTPS through libsoup 3 with GIO's TLS (glib-networking): the system's certificate checks, which
/// nothing here turns off; redirects are not followed (an API never needs one, and one to plain
/// http must not be taken); I/O times out after `timeoutSeconds`. A server's answer is input: at
/// most `mostAnswerBytes` are read, and the whole answer must come within `answerSeconds` (an
/// upload's within `uploadSeconds`), so that a server trickling a byte at a time cannot keep
/// "Posting…" up for ever. Requests run on the main loop.
@MainActor
package final class HTTPSClient {
    package static let timeoutSeconds: UInt32 = 30
    /// Far past any answer compose-window reads (a page of 40 statuses is under 1 MB).
    package static let mostAnswerBytes = 4 << 20
    package static let answerSeconds: UInt32 = 120
    package static let uploadSeconds: UInt32 = 600
    private let userAgent: String
    private var made: UnsafeMutablePointer<SoupSession>?

    package init(userAgent: String) { self.userAgent = userAgent }

    /// Made at the first request: libsoup loads then (CComposeWindowOnDemand), not when a window
    /// that may never post opens.
    private var session: UnsafeMutablePointer<SoupSession> {
        if let made { return made }
        let session = soup_session_new()!
        soup_session_set_timeout(session, Self.timeoutSeconds)
        soup_session_set_user_agent(session, userAgent)
        made = session
        return session
    }

    isolated deinit {
        if let made { g_object_unref(UnsafeMutableRawPointer(made)) }
    }

    /// Sends `request`; `completion` runs once, on the main loop. A file body is read first, by
    /// GIO's own thread; a file that cannot be read is a request never sent. `cancellation` may
    /// call it off (it then fails at once).
    package func send(
        _ request: HTTPSRequest, cancellation: Cancellation? = nil,
        completion: @escaping @MainActor (Result<HTTPSResponse, HTTPSFailure>) -> Void
    ) {
        guard let file = request.file else {
            return send(request, fileBytes: nil, cancellation: cancellation, completion: completion)
        }
        FileBytes.load(file.path) { [weak self] loaded in
            switch loaded {
            case .success(let bytes):
                defer { g_bytes_unref(bytes) }
                self?.send(request, fileBytes: bytes, cancellation: cancellation, completion: completion)
            case .failure(let unreadable):
                completion(
                    .failure(
                        HTTPSFailure(requestWasSent: false, reason: .connectionReset, description: unreadable.words)))
            }
        }
    }

    private func send(
        _ request: HTTPSRequest, fileBytes: OpaquePointer?, cancellation: Cancellation?,
        completion: @escaping @MainActor (Result<HTTPSResponse, HTTPSFailure>) -> Void
    ) {
        guard request.url.lowercased().hasPrefix("https://"),
            let message = soup_message_new(request.method, request.url)
        else {
            completion(
                .failure(
                    HTTPSFailure(
                        requestWasSent: false, reason: .connectionRefused, description: "not an https:// address")))
            return
        }
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(message)
        for header in request.headers { soup_message_headers_replace(headers, header.name, header.value) }
        if let body = request.jsonBody {
            let bytes = body.withCString { g_bytes_new($0, gsize(strlen($0))) }
            soup_message_set_request_body_from_bytes(message, "application/json", bytes)
            g_bytes_unref(bytes)
        }
        if let file = request.file, let fileBytes { FileBytes.attach(fileBytes, as: file, to: message) }
        let exchange = Exchange(
            message: message, cancellation: cancellation,
            deadlineSeconds: request.file == nil ? Self.answerSeconds : Self.uploadSeconds, completion: completion)
        let context = Unmanaged.passRetained(exchange).toOpaque()
        // The request has left once its body (or, with none, its headers) is written: from then on a
        // failure leaves the outcome unknown.
        exchange.wroteHandler = g_signal_connect_data(
            UnsafeMutableRawPointer(message),
            request.jsonBody == nil && request.file == nil ? "wrote-headers" : "wrote-body",
            compose_window_message_callback { _, context in
                Unmanaged<Exchange>.fromOpaque(context!).takeUnretainedValue().requestWasSent = true
            }, context, nil, GConnectFlags(0))
        soup_session_send_async(
            session, message, G_PRIORITY_DEFAULT, exchange.own.cancellable,
            { source, result, context in
                let exchange = Unmanaged<Exchange>.fromOpaque(context!)
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(
                    UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result, &error)
                MainActor.assumeIsolated { exchange.takeUnretainedValue().answered(stream, error, releasing: exchange) }
            }, context)
    }
}

/// One request in flight: the message, whether it has been sent, and whom to tell; its answer's
/// head, then its body up to the cap (BoundedRead), all within the deadline.
@MainActor
private final class Exchange {
    let message: OpaquePointer
    /// The caller's, held until the answer: GIO keeps its GCancellable only as long as the call does.
    let cancellation: Cancellation?
    /// This request's own, which the caller's and the deadline cancel.
    let own = Cancellation()
    let completion: @MainActor (Result<HTTPSResponse, HTTPSFailure>) -> Void
    var wroteHandler: gulong = 0
    var requestWasSent = false
    private var deadline: guint = 0
    private var deadlinePassed = false
    private let deadlineSeconds: UInt32
    private var stream: UnsafeMutablePointer<GInputStream>?

    init(
        message: OpaquePointer, cancellation: Cancellation?, deadlineSeconds: UInt32,
        completion: @escaping @MainActor (Result<HTTPSResponse, HTTPSFailure>) -> Void
    ) {
        self.message = message
        self.cancellation = cancellation
        self.deadlineSeconds = deadlineSeconds
        self.completion = completion
        cancellation?.cancels(own)
        // GLib's monotonic clock: a deadline is a length of time, not a moment.
        let this = Unmanaged.passRetained(self).toOpaque()
        deadline = g_timeout_add_seconds_full(
            G_PRIORITY_DEFAULT, deadlineSeconds,
            { context in
                MainActor.assumeIsolated {
                    let exchange = Unmanaged<Exchange>.fromOpaque(context!).takeUnretainedValue()
                    exchange.deadline = 0
                    exchange.deadlinePassed = true
                    exchange.own.cancel()
                }
                return 0
            }, this, { context in Unmanaged<Exchange>.fromOpaque(context!).release() })
    }

    /// The head has come (or nothing): the body is read next.
    func answered(
        _ stream: UnsafeMutablePointer<GInputStream>?, _ error: UnsafeMutablePointer<GError>?,
        releasing this: Unmanaged<Exchange>
    ) {
        guard let stream else { return end(.failure(failure(error)), releasing: this) }
        self.stream = stream
        BoundedRead.start(stream, most: HTTPSClient.mostAnswerBytes, cancellable: own.cancellable) { bytes, error in
            this.takeUnretainedValue().read(bytes, error, releasing: this)
        }
    }

    private func read(_ bytes: [UInt8], _ error: UnsafeMutablePointer<GError>?, releasing this: Unmanaged<Exchange>) {
        if error != nil { return end(.failure(failure(error)), releasing: this) }
        guard bytes.count <= HTTPSClient.mostAnswerBytes else {
            let words = "an answer over \(HTTPSClient.mostAnswerBytes >> 20) MB"
            return end(
                .failure(HTTPSFailure(requestWasSent: true, reason: .connectionReset, description: words)),
                releasing: this)
        }
        end(.success(response(body: String(decoding: bytes, as: UTF8.self))), releasing: this)
    }

    /// The answer's head as HTTPSResponse, with `body`.
    private func response(body: String) -> HTTPSResponse {
        let headers = soup_message_get_response_headers(message)
        let status = Int(soup_message_get_status(message).rawValue)
        // Mastodon's 429 has no Retry-After, only X-RateLimit-Reset: when its window ends (docs/servers.md).
        let retryAfter =
            soup_message_headers_get_one(headers, "Retry-After").map {
                HTTPSClient.retryAfterSeconds(String(cString: $0))
            }
            ?? (status == 429
                ? soup_message_headers_get_one(headers, "X-RateLimit-Reset").flatMap {
                    HTTPSClient.secondsUntil(iso8601: String(cString: $0))
                } : nil)
        return HTTPSResponse(
            status: status, retryAfter: retryAfter, body: body,
            serverClockAhead: soup_message_headers_get_one(headers, "Date").flatMap {
                HTTPSClient.secondsAhead(httpDate: String(cString: $0))
            })
    }

    /// GIO's error as a failure; the deadline's cancellation as a timeout.
    private func failure(_ error: UnsafeMutablePointer<GError>?) -> HTTPSFailure {
        var error = error
        defer { g_clear_error(&error) }
        if deadlinePassed {
            return HTTPSFailure(
                requestWasSent: requestWasSent, reason: .timeout,
                description: "no whole answer within \(deadlineSeconds) seconds")
        }
        let words = error.map { String(cString: $0.pointee.message) } ?? "no answer"
        let reason = error.map { Self.reason(of: $0.pointee) } ?? .connectionReset
        return HTTPSFailure(requestWasSent: requestWasSent, reason: reason, description: words.onOneLine)
    }

    /// Lets go of what it holds (a body not read is dropped with its connection), then answers.
    private func end(_ result: Result<HTTPSResponse, HTTPSFailure>, releasing this: Unmanaged<Exchange>) {
        if deadline != 0 { g_source_remove(deadline) }
        deadline = 0
        g_signal_handler_disconnect(UnsafeMutableRawPointer(message), wroteHandler)
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        stream = nil
        g_object_unref(UnsafeMutableRawPointer(message))
        let completion = completion
        this.release()  // this exchange may be gone from here on
        completion(result)
    }

    /// GIO's error, sorted by what it means for a post.
    private static func reason(of error: GError) -> DeliveryFailure.Reason {
        if error.domain == g_resolver_error_quark() { return .nameNotResolved }
        if error.domain == g_tls_error_quark() { return .tls }
        guard error.domain == g_io_error_quark() else { return .connectionReset }
        switch GIOErrorEnum(rawValue: UInt32(error.code)) {
        case G_IO_ERROR_CONNECTION_REFUSED: return .connectionRefused
        case G_IO_ERROR_TIMED_OUT: return .timeout
        case G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_HOST_UNREACHABLE: return .noNetwork
        default: return .connectionReset
        }
    }
}

extension HTTPSClient {
    /// An ISO 8601 time (GLib's parser; Mastodon's X-RateLimit-Reset) as the seconds from `now`
    /// until it, rounded up (0 for a time past); nil when it is not one.
    package nonisolated static func secondsUntil(
        iso8601 value: String, now: Int64 = Int64(g_get_real_time() / 1_000_000)
    ) -> String? {
        guard let time = g_date_time_new_from_iso8601(value, nil) else { return nil }
        defer { g_date_time_unref(time) }
        let seconds = Int64(g_date_time_to_unix(time)) + (g_date_time_get_microsecond(time) > 0 ? 1 : 0)
        return String(max(0, seconds - now))
    }

    /// An HTTP `Date` (libsoup's parser) as seconds ahead of this machine's clock; nil when it is
    /// not a date.
    package nonisolated static func secondsAhead(
        httpDate: String, now: Int64 = Int64(g_get_real_time() / 1_000_000)
    ) -> Int64? {
        guard let date = soup_date_time_new_from_http_string(httpDate) else { return nil }
        defer { g_date_time_unref(date) }
        return Int64(g_date_time_to_unix(date)) - now
    }

    /// Retry-After as the rules read it, delay-seconds: as sent when it is a number, and an HTTP
    /// date (RFC 9110 §10.2.3) turned into the seconds from `now` (libsoup's parser; a date in the
    /// past is 0). Anything else is passed on as sent, for the rules to refuse.
    package nonisolated static func retryAfterSeconds(
        _ value: String, now: Int64 = Int64(g_get_real_time() / 1_000_000)
    ) -> String {
        guard !value.isEmpty, !value.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x20 }),
            let date = soup_date_time_new_from_http_string(value)
        else { return value }
        defer { g_date_time_unref(date) }
        return String(max(0, Int64(g_date_time_to_unix(date)) - now))
    }
}
