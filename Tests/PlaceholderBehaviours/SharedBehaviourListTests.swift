import Foundation
import PlaceholderTestSupport
import XCTest

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// Every behaviour on the list is written once, here, and so runs with the same assertions on GTK 3
/// and GTK 4; no toolkit's own suite tests one again its own way.
final class SharedBehaviourListTests: XCTestCase {
    func testEveryBehaviourIsWrittenOnceForBothToolkits() throws {
        // #filePath is this file as the toolkit's suite links it: <suite>/Behaviours/this file.
        let own = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let shared = Behaviour.sharedSuite(from: #filePath)
        XCTAssertEqual(try Behaviour.missingTests(in: [shared]).map(\.testName), [], "not in the shared suite")
        XCTAssertEqual(try Behaviour.tested(in: own).map(\.testName), [], "tested again in \(own.lastPathComponent)")
    }
}
