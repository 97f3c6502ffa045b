import Foundation
import XCTest

/// Two windows on the same draft: the second keeps its text as a draft of its own and says so, in
/// one line on standard error and in its window; neither writes over the other's.
final class DraftOwnerTests: XCTestCase {
    func testASecondWindowOnTheDraftWritesADraftOfItsOwn() throws {
        let state = try StateHome()
        let first = try ComposeProcess([], stateHome: state.url)
        XCTAssertTrue(first.waitForWindow())
        first.type("first window")
        XCTAssertTrue(waitUntil(timeout: 10) { state.draft() == "first window" })
        let second = try ComposeProcess([], stateHome: state.url)
        XCTAssertTrue(second.waitForWindow())
        XCTAssertTrue(
            second.waitForStderr(containing: "The draft “default” is open in another window"), second.stderrSoFar)
        second.type("second window")
        XCTAssertTrue(waitUntil(timeout: 10) { state.draft("default-2") == "second window" }, second.stderrSoFar)
        XCTAssertEqual(state.draft(), "first window")
        for window in [first, second] {
            window.process.terminate()  // SIGTERM: the draft is saved, exit 1
            XCTAssertEqual(window.finish(timeout: 10)?.code, 1)
        }
        // Both ended: the draft is free again for the next window.
        let third = try ComposeProcess([], stateHome: state.url)
        XCTAssertTrue(third.waitForWindow())
        XCTAssertTrue(third.waitForText("first window"))
        XCTAssertFalse(third.stderrSoFar.contains("open in another window"))
        third.process.terminate()
        _ = third.finish(timeout: 10)
    }
}
