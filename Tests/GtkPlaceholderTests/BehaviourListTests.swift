import Foundation
import PlaceholderTestSupport
import XCTest

/// The GTK 3 suite tests every behaviour on the shared list, under the same test names as GTK 4's.
final class BehaviourListTests: XCTestCase {
    func testEveryBehaviourHasATestInThisSuite() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        XCTAssertEqual(try Behaviour.missingTests(in: directory).map(\.testName), [])
    }
}
