import CComposeWindowSecret

/// The secret of each signed-in account (a token, a session) in the desktop's Secret Service
/// (GNOME Keyring, KWallet, KeePassXC) through libsecret, and nowhere else: no file, argument,
/// environment variable or log line. Keyed by network and the account as `--accounts` prints it.
/// Every call is libsecret's asynchronous one: a keyring is a D-Bus service, and a slow or locked
/// one must never hold the window's main loop. Each completion runs once, on the main loop.
@MainActor
package enum AccountSecrets {
    /// libsecret's reason, one line (with no Secret Service: that no service provides it).
    package struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Stores (or replaces) the account's secret in the default collection (the login keyring).
    package static func store(
        _ secret: String, network: String, account: String, label: String,
        completion: @escaping @MainActor (Result<Void, Failure>) -> Void
    ) {
        let call = KeyringCall { result, error in
            let stored = secret_password_store_finish(result, &error) != 0
            let outcome: Result<Void, Failure> = stored && error == nil ? .success(()) : .failure(Failure(error))
            return { completion(outcome) }
        }
        withAttributes(network, account) { attributes in
            secret_password_storev(
                compose_window_account_schema(), attributes, nil, label, secret, nil, KeyringCall.finished,
                call.retained)
        }
    }

    /// The account's secret; nil when the keyring holds none.
    package static func lookup(
        network: String, account: String, completion: @escaping @MainActor (Result<String?, Failure>) -> Void
    ) {
        let call = KeyringCall { result, error in
            let secret = secret_password_lookup_finish(result, &error)
            // secret_password_free wipes the memory before freeing it.
            defer { if let secret { secret_password_free(secret) } }
            let outcome: Result<String?, Failure> =
                error == nil ? .success(secret.map { String(cString: $0) }) : .failure(Failure(error))
            return { completion(outcome) }
        }
        withAttributes(network, account) { attributes in
            secret_password_lookupv(
                compose_window_account_schema(), attributes, nil, KeyringCall.finished, call.retained)
        }
    }

    /// Removes the account's secret; removing none is not an error.
    package static func remove(
        network: String, account: String, completion: @escaping @MainActor (Result<Void, Failure>) -> Void
    ) {
        let call = KeyringCall { result, error in
            _ = secret_password_clear_finish(result, &error)
            let outcome: Result<Void, Failure> = error == nil ? .success(()) : .failure(Failure(error))
            return { completion(outcome) }
        }
        withAttributes(network, account) { attributes in
            secret_password_clearv(
                compose_window_account_schema(), attributes, nil, KeyringCall.finished, call.retained)
        }
    }

    private static func withAttributes(_ network: String, _ account: String, _ body: (OpaquePointer) -> Void) {
        let attributes = compose_window_string_table()!
        defer { g_hash_table_unref(attributes) }
        g_hash_table_insert(attributes, g_strdup("network"), g_strdup(network))
        g_hash_table_insert(attributes, g_strdup("account"), g_strdup(account))
        body(attributes)
    }
}

extension AccountSecrets.Failure {
    fileprivate init(_ error: UnsafeMutablePointer<GError>?) {
        description = error.map { String(cString: $0.pointee.message).onOneLine } ?? "the keyring refused"
    }
}

/// One libsecret call in flight: `finish` reads its result (and any GError, cleared after) and
/// gives back what to tell the caller.
@MainActor
private final class KeyringCall {
    typealias Finish = (OpaquePointer?, inout UnsafeMutablePointer<GError>?) -> @MainActor () -> Void
    let finish: Finish

    init(finish: @escaping Finish) { self.finish = finish }

    var retained: gpointer { Unmanaged.passRetained(self).toOpaque() }

    /// GLib calls back on the thread-default main context the call was made from: the main one.
    static let finished: GAsyncReadyCallback = { _, result, context in
        let call = Unmanaged<KeyringCall>.fromOpaque(context!).takeRetainedValue()
        nonisolated(unsafe) let result = result  // GLib calls back on the main thread
        MainActor.assumeIsolated {
            var error: UnsafeMutablePointer<GError>?
            let tell = call.finish(result, &error)
            g_clear_error(&error)
            tell()
        }
    }
}
