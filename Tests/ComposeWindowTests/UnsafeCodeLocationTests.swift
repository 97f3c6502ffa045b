import Foundation
import XCTest

/// Unsafe code lives where docs/architecture.md ("Unsafe code") says: the glue folders and the four
/// files that fill in the widget's GObject class struct. A grep of Sources for the words that mark it.
final class UnsafeCodeLocationTests: XCTestCase {
    static let words = [
        "Unmanaged", "unsafeBitCast", "@convention(c)", "Pointer(bitPattern:", ".allocate(", "copyMemory",
        "assumingMemoryBound", "withMemoryRebound", "bindMemory", "nonisolated(unsafe)", "unsafeDowncast",
    ]
    static let allowedFolders = ["Sources/Glue/", "Sources/ComposeWindow/Glue/", "Sources/ComposeWindow/PostingGlue/"]
    static let allowedFiles = [
        "Sources/Widget/Core/PlaceholderType.swift", "Sources/Widget/Shared/PlaceholderTextViewClass.swift",
        "Sources/Widget/Gtk3/PlaceholderTextViewOverrides.swift",
        "Sources/Widget/Gtk4/PlaceholderTextViewOverrides.swift",
    ]

    /// Every .swift file under Sources (links to shared folders skipped: their files are checked where they are).
    static func swiftSources() throws -> [String] {
        let root = Shell.packageRoot.appendingPathComponent("Sources")
        let enumerator = try XCTUnwrap(
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey]))
        var files: [String] = []
        for case let url as URL in enumerator {
            if try url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink == true {
                enumerator.skipDescendants()
                continue
            }
            if url.pathExtension == "swift" {
                files.append(String(url.path.dropFirst(Shell.packageRoot.path.count + 1)))
            }
        }
        return files
    }

    func testUnsafeCodeIsOnlyInTheGlueAndTheClassStructFiles() throws {
        let files = try Self.swiftSources()
        XCTAssertTrue(
            files.contains("Sources/Widget/Core/PlaceholderType.swift"), "the sources were found: \(files.count)")
        var found: [String] = []
        var allowedUse = 0
        for file in files {
            let text = try String(contentsOf: Shell.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), let word = Self.words.first(where: { code.contains($0) }) else { continue }
                if Self.allowedFolders.contains(where: file.hasPrefix) || Self.allowedFiles.contains(file) {
                    allowedUse += 1
                } else {
                    found.append("\(file):\(number + 1): \(word)")
                }
            }
        }
        XCTAssertGreaterThan(allowedUse, 0, "the words are found where they are allowed (the check can see them)")
        XCTAssertEqual(found, [], "unsafe code outside the glue and the class struct files")
    }
}
