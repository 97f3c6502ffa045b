import CComposeWindowJson
import ComposeWindowCore

/// The ISO 639-1 languages as the iso-codes package lists them (the list gspell names its
/// dictionaries from), each with its name in the person's language (iso-codes' own translations).
/// Read from disk: call it off the main thread, or before the window.
package enum LanguageNames {
    package struct Language: Equatable, Sendable {
        package let code: String
        package let name: String
    }

    /// Every two-letter language, by name; empty when iso-codes is not installed.
    package static func load() -> [Language] {
        guard let contents = read() else { return [] }
        guard let json = try? JSONText.value(of: contents), let entries = json["639-2"]?.elements else { return [] }
        var seen = Set<String>()
        let languages = entries.compactMap { entry -> Language? in
            guard let code = entry["alpha_2"]?.string, let name = entry["name"]?.string,
                PostOptions.languageCode(of: code) == code, seen.insert(code).inserted
            else { return nil }
            // Untranslated, gettext returns the msgid's own pointer: read it while it lives.
            let translated = name.withCString { String(cString: g_dgettext("iso_639-2", $0)) }
            return Language(code: code, name: translated)
        }
        return languages.sorted { g_utf8_collate($0.name, $1.name) < 0 }
    }

    private static func read() -> String? {
        var directories = [String]()
        if let dirs = g_get_system_data_dirs() {
            var index = 0
            while let dir = dirs[index] {
                directories.append(String(cString: dir))
                index += 1
            }
        }
        for directory in directories + ["/usr/share"] {
            var contents: UnsafeMutablePointer<gchar>?
            let path = directory + "/iso-codes/json/iso_639-2.json"
            guard g_file_get_contents(path, &contents, nil, nil) != 0, let contents else { continue }
            defer { g_free(contents) }
            return String(cString: contents)
        }
        return nil
    }
}
