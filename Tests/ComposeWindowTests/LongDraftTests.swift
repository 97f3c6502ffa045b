import Foundation
import XCTest

/// A long text's draft is written less often while typing goes on (DraftSaveTiming: a save copies
/// the whole text), and still written: a pause saves it, and a kill after that loses nothing.
final class LongDraftTests: XCTestCase {
    func testAMegabyteTypedIntoIsSavedOnceTypingPauses() throws {
        let state = try StateHome()
        let line = "分享新鲜事 Share something new, typed long ago.\n"
        // About 880 K characters: typing on would wait over 3 s for a save, a pause 1 s.
        let text = String(repeating: line, count: 1_048_576 / line.utf8.count)
        let window = try ComposeProcess([], stateHome: state.url, stdin: Data(text.utf8))
        guard window.waitForWindow() else { return }
        window.key("ctrl+End")
        window.type("tail")
        XCTAssertTrue(
            waitUntil(timeout: 15) { state.draft() == text + "tail" },
            "the draft after a pause: \(state.draft().map { String($0.suffix(20)) } ?? "none")")
        window.signal(SIGKILL)
        _ = window.finish()
        XCTAssertEqual(state.draft(), text + "tail", "the kill took nothing the pause saved")
    }
}
