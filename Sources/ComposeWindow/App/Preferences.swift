import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// What the window remembers between runs, in GSettings (schema io.github.gtkplaceholder.ComposeWindow,
/// Resources/*.gschema.xml): where Send went last and the Mastodon server. The installed schema is
/// used; in a build tree, the one `make` compiles next to the binary. With neither, nothing is
/// remembered and everything else works.
@MainActor
final class Preferences {
    static let schemaID = ComposeApplication.applicationID
    let settings: UnsafeMutablePointer<GSettings>?
    /// Whether the schema found has the key: one installed by an older version may not, and GLib
    /// aborts on reading a key its schema lacks.
    private let knowsAltReminder: Bool
    private let knowsUndoSend: Bool
    private let knowsServerSchedule: Bool
    private let knowsLinkCards: Bool
    /// The keys a control may be bound to that the schema found has.
    private let bindableKeys: Set<String>
    /// The accounts as last read: the window asks on every key (where Send posts, what a thread
    /// and a mention may use), and reading a GSettings list parses it anew each time. Dropped
    /// when the key changes, here or in another process (a sign-in from the command line).
    var readAccounts: [PostingAccount]?
    /// Called when `link-cards` changes, here or in another process.
    var onLinkCardsChanged: (@MainActor () -> Void)?

    init() {
        let schema = Self.schema()
        knowsAltReminder = schema.map { g_settings_schema_has_key($0, "remind-missing-alt") != 0 } ?? false
        knowsUndoSend = schema.map { g_settings_schema_has_key($0, "undo-send-seconds") != 0 } ?? false
        knowsServerSchedule = schema.map { g_settings_schema_has_key($0, "mastodon-keeps-scheduled") != 0 } ?? false
        knowsLinkCards = schema.map { g_settings_schema_has_key($0, "link-cards") != 0 } ?? false
        bindableKeys = Set(
            ["undo-send-seconds", "mastodon-keeps-scheduled", "link-cards"].filter { key in
                schema.map { g_settings_schema_has_key($0, key) != 0 } ?? false
            })
        settings = schema.map { schema in
            defer { g_settings_schema_unref(schema) }
            return g_settings_new_full(schema, nil, nil)
        }
        if let settings {
            Signal.connect(settings, "changed::accounts", withArgument: { [weak self] _ in self?.readAccounts = nil })
            Signal.connect(
                settings, "changed::link-cards", withArgument: { [weak self] _ in self?.onLinkCardsChanged?() })
        }
    }

    /// Whether choices are remembered at all (a schema was found).
    var remembers: Bool { settings != nil }

    private static func schema() -> OpaquePointer? {
        if let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        {
            return schema
        }
        // The build tree: <bin>/schemas, made by `make build` (glib-compile-schemas).
        let binary = SystemIO.executablePath ?? CommandLine.arguments[0]
        let directory = (binary.split(separator: "/", omittingEmptySubsequences: false).dropLast() + ["schemas"])
            .joined(separator: "/")
        guard SystemIO.exists(directory + "/gschemas.compiled"),
            let source = g_settings_schema_source_new_from_directory(
                directory, g_settings_schema_source_get_default(), 0, nil)
        else { return nil }
        defer { g_settings_schema_source_unref(source) }
        return g_settings_schema_source_lookup(source, schemaID, 0)
    }

    /// The target chosen last; nil before the first choice.
    var target: PostTarget? {
        get { string("target").flatMap(PostTarget.init(rawValue:)) }
        set { set("target", newValue?.rawValue ?? "") }
    }

    /// The Mastodon server given last (validated when it was given).
    var mastodonServer: String? {
        get { string("mastodon-server").flatMap { try? ServerName.validate($0) } }
        set { set("mastodon-server", newValue ?? "") }
    }

    /// Whether Send asks once about images without alt text (on unless turned off).
    var remindsMissingAlt: Bool {
        guard let settings, knowsAltReminder else { return true }
        return g_settings_get_boolean(settings, "remind-missing-alt") != 0
    }

    /// Undo Send's seconds as set (nil: no schema has the key; UndoSend then uses its default).
    var undoSendSeconds: Int? {
        guard let settings, knowsUndoSend else { return nil }
        return Int(g_settings_get_int(settings, "undo-send-seconds"))
    }

    /// Whether Mastodon is given a scheduled post's time (on unless turned off).
    var mastodonKeepsScheduled: Bool {
        guard let settings, knowsServerSchedule else { return true }
        return g_settings_get_boolean(settings, "mastodon-keeps-scheduled") != 0
    }

    /// Whether a Bluesky post gets a link card, its page fetched from here (on unless turned off).
    var makesLinkCards: Bool {
        guard let settings, knowsLinkCards else { return true }
        return g_settings_get_boolean(settings, "link-cards") != 0
    }

    /// Shows `key` on `widget`'s `property` and keeps it as the person sets it (GSettings' own
    /// binding); false when the schema found has no such key (one installed by an older version).
    func bind(_ key: String, to widget: UnsafeMutablePointer<GtkWidget>, property: String) -> Bool {
        guard let settings, bindableKeys.contains(key) else { return false }
        g_settings_bind(settings, key, widget, property, G_SETTINGS_BIND_DEFAULT)
        return true
    }

    /// Waits until every change is written (GSettings writes in the background).
    func sync() { if settings != nil { g_settings_sync() } }

    private func string(_ key: String) -> String? {
        guard let settings, let value = takeGString(g_settings_get_string(settings, key)), !value.isEmpty else {
            return nil
        }
        return value
    }

    private func set(_ key: String, _ value: String) {
        guard let settings else { return }
        g_settings_set_string(settings, key, value)
    }
}
