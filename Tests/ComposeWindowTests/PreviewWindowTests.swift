import Foundation
import XCTest

/// Preview in the window (Ctrl+Shift+P): a dialog over the window with each network's post, made
/// from the same requests Send makes; Escape closes it and the text is as it was.
final class PreviewWindowTests: SandboxTestCase {
    func testCtrlShiftPShowsEachNetworksPostAndSendsNothing() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let window = try sandbox.window(
            "Both networks see this", to: "mastodon,bluesky", extra: ["--cw", "Spoilers"])
        window.key("ctrl+shift+p")
        XCTAssertTrue(window.waitForWindows(2), "the Preview dialog")
        window.key("Escape")
        XCTAssertTrue(window.waitForWindows(1), "Escape closes it")
        window.focusWindowAgain()
        XCTAssertTrue(sandbox.statuses.isEmpty && sandbox.records.isEmpty, "a preview sends nothing")
        XCTAssertTrue(window.waitForText("Both networks see this"))
    }
}
