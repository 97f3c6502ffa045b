import ComposeWindowCore
import Foundation
import XCTest

/// The networks' counting rules as a script and a person meet them: `--measure` (no window, no
/// display) against twitter-text's own conformance cases, and the window marking what is over.
final class CountingRuleTests: XCTestCase {
    func measure(_ text: String, _ arguments: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
        let state = try StateHome()
        let process = try ComposeProcess(
            arguments + ["--measure"], stateHome: state.url, stdin: Data(text.utf8), environment: ["DISPLAY": ""])
        let result = try XCTUnwrap(process.finish())
        return (result.code, String(decoding: result.stdout, as: UTF8.self), result.stderr)
    }

    /// twitter-text's v3 cases (weighted length and validity), through the real binary.
    func testMeasureAgreesWithTwitterTextConformance() throws {
        let file = Shell.packageRoot.appendingPathComponent(
            "Tests/ComposeWindowCoreTests/Conformance/twitter-text-validate.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let tests = try XCTUnwrap(object?["tests"] as? [String: [[String: Any]]])
        let cases =
            try XCTUnwrap(tests["WeightedTweetsWithDiscountedEmojiCounterTest"])
            + XCTUnwrap(tests["UnicodeDirectionalMarkerCounterTest"])
        XCTAssertEqual(cases.count, 24)
        for testCase in cases {
            let text = try XCTUnwrap(testCase["text"] as? String)
            let expected = try XCTUnwrap(testCase["expected"] as? [String: Any])
            let length = try XCTUnwrap(expected["weightedLength"] as? Int)
            let valid = try XCTUnwrap(expected["valid"] as? Bool)
            let result = try measure(text, ["--count", "twitter"])
            let description = testCase["description"] as? String ?? ""
            XCTAssertEqual(result.stdout, "\(length)/280\n", description)
            // Invalid characters (U+FFFE…) make a post invalid whatever its length: the one case
            // where validity and fitting the limit differ.
            if length <= 280 && !valid { continue }
            XCTAssertEqual(result.code, valid ? 0 : 1, description)
        }
    }

    func testMeasureUsesTheRuleLimitUnlessOneIsGiven() throws {
        XCTAssertEqual(try measure(String(repeating: "a", count: 301), ["--count", "bluesky"]).stdout, "301/300\n")
        XCTAssertEqual(try measure(String(repeating: "a", count: 301), ["--count", "bluesky"]).code, 1)
        let given = try measure(String(repeating: "a", count: 301), ["--count", "bluesky", "--limit", "400"])
        XCTAssertEqual([given.stdout, String(given.code)], ["301/400\n", "0"])
        let mastodon = try measure(
            "@alice@example.social https://joinmastodon.org/a/long/path", ["--count", "mastodon"])
        XCTAssertEqual(mastodon.stdout, "\(6 + 1 + 23)/500\n")
        XCTAssertEqual(try measure("no limit at all", []).stdout, "15\n")
        let usage = try measure("x", ["--count", "words"])
        XCTAssertEqual(usage.code, 2)
        XCTAssertTrue(usage.stderr.contains("twitter, mastodon or bluesky"), usage.stderr)
    }

    /// Over the limit, the overflow gets the theme's error colour behind it; back within, it goes.
    func testTheWindowMarksWhatIsOverTheLimit() throws {
        let state = try StateHome()
        let window = try ComposeProcess(
            ["--count", "twitter", "--limit", "10", "--no-draft", "--font", "Monospace 20", "--no-spell"],
            stateHome: state.url)
        guard window.waitForWindow() else { return }
        // Adwaita's error colour (#cc0000) at a quarter over the white view: about (242, 191, 191).
        func marked() throws -> Int {
            try window.pixels().filter { red, green, blue in
                red > 225 && (165...215).contains(green) && (165...215).contains(blue) && abs(green - blue) < 12
            }.count
        }
        window.type("fits ")
        XCTAssertTrue(window.typeEachCharacter("中文", after: "fits "))
        XCTAssertEqual(try marked(), 0, "8 of 10: nothing marked")
        window.type(" over the top")
        var over = 0
        _ = waitUntil(timeout: 10) {
            over = (try? marked()) ?? 0
            return over > 500
        }
        XCTAssertGreaterThan(over, 500, "the characters past 10 are marked")
        window.key("ctrl+a", "BackSpace")
        window.type("ok")
        XCTAssertTrue(waitUntil(timeout: 10) { (try? marked()) == 0 }, "within the limit again: unmarked")
        XCTAssertTrue(window.waitForText("ok"))
        window.signal(SIGTERM)
        _ = window.finish()
    }
}
