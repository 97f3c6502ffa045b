import Foundation
import XCTest

/// The DocC topic lists of `PlaceholderTextView`, one per toolkit, show the current API: every
/// member the sources mark deprecated is in the page's own "Deprecated" section and nowhere else, and
/// every public member the sources declare is listed somewhere (`make docs` builds them, warnings fatal).
final class DocumentationTopicsTests: XCTestCase {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: Shell.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The names declared `public var`/`public func` in `sources`, split by whether the declaration is
    /// preceded by an `@available(*, deprecated…)` attribute.
    static func members(in sources: [String]) throws -> (current: Set<String>, deprecated: Set<String>) {
        var current = Set<String>()
        var deprecated = Set<String>()
        for path in sources {
            var pendingDeprecation = false
            for line in try read(path).split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("@available(") || line.hasPrefix("*, deprecated") || line == ")" {
                    pendingDeprecation = pendingDeprecation || line.contains("deprecated")
                    continue
                }
                for prefix in ["public var ", "public func "] where line.hasPrefix(prefix) {
                    let rest = line.dropFirst(prefix.count)
                    let name = String(rest.prefix { $0.isLetter || $0.isNumber })
                    if pendingDeprecation { deprecated.insert(name) } else { current.insert(name) }
                }
                if !line.hasPrefix("///") && !line.isEmpty { pendingDeprecation = false }
            }
        }
        return (current, deprecated)
    }

    /// The page's topic names by section title.
    static func sections(of page: String) -> [String: [String]] {
        var sections: [String: [String]] = [:]
        var title = ""
        for line in page.split(separator: "\n") {
            if line.hasPrefix("### ") { title = String(line.dropFirst(4)) }
            if line.hasPrefix("- ``"), let end = line.dropFirst(4).firstIndex(of: "`") {
                let symbol = line[line.index(line.startIndex, offsetBy: 4)..<end]
                sections[title, default: []].append(String(symbol.prefix { $0.isLetter || $0.isNumber }))
            }
        }
        return sections
    }

    func check(page: String, sources: [String]) throws {
        let (current, deprecated) = try Self.members(in: sources)
        XCTAssertTrue(deprecated.contains("placeholderColor"), "\(page): the deprecated members were found")
        let sections = Self.sections(of: try Self.read(page))
        let listedDeprecated = Set(sections["Deprecated"] ?? [])
        let listedElsewhere = Set(sections.filter { $0.key != "Deprecated" }.values.joined())
        XCTAssertEqual(listedDeprecated, deprecated, "\(page): the Deprecated section")
        XCTAssertTrue(listedElsewhere.isDisjoint(with: deprecated), "\(page): deprecated among the current API")
        XCTAssertEqual(current.subtracting(listedElsewhere), [], "\(page): current members no topic lists")
    }

    func testGTK3TopicsListTheCurrentAPIAndTheDeprecatedApart() throws {
        try check(
            page: "Sources/Widget/Gtk3/GtkPlaceholder.docc/PlaceholderTextView.md",
            sources: [
                "Sources/Widget/Shared/PlaceholderTextView+API.swift", "Sources/Widget/Gtk3/PlaceholderTextView.swift",
            ])
    }

    func testGTK4TopicsListTheCurrentAPIAndTheDeprecatedApart() throws {
        try check(
            page: "Sources/Widget/Gtk4/GtkPlaceholder4.docc/PlaceholderTextView.md",
            sources: [
                "Sources/Widget/Shared/PlaceholderTextView+API.swift", "Sources/Widget/Gtk4/PlaceholderTextView.swift",
            ])
    }
}
