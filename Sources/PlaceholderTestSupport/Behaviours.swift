import Foundation

/// The behaviours every PlaceholderTextView guarantees, GTK 3's and GTK 4's alike: one list, and
/// each toolkit's suite must hold a test of that name (`missingTests`), so the suites cannot drift.
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

    /// The behaviours with no `func test…()` in the Swift files under `directory`.
    public static func missingTests(in directory: URL) throws -> [Behaviour] {
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        return allCases.filter { !sources.contains("func \($0.testName)()") }
    }
}
