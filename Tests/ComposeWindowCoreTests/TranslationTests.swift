import Foundation
import Testing

@testable import ComposeWindowCore

/// Every string the app translates has a Simplified Chinese translation, and none is stale.
@Suite struct TranslationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The msgids of localized("…") calls (single-line literals, and localized("""…""") blocks)
    /// and of the embedded .ui files' translatable properties.
    static func sourceMessages() throws -> Set<String> {
        var messages = Set<String>()
        for directory in [
            "Sources/ComposeWindow/Core", "Sources/ComposeWindow/App", "Sources/ComposeWindow/PostingGlue",
        ] {
            let folder = root.appendingPathComponent(directory)
            // Subfolders too (ComposeWindowCore/Handoff).
            for file in FileManager.default.subpaths(atPath: folder.path) ?? [] where file.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let single = try Regex(#"\blocalized\(\s*"((?:[^"\\]|\\.)*)"(?!")"#)
                for match in source.matches(of: single) { messages.insert(String(match.output[1].substring!)) }
                let block = try Regex(#"\blocalized\(\s*"""\n(.*?)\n(\s*)""""#).dotMatchesNewlines()
                for match in source.matches(of: block) {
                    let indent = match.output[2].substring!.count
                    let lines = match.output[1].substring!.split(separator: "\n", omittingEmptySubsequences: false)
                    messages.insert(
                        lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
                            .joined(separator: "\n").replacingOccurrences(of: "\\", with: "\\\\"))
                }
            }
        }
        // GtkBuilder translates the .ui files' translatable="yes" values through the same domain:
        // every file the app embeds (its list, Sources/ComposeWindow/App/embedded-files.txt).
        let embedded = try String(
            contentsOf: root.appendingPathComponent("Sources/ComposeWindow/App/embedded-files.txt"), encoding: .utf8)
        let files = embedded.split(separator: "\n").filter { $0.hasSuffix(".ui") && !$0.hasPrefix("#") }
        #expect(files.count >= 4, "the list was read")
        let layout = try files.map {
            try String(contentsOf: root.appendingPathComponent(String($0)), encoding: .utf8)
        }.joined()
        let translatable = try Regex(#"translatable="yes"[^>]*>([^<]*)<"#)
        for match in layout.matches(of: translatable) {
            messages.insert(
                String(match.output[1].substring!).replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&"))
        }
        messages.formUnion(try metainfoMessages())
        return messages
    }

    /// The AppStream metainfo's translatable strings, as xgettext extracts them (gettext's own
    /// metainfo ITS rules, the same ones `msgfmt --xml` merges the translations with).
    static func metainfoMessages() throws -> Set<String> {
        let xgettext = Process()
        xgettext.executableURL = URL(fileURLWithPath: "/usr/bin/xgettext")
        xgettext.arguments = [
            "--no-wrap", "--omit-header", "-o", "-",
            root.appendingPathComponent("Resources/io.github.gtkplaceholder.ComposeWindow.metainfo.xml.in").path,
        ]
        let output = Pipe()
        xgettext.standardOutput = output
        try xgettext.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        xgettext.waitUntilExit()
        #expect(xgettext.terminationStatus == 0)
        return Set(
            text.split(separator: "\n").filter { $0.hasPrefix("msgid \"") }.map { String($0.dropFirst(7).dropLast()) })
    }

    /// msgid → msgstr of a .po file, with continuation lines joined (escapes kept as written).
    static func catalogue(_ language: String) throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("Resources/po/\(language).po"), encoding: .utf8)
        var entries: [String: String] = [:]
        var key: String?
        var current = ""
        var inID = false
        func flush() { if let key, !inID { entries[key] = current } }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid ") {
                flush()
                key = nil
                inID = true
                current = String(line.dropFirst(7).dropLast())
            } else if line.hasPrefix("msgstr ") {
                key = current.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"")
                inID = false
                current = String(line.dropFirst(8).dropLast())
            } else if line.hasPrefix("\"") {
                current += line.dropFirst().dropLast()
            }
        }
        flush()
        entries.removeValue(forKey: "")
        return entries
    }

    @Test func everyMessageIsTranslatedAndNoneIsStale() throws {
        let messages = try Self.sourceMessages().map {
            $0.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        }
        let catalogue = try Self.catalogue("zh_CN")
        #expect(messages.count > 50)
        for message in messages {
            #expect(!(catalogue[message] ?? "").isEmpty, "untranslated: \(message)")
        }
        let stale = Set(catalogue.keys).subtracting(messages)
        #expect(stale.isEmpty, "translations of strings the app no longer has: \(stale)")
    }

    @Test func placeholdersAreSubstitutedOnceInAnyOrder() {
        #expect(localized("{1} before {0}", "a", "b") == "b before a")
        #expect(localized("value {0}", "{1}", "x") == "value {1}", "an argument is not expanded again")
        #expect(localized("literal {braces} {9}", "a") == "literal {braces} {9}")
    }
}
