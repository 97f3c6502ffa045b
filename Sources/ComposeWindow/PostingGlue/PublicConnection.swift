import CComposeWindowSoup
import ComposeWindowCore

/// A link card's request reaches the public internet only (PublicAddress decides). The host is
/// checked before anything is looked up (a literal address, `localhost`, `.local`); then each
/// address GIO is about to connect to is checked at that moment, on the socket itself
/// (GSocketClient's CONNECTING event: its remote address is set, connect() not yet called), and a
/// refused one is closed unconnected. So the address checked is the address connected to: no second
/// look-up that could answer differently, and TLS still checks the certificate against the name.
/// Every redirect and the picture are requests of their own, checked the same way.
final class PublicConnection {
    /// Set when an address was refused: the request's failure is then this, not a network error.
    private(set) var refusedAddress = false

    /// Whether `message`'s host may be asked for at all.
    static func allowsHost(of message: OpaquePointer) -> Bool {
        guard let uri = soup_message_get_uri(message), let hostText = g_uri_get_host(uri) else { return false }
        let host = String(cString: hostText)
        if let address = g_inet_address_new_from_string(host) {
            defer { g_object_unref(UnsafeMutableRawPointer(address)) }
            return PublicAddress.isPublic(bytes(of: address))
        }
        return !PublicAddress.isLocalName(host)
    }

    /// Watches `message`'s connections from now on (held by the message until it goes).
    static func watch(_ message: OpaquePointer) -> PublicConnection {
        let watcher = PublicConnection()
        g_signal_connect_data(
            UnsafeMutableRawPointer(message), "network-event",
            compose_window_network_event_callback { _, event, stream, context in
                guard event == G_SOCKET_CLIENT_CONNECTING, let context else { return }
                let watcher = Unmanaged<PublicConnection>.fromOpaque(context).takeUnretainedValue()
                guard let stream, !PublicConnection.isPublicPeer(stream) else { return }
                watcher.refusedAddress = true
                // Closed before connect(): GSocketClient's attempt fails, and no packet leaves.
                g_io_stream_close(stream, nil, nil)
            }, Unmanaged.passRetained(watcher).toOpaque(),
            { context, _ in Unmanaged<PublicConnection>.fromOpaque(context!).release() }, GConnectFlags(0))
        return watcher
    }

    /// Whether the socket about to connect is aimed at a public address; anything unreadable is not.
    private static func isPublicPeer(_ stream: UnsafeMutablePointer<GIOStream>) -> Bool {
        let raw = UnsafeMutableRawPointer(stream)
        guard isA(raw, g_socket_connection_get_type()),
            let peer = g_socket_connection_get_remote_address(raw.assumingMemoryBound(to: GSocketConnection.self), nil)
        else { return false }
        let peerRaw = UnsafeMutableRawPointer(peer)!
        defer { g_object_unref(peerRaw) }
        guard isA(peerRaw, g_inet_socket_address_get_type()),
            let address = g_inet_socket_address_get_address(peerRaw.assumingMemoryBound(to: GInetSocketAddress.self))
        else { return false }
        return PublicAddress.isPublic(bytes(of: address))
    }

    private static func isA(_ instance: UnsafeMutableRawPointer, _ type: GType) -> Bool {
        g_type_check_instance_is_a(instance.assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    private static func bytes(of address: UnsafeMutablePointer<GInetAddress>) -> [UInt8] {
        guard let bytes = g_inet_address_to_bytes(address) else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(g_inet_address_get_native_size(address))))
    }
}
