import Foundation
import PlaceholderTestSupport
import XCTest

/// The GTK 3 suite tests every behaviour on the shared list, under the same test names as GTK 4's.
final class BehaviourListTests: XCTestCase {
    /// Every behaviour has a test, here or in the shared suite; one written once (shared) is not
    /// tested again the GTK 3 way here.
    func testEveryBehaviourHasATestInThisSuite() throws {
        let own = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let shared = Behaviour.sharedSuite(from: #filePath)
        XCTAssertEqual(try Behaviour.missingTests(in: [own, shared]).map(\.testName), [])
        XCTAssertEqual(try Behaviour.tested(in: own).intersection(try Behaviour.tested(in: shared)), [])
        XCTAssertFalse(try Behaviour.tested(in: shared).isEmpty, "the shared suite was not found at \(shared.path)")
    }
}
