import CComposeWindowSecret

/// The secret of each signed-in account (a token, a session) in the desktop's Secret Service
/// (GNOME Keyring, KWallet, KeePassXC) through libsecret, and nowhere else: no file, argument,
/// environment variable or log line. Keyed by network and the account as `--accounts` prints it.
package enum AccountSecrets {
    /// libsecret's reason, one line (with no Secret Service: that no service provides it).
    package struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// Stores (or replaces) the account's secret in the default collection (the login keyring).
    package static func store(_ secret: String, network: String, account: String, label: String) throws(Failure) {
        try withAttributes(network, account) { attributes, error in
            secret_password_storev_sync(
                compose_window_account_schema(), attributes, nil, label, secret, nil, &error) != 0
        }
    }

    /// The account's secret; nil when the keyring holds none.
    package static func lookup(network: String, account: String) throws(Failure) -> String? {
        var found: String?
        try withAttributes(network, account) { attributes, error in
            guard let secret = secret_password_lookupv_sync(compose_window_account_schema(), attributes, nil, &error)
            else { return error == nil }
            // secret_password_free wipes the memory before freeing it.
            defer { secret_password_free(secret) }
            found = String(cString: secret)
            return true
        }
        return found
    }

    /// Removes the account's secret; removing none is not an error.
    package static func remove(network: String, account: String) throws(Failure) {
        try withAttributes(network, account) { attributes, error in
            _ = secret_password_clearv_sync(compose_window_account_schema(), attributes, nil, &error)
            return error == nil
        }
    }

    /// Runs `body` with the attributes table; `body` returns whether it succeeded, leaving any
    /// GError in its second argument.
    private static func withAttributes(
        _ network: String, _ account: String,
        _ body: (OpaquePointer, inout UnsafeMutablePointer<GError>?) -> Bool
    ) throws(Failure) {
        let attributes = compose_window_string_table()!
        defer { g_hash_table_unref(attributes) }
        g_hash_table_insert(attributes, g_strdup("network"), g_strdup(network))
        g_hash_table_insert(attributes, g_strdup("account"), g_strdup(account))
        var error: UnsafeMutablePointer<GError>?
        let succeeded = body(attributes, &error)
        defer { g_clear_error(&error) }
        guard succeeded, error == nil else {
            throw Failure(description: error.map { String(cString: $0.pointee.message) } ?? "the keyring refused")
        }
    }
}
