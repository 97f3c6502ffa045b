import Foundation
import XCTest

/// The Drafts list in a real window under Xvfb, by keyboard alone: Ctrl+Shift+D opens it on New
/// draft, Tab goes from button to button; Delete hides a draft and Undo (Alt+U) brings it back
/// whole; Open starts a window of its own on that draft, which the list then shows as open there.
final class DraftsListWindowTests: XCTestCase {
    private var opened: [pid_t] = []

    override func tearDown() {
        for pid in opened { kill(pid, SIGKILL) }
        super.tearDown()
    }

    /// The compose-window processes started on draft `name` (by Open), by their command lines.
    private func windows(onDraft name: String) -> [pid_t] {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.compactMap(pid_t.init).filter { pid in
            let line = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.first?.hasSuffix("compose-window") == true && words.contains("--draft")
                && words.last == name
        }
    }

    func testDeleteUndoAndOpenByKeyboard() throws {
        let state = try StateHome()
        try state.writeDraft("An older idea", name: "older")
        try state.writeDraft("Weekend plans: the hill\nand more", name: "weekend")
        let now = Date()
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-7_200)], ofItemAtPath: state.draftURL("older").path)
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-60)], ofItemAtPath: state.draftURL("weekend").path)
        let window = try ComposeProcess(["--desktop", "--to", "mastodon", "--no-spell"], stateHome: state.url)
        XCTAssertTrue(window.waitForWindow())

        // New draft → Open (weekend, the newest) → Delete (weekend).
        window.key("ctrl+shift+d")
        window.key("Tab", "Tab", "Return")
        XCTAssertTrue(waitUntil(timeout: 10) { state.draft("weekend") == nil }, "deleted")
        let folder = state.draftURL("weekend").deletingLastPathComponent().path
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".deleted-") }
        XCTAssertEqual(aside.count, 1, "kept aside, not removed")
        XCTAssertEqual(state.draft("older"), "An older idea", "the other draft untouched")

        window.key("alt+u")
        XCTAssertTrue(
            waitUntil(timeout: 10) { state.draft("weekend") == "Weekend plans: the hill\nand more" }, "undone")

        // The list read again, the keyboard back on New draft: Open on the newest starts a window
        // of its own on that draft.
        window.key("Tab", "Return")
        XCTAssertTrue(waitUntil(timeout: 20) { !self.windows(onDraft: "weekend").isEmpty }, "a window on “weekend”")
        opened = windows(onDraft: "weekend")
        XCTAssertTrue(window.isRunning, "this window stays")
        XCTAssertEqual(state.draft("weekend"), "Weekend plans: the hill\nand more", "opened, not changed")
        window.signal(SIGTERM)
        XCTAssertEqual(window.finish(timeout: 10)?.code, 1)
    }
}
