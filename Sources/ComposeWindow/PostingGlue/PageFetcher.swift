import CComposeWindowSoup
import ComposeWindowCore

/// A link card's page, and its picture, fetched through libsoup on the main loop without ever
/// waiting on it: http(s) only, public addresses only (PublicConnection, for every redirect and
/// the picture too), at most PageFetchRules.mostRedirects redirects (each to http(s)), and only
/// the first bytes of a page (a picture over its limit, or not its type, or over its pixels, is not
/// used: LinkPicture). No cookies, no credentials, no proxy: a session of its own. The caller's
/// Cancellation calls it off (a changed link, a deadline).
@MainActor
package final class PageFetcher {
    package enum Kind: Sendable {
        case page
        case picture
    }

    /// What was read, from where after redirects, and its Content-Type.
    package struct Fetched: Sendable, Equatable {
        package let url: String
        package let bytes: [UInt8]
        package var contentType: String? = nil
    }

    package enum Failure: Error, Sendable, Equatable {
        /// Not an http(s) address (given, or redirected to).
        case notWeb
        case tooManyRedirects
        /// An error status, or not a page (or not a picture) by its type.
        case notWhatWasAsked(status: Int)
        case tooLarge
        /// Not on the public internet: a local name, or an address of this machine or its network.
        case notPublic
        /// Not a JPEG, PNG, GIF or WebP as its type says, or more pixels than a card's picture may have.
        case unusablePicture
        /// No answer: GIO's or libsoup's words.
        case noAnswer(String)
    }

    private let userAgent: String
    private var made: UnsafeMutablePointer<SoupSession>?

    package init(userAgent: String) { self.userAgent = userAgent }

    isolated deinit {
        if let made { g_object_unref(UnsafeMutableRawPointer(made)) }
    }

    private var session: UnsafeMutablePointer<SoupSession> {
        if let made { return made }
        let session = soup_session_new()!
        soup_session_set_timeout(session, PageFetchRules.seconds)
        soup_session_set_user_agent(session, userAgent)
        // Direct only: through a proxy, the proxy would look the name up where no check reaches.
        soup_session_set_proxy_resolver(session, nil)
        made = session
        return session
    }

    /// Fetches `url`; `completion` runs once, on the main loop.
    package func fetch(
        _ url: String, _ kind: Kind, cancellation: Cancellation,
        completion: @escaping @MainActor (Result<Fetched, Failure>) -> Void
    ) {
        fetch(url, kind, redirects: 0, cancellation: cancellation, completion: completion)
    }

    private func fetch(
        _ url: String, _ kind: Kind, redirects: Int, cancellation: Cancellation,
        completion: @escaping @MainActor (Result<Fetched, Failure>) -> Void
    ) {
        guard LinkCard.isWebLink(url), let message = soup_message_new("GET", url) else {
            return completion(.failure(.notWeb))
        }
        guard PublicConnection.allowsHost(of: message) else {
            g_object_unref(UnsafeMutableRawPointer(message))
            return completion(.failure(.notPublic))
        }
        let connection = PublicConnection.watch(message)
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let accept = kind == .page ? "text/html,application/xhtml+xml" : "image/jpeg,image/png,image/gif,image/webp"
        soup_message_headers_replace(soup_message_get_request_headers(message), "Accept", accept)
        let exchange = PageExchange(
            url: url, kind: kind, message: message, connection: connection, cancellation: cancellation
        ) {
            [weak self] outcome in
            switch outcome {
            case .redirect(let next):
                guard let self, redirects < PageFetchRules.mostRedirects else {
                    return completion(.failure(.tooManyRedirects))
                }
                self.fetch(next, kind, redirects: redirects + 1, cancellation: cancellation, completion: completion)
            case .done(let result): completion(result)
            }
        }
        soup_session_send_async(
            session, message, G_PRIORITY_DEFAULT, cancellation.cancellable,
            { source, result, context in
                let exchange = Unmanaged<PageExchange>.fromOpaque(context!).takeUnretainedValue()
                var error: UnsafeMutablePointer<GError>?
                let stream = soup_session_send_finish(
                    UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result, &error)
                MainActor.assumeIsolated { exchange.answered(stream, error) }
            }, Unmanaged.passRetained(exchange).toOpaque())
    }
}

/// One request of a fetch: its answer's head, then its body up to the kind's limit (BoundedRead).
@MainActor
private final class PageExchange {
    enum Outcome {
        case redirect(String)
        case done(Result<PageFetcher.Fetched, PageFetcher.Failure>)
    }

    let url: String
    let kind: PageFetcher.Kind
    let message: OpaquePointer
    let connection: PublicConnection
    /// Held until the answer: GIO keeps its GCancellable only as long as the call does.
    let cancellation: Cancellation
    let finish: @MainActor (Outcome) -> Void
    var stream: UnsafeMutablePointer<GInputStream>?
    var contentType: String?
    /// A page's first bytes are enough (its head); a picture over its limit is not used.
    var most: Int { kind == .page ? PageFetchRules.pageBytes - 1 : PageFetchRules.pictureBytes }

    init(
        url: String, kind: PageFetcher.Kind, message: OpaquePointer, connection: PublicConnection,
        cancellation: Cancellation, finish: @escaping @MainActor (Outcome) -> Void
    ) {
        self.url = url
        self.kind = kind
        self.message = message
        self.connection = connection
        self.cancellation = cancellation
        self.finish = finish
    }

    /// The head has come (or nothing): a redirect, a refusal, or a body to read.
    func answered(_ stream: UnsafeMutablePointer<GInputStream>?, _ error: UnsafeMutablePointer<GError>?) {
        let this = Unmanaged.passUnretained(self)
        guard let stream else {
            var error = error
            defer { g_clear_error(&error) }
            if connection.refusedAddress { return end(.done(.failure(.notPublic)), releasing: this) }
            let words = error.map { String(cString: $0.pointee.message) } ?? "no answer"
            return end(.done(.failure(.noAnswer(words.onOneLine))), releasing: this)
        }
        self.stream = stream
        let headers = soup_message_get_response_headers(message)
        let status = Int(soup_message_get_status(message).rawValue)
        let contentType = soup_message_headers_get_one(headers, "Content-Type").map { String(cString: $0) }
        self.contentType = contentType
        switch PageFetchRules.answer(status: status, contentType: contentType) {
        case .redirect:
            guard let location = soup_message_headers_get_one(headers, "Location"),
                let resolved = g_uri_resolve_relative(url, location, G_URI_FLAGS_NONE, nil)
            else { return end(.done(.failure(.notWhatWasAsked(status: status))), releasing: this) }
            defer { g_free(resolved) }
            return end(.redirect(String(cString: resolved)), releasing: this)
        case .page where kind == .page: break
        case .notAPage where kind == .picture && PageFetchRules.isPicture(status: status, contentType: contentType):
            break
        default: return end(.done(.failure(.notWhatWasAsked(status: status))), releasing: this)
        }
        BoundedRead.start(stream, most: most, cancellable: cancellation.cancellable) { bytes, error in
            this.takeUnretainedValue().read(bytes, error, releasing: this)
        }
    }

    private func read(_ bytes: [UInt8], _ error: UnsafeMutablePointer<GError>?, releasing this: Unmanaged<PageExchange>)
    {
        var error = error
        defer { g_clear_error(&error) }
        // A page cut short still has its head; a picture must be whole.
        if let error, kind == .picture || bytes.isEmpty {
            return end(.done(.failure(.noAnswer(String(cString: error.pointee.message).onOneLine))), releasing: this)
        }
        if kind == .picture && bytes.count > PageFetchRules.pictureBytes {
            return end(.done(.failure(.tooLarge)), releasing: this)
        }
        // Its size only, from its header: cheap enough for the main loop, and nothing is decoded.
        if kind == .picture,
            PageFetchRules.pictureType(contentType).flatMap({ LinkPicture.size(of: bytes, type: $0) }) == nil
        {
            return end(.done(.failure(.unusablePicture)), releasing: this)
        }
        end(.done(.success(PageFetcher.Fetched(url: url, bytes: bytes, contentType: contentType))), releasing: this)
    }

    /// Closes what it holds (a body not read is dropped with its connection), then answers.
    private func end(_ outcome: Outcome, releasing this: Unmanaged<PageExchange>) {
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        stream = nil
        g_object_unref(UnsafeMutableRawPointer(message))
        let finish = finish
        this.release()  // this exchange may be gone from here on
        finish(outcome)
    }
}
