import Foundation

/// The behaviours every PlaceholderTextView guarantees, GTK 3's and GTK 4's alike: one list, each
/// tested once in the shared suite that both toolkits run (`missingTests`, `tested(in:)`), so the
/// suites cannot drift.
public enum Behaviour: String, CaseIterable, Sendable {
    case shownWhenEmptyHiddenByEveryKindOfInsertion
    case pasteHidesPlaceholder
    case hiddenWhileInputMethodComposes
    case defaultSettings
    case seedInsetsAsMargins
    case indentAndPixelsAboveLines
    case cssPaddingAndBorderAndFramedScrolledWindow = "CSSPaddingAndBorderAndFramedScrolledWindow"
    case centreAndRightJustification
    case rightToLeft
    case changingMarginsLiveMovesThePlaceholder
    case followsFontPropertyCSSAndSettings
    case longPlaceholderWrapsAndSetsMinimumHeight
    case themeColourByDefaultExplicitColourOverridesNilRestores
    case caretStaysVisibleOverThePlaceholder
    case followsSwappedBufferAndStopsWatchingTheOldOne
    case placeholderIsTextNotMarkup
    case screenReaderGetsPlaceholderOnceFromTheTextView
    case clickOnPlaceholderFocusesTextViewAndPlacesCaret
    case swiftReferenceDroppedFirst
    case widgetDestroyedFirst
    case wholeWindowDestroyed
    case typingCausesNoLabelRelayoutAfterTheFirstCharacter
    case uiFileLoadsAndBehavesLikeSwift = "UIFileLoadsAndBehavesLikeSwift"
    case notificationsFireOncePerChange
    case objectsMadeByCGetTheirSwiftSide

    /// The XCTest method name each suite must have.
    public var testName: String {
        "test" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// The behaviours with a `func test…()` in the Swift files under `directory` (links not followed:
    /// the shared suite is linked into each toolkit's).
    public static func tested(in directory: URL) throws -> Set<Behaviour> {
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isSymbolicLinkKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) != true }
            .filter { $0.pathExtension == "swift" } ?? []
        let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        return Set(allCases.filter { sources.contains("func \($0.testName)()") })
    }

    /// The behaviours with no test in either directory.
    public static func missingTests(in directories: [URL]) throws -> [Behaviour] {
        let tested = try directories.reduce(into: Set<Behaviour>()) { $0.formUnion(try Self.tested(in: $1)) }
        return allCases.filter { !tested.contains($0) }
    }

    /// Tests/PlaceholderBehaviours: the behaviours written once and run by both toolkits' suites.
    public static func sharedSuite(from testFile: String) -> URL {
        // Tests/GtkPlaceholderTests/X.swift or Tests/GTK4/Tests/GtkPlaceholder4Tests/X.swift.
        var url = URL(fileURLWithPath: testFile)
        while url.path != "/",
            url.lastPathComponent != "Tests" || url.deletingLastPathComponent().lastPathComponent == "GTK4"
        {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("PlaceholderBehaviours")
    }
}
