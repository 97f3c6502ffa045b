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
    private var loop: OpaquePointer?

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
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// Runs the main loop until `judge` accepts a request (its query) or `seconds` pass (nil).
    package func wait(seconds: Int, judge: @escaping (_ path: String, _ query: [String: String]) -> Verdict)
        -> [String: String]?
    {
        self.judge = judge
        let context = Unmanaged.passUnretained(self).toOpaque()
        soup_server_add_handler(
            server, nil,
            { _, message, path, _, context in
                let listener = Unmanaged<LoopbackRedirect>.fromOpaque(context!).takeUnretainedValue()
                MainActor.assumeIsolated { listener.answer(message!, path: path.map { String(cString: $0) } ?? "") }
            }, context, nil)
        let loop = g_main_loop_new(nil, 0)!
        self.loop = loop
        defer {
            self.loop = nil
            g_main_loop_unref(loop)
            soup_server_remove_handler(server, nil)
            soup_server_disconnect(server)
        }
        let timeout = g_timeout_add_seconds(
            guint(seconds),
            { loop in
                g_main_loop_quit(OpaquePointer(loop))
                return 0
            }, UnsafeMutableRawPointer(loop))
        g_main_loop_run(loop)
        if accepted != nil { g_source_remove(timeout) }
        return accepted
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
            if let loop { g_main_loop_quit(loop) }
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
