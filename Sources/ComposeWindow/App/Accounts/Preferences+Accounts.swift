import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The signed-in accounts as GSettings keeps them (key `accounts`, aa{ss}): nothing secret, so the
/// window can list them without asking the keyring.
extension Preferences {
    var accounts: [PostingAccount] {
        get {
            if let readAccounts { return readAccounts }
            guard let settings, let list = g_settings_get_value(settings, "accounts") else { return [] }
            defer { g_variant_unref(list) }
            let read: [PostingAccount] = (0..<g_variant_n_children(list)).compactMap { index in
                let dictionary = g_variant_get_child_value(list, index)!
                defer { g_variant_unref(dictionary) }
                var fields: [String: String] = [:]
                for entryIndex in 0..<g_variant_n_children(dictionary) {
                    let entry = g_variant_get_child_value(dictionary, entryIndex)!
                    defer { g_variant_unref(entry) }
                    fields[Self.string(entry, 0)] = Self.string(entry, 1)
                }
                return PostingAccount(fields: fields)
            }
            readAccounts = read
            return read
        }
        set {
            guard let settings else { return }
            let listType = g_variant_type_new("aa{ss}")
            let dictionaryType = g_variant_type_new("a{ss}")
            defer {
                g_variant_type_free(listType)
                g_variant_type_free(dictionaryType)
            }
            let builder = g_variant_builder_new(listType)!
            defer { g_variant_builder_unref(builder) }
            for account in newValue {
                g_variant_builder_open(builder, dictionaryType)
                for (name, value) in account.fields.sorted(by: { $0.key < $1.key }) {
                    g_variant_builder_add_value(
                        builder, g_variant_new_dict_entry(g_variant_new_string(name), g_variant_new_string(value)))
                }
                g_variant_builder_close(builder)
            }
            g_settings_set_value(settings, "accounts", g_variant_builder_end(builder))
            readAccounts = nil
        }
    }

    private static func string(_ entry: OpaquePointer, _ index: Int) -> String {
        let child = g_variant_get_child_value(entry, gsize(index))!
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }
}
