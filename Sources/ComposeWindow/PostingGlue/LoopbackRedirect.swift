import CComposeWindowSoup
import ComposeWindowCore

/// The loopback listener of a native app's OAuth sign-in (RFC 8252 §7.3): libsoup's server on
/// 127.0.0.1 only, on a port the system picks, for the browser's one redirect. Each request is
/// judged by `judge`; anything that is not the awaited redirect gets an error page and changes
/// nothing. Closed once answered, or when the time is up.
@MainActor
package final class LoopbackRedirect {
    /// What the listener does with one request.
    package enum Verdict {
        /// The awaited redirect: answer with this page, stop listening, hand the query over.
        case accept(page: String)
        /// Not it: answer with this error page and go on waiting.
        case reject(page: String)
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private let server: UnsafeMutablePointer<SoupServer>
    package let port: Int
    private var judge: ((String, [String: String]) -> Verdict)?
    private var accepted: [String: String]?
    private var completion: (@MainActor ([String: String]?) -> Void)?
    private var timeout: guint = 0
    private var closingAfterAnswer = false

    package init() throws(Failure) {
        server = UnsafeMutableRawPointer(g_object_new_with_properties(soup_server_get_type(), 0, nil, nil)!)
            .assumingMemoryBound(to: SoupServer.self)
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0 else {
            defer { g_clear_error(&error) }
            throw Failure(description: error.map { String(cString: $0.pointee.message) } ?? "cannot listen")
        }
        let uris = soup_server_get_uris(server)
        defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
        port = Int(uris.map { g_uri_get_port(OpaquePointer($0.pointee.data)) } ?? 0)
    }

    isolated deinit {
        if timeout != 0 { g_source_remove(timeout) }
        if !closingAfterAnswer { soup_server_disconnect(server) }
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// Listens until `judge` accepts a request (`completion` gets its query), `seconds` pass or
    /// `stop()` is called (nil). Returns at once: the main loop goes on serving the window.
    package func listen(
        seconds: Int, judge: @escaping (_ path: String, _ query: [String: String]) -> Verdict,
        completion: @escaping @MainActor ([String: String]?) -> Void
    ) {
        self.judge = judge
        self.completion = completion
        let context = Unmanaged.passUnretained(self).toOpaque()
        soup_server_add_handler(
            server, nil,
            { _, message, path, _, context in
                let listener = Unmanaged<LoopbackRedirect>.fromOpaque(context!).takeUnretainedValue()
                MainActor.assumeIsolated { listener.answer(message!, path: path.map { String(cString: $0) } ?? "") }
            }, context, nil)
        timeout = g_timeout_add_seconds(
            guint(clamping: seconds),
            { context in
                let listener = Unmanaged<LoopbackRedirect>.fromOpaque(context!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    listener.timeout = 0  // this source ends as it returns
                    listener.end(with: nil)
                }
                return 0
            }, context)
    }

    /// No more waiting: the port closes and `completion` gets nil (once; nothing after an answer).
    package func stop() { end(with: nil) }

    private func end(with query: [String: String]?) {
        if timeout != 0 { g_source_remove(timeout) }
        timeout = 0
        guard let completion else { return }
        self.completion = nil
        judge = nil
        soup_server_remove_handler(server, nil)
        if query == nil {
            soup_server_disconnect(server)
        } else {
            // Called from the accepted request's handler: its page is written after this returns.
            closingAfterAnswer = true
            compose_window_disconnect_after_answer(server)
        }
        completion(query)
    }

    private func answer(_ message: OpaquePointer, path: String) {
        // Listening on 127.0.0.1 only, so nothing else can reach it; checked all the same.
        let remote = soup_server_message_get_remote_host(message).map { String(cString: $0) }
        let method = soup_server_message_get_method(message).map { String(cString: $0) }
        let query = Self.parameters(soup_server_message_get_uri(message))
        let verdict: Verdict
        if accepted != nil || remote != "127.0.0.1" || method != "GET" {
            verdict = .reject(page: "")
        } else {
            verdict = judge?(path, query) ?? .reject(page: "")
        }
        switch verdict {
        case .accept(let page):
            reply(message, status: 200, page: page)
            accepted = query
            end(with: query)
        case .reject(let page):
            reply(message, status: 400, page: page)
        }
    }

    private func reply(_ message: OpaquePointer, status: UInt32, page: String) {
        soup_server_message_set_status(message, status, nil)
        page.withCString { text in
            soup_server_message_set_response(
                message, "text/html; charset=utf-8", SOUP_MEMORY_COPY, text, gsize(strlen(text)))
        }
    }

    /// The query's parameters, percent-decoded by GLib (a name given twice: its last value).
    private static func parameters(_ uri: OpaquePointer?) -> [String: String] {
        guard let uri, let query = g_uri_get_query(uri) else { return [:] }
        guard let table = g_uri_parse_params(query, -1, "&", G_URI_PARAMS_NONE, nil) else { return [:] }
        defer { g_hash_table_unref(table) }
        var parameters: [String: String] = [:]
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, table)
        var key: gpointer?
        var value: gpointer?
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            if let key, let value {
                parameters[String(cString: key.assumingMemoryBound(to: CChar.self))] = String(
                    cString: value.assumingMemoryBound(to: CChar.self))
            }
        }
        return parameters
    }
}
