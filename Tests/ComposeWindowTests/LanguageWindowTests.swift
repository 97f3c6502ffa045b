import Foundation
import XCTest

/// The post's language with Auto: the text read by CLD2, sent as Mastodon's `language` and
/// Bluesky's `langs`; libcld2 loaded only then. `--preview` shows the same reading.
final class LanguageWindowTests: SandboxTestCase {
    /// Waits until the window's process has loaded libcld2 (it reads the text after a pause), then
    /// for one selection round trip with the window, which its reading's answer precedes.
    func waitForTheReading(_ window: ComposeProcess, text: String) throws {
        let pid = window.applicationPID
        XCTAssertTrue(
            waitUntil(timeout: 20) {
                let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
                return maps.contains("/libcld2.so")
            }, "the text is read")
        XCTAssertTrue(window.waitForText(text))
    }

    func testAutoSendsTheLanguagesTheTextIsIn() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let text = "Meeting at 3pm 明天下午开会讨论项目进度"
        let preview = try sandbox.composeWindow(["--to", "mastodon,bluesky", "--preview", "--text", text])
        XCTAssertEqual(preview.code, 0, preview.stderr)
        XCTAssertTrue(preview.stdout.contains(#""langs":["zh","en"]"#), preview.stdout)
        XCTAssertTrue(preview.stdout.contains(#""language":"zh""#), preview.stdout)

        let window = try sandbox.window(text, to: "mastodon,bluesky")
        try waitForTheReading(window, text: text)
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60)).code, 0)
        XCTAssertEqual(sandbox.statuses.first?["language"] as? String, "zh")
        let record = try XCTUnwrap(sandbox.records.first?["value"] as? [String: Any])
        XCTAssertEqual(record["langs"] as? [String], ["zh", "en"])
    }

    /// A language chosen by the person goes as chosen, even when the text reads otherwise (the
    /// window only says so).
    func testAChosenLanguageGoesAsChosen() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let text = "今天天气真好，我们去公园散步"
        let window = try sandbox.window(text, to: "bluesky", extra: ["--language", "en"])
        try waitForTheReading(window, text: text)
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60)).code, 0)
        let record = try XCTUnwrap(sandbox.records.first?["value"] as? [String: Any])
        XCTAssertEqual(record["langs"] as? [String], ["en"])
    }
}
