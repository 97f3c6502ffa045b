import Foundation
import XCTest

/// Links, mentions and hashtags styled in the text view as the network Send goes to shows them,
/// read from the window's pixels: the link colour (Adwaita's blue) is on nothing else in the text.
final class HighlightWindowTests: XCTestCase {
    var state: StateHome!

    override func setUpWithError() throws { state = try StateHome() }

    func launch(_ arguments: [String], stdin: String) throws -> ComposeProcess {
        let window = try ComposeProcess(
            ["--no-draft", "--no-spell", "--width", "640"] + arguments, stateHome: state.url, stdin: Data(stdin.utf8))
        XCTAssertTrue(window.waitForWindow())
        return window
    }

    /// Pixels of a blue hue in the text view (below the header bar, whose Send is blue too):
    /// the highlighted glyphs; black text and the white view have none.
    static func bluePixels(_ window: ComposeProcess) -> Int {
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: shot) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        convert.arguments = ["-window", window.windowID, "-depth", "8", "txt:" + shot.path]
        guard (try? convert.run()) != nil else { return -1 }
        convert.waitUntilExit()
        let text = (try? String(contentsOf: shot, encoding: .utf8)) ?? ""
        // ImageMagick's txt: format, one pixel per line: "x,y: (r,g,b)  #RRGGBB  …"
        return text.split(separator: "\n").filter { line in
            guard let comma = line.firstIndex(of: ","), let colon = line.firstIndex(of: ":"), comma < colon,
                let y = Int(line[line.index(after: comma)..<colon]), (52..<270).contains(y),
                let hash = line.range(of: "#"), let value = Int(line[hash.upperBound...].prefix(6), radix: 16)
            else { return false }
            let (red, green, blue) = (value >> 16, (value >> 8) & 0xff, value & 0xff)
            return blue > red + 70 && blue > green + 30
        }.count
    }

    /// X: a hashtag is styled as it is typed and unstyled when it stops being one; a link without
    /// its scheme is one on X.
    func testAHashtagIsStyledAsItIsTypedAndNoLongerWhenItIsNot() throws {
        let window = try launch(["--count", "twitter"], stdin: "Plain words only")
        XCTAssertTrue(waitUntil(timeout: 5) { Self.bluePixels(window) == 0 }, "nothing to style yet")
        window.type(" #gtk")
        XCTAssertTrue(waitUntil(timeout: 10) { Self.bluePixels(window) > 20 }, "the hashtag is not styled")
        window.key("BackSpace", "BackSpace", "BackSpace")  // "#": no hashtag
        XCTAssertTrue(waitUntil(timeout: 10) { Self.bluePixels(window) == 0 }, "a lone # stayed styled")
        window.type(" example.org")
        XCTAssertTrue(waitUntil(timeout: 10) { Self.bluePixels(window) > 20 }, "X's link without a scheme")
        window.signal(SIGTERM)
        _ = window.finish()
    }

    /// Mastodon links need their scheme: "example.org" is plain text there, @name@server a mention.
    func testMastodonStylesItsOwnEntities() throws {
        let window = try launch(["--count", "mastodon"], stdin: "See example.org")
        window.type(" now")
        XCTAssertTrue(window.waitForText("See example.org now"), "every key handled, the text styled")
        XCTAssertEqual(Self.bluePixels(window), 0, "Mastodon has no link without a scheme")
        window.type(" @alice@mastodon.social")
        XCTAssertTrue(waitUntil(timeout: 10) { Self.bluePixels(window) > 20 }, "the mention is not styled")
        window.signal(SIGTERM)
        _ = window.finish()
    }

    /// A megabyte of text (lines of words) that starts with a hashtag: the idle sweep styles it, and
    /// a mention typed at the start, a megabyte before the end, is styled as it is typed.
    func testAMegabyteIsStyledAndTypingIntoItStaysStyled() throws {
        let line = String(repeating: "lorem ipsum dolor sit amet ", count: 10) + "\n"
        let words = String(repeating: line, count: 1_048_576 / line.utf8.count)
        let window = try launch(["--count", "twitter"], stdin: "#start " + words)
        XCTAssertTrue(waitUntil(timeout: 30) { Self.bluePixels(window) > 20 }, "the hashtag is not styled")
        let styled = Self.bluePixels(window)
        window.key("ctrl+Home")
        window.type("@carol ")
        XCTAssertTrue(
            waitUntil(timeout: 20) { Self.bluePixels(window) > styled + 20 }, "a mention typed there is not styled")
        window.signal(SIGTERM)
        _ = window.finish()
    }
}
