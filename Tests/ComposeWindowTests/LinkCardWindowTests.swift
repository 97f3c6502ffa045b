import Foundation
import XCTest

/// Bluesky link cards end to end: the window fetches the linked page from the sandbox's web host
/// (standin_pages.py under pages.example.org, https and http), shows the card with its picture,
/// and Send posts embed.external with the picture as a blob the lexicon accepts, once. A slow page
/// never holds Send back; images win over a card (LinkCardTests: a page that cannot be read).
final class LinkCardWindowTests: SandboxTestCase {
    /// The stand-in's panda picture (#cc3333), as the card's thumbnail shows it.
    static let pandaRed: [UInt8] = [0xCC, 0x33, 0x33]

    /// Waits until the window shows at least `count` pixels of `colour` (a screenshot of the
    /// screen through ImageMagick's `import`, as a person would see it).
    func waitForPixels(_ colour: [UInt8], count: Int, timeout: Double = 30) -> Bool {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(getpid()).ppm")
        defer { try? FileManager.default.removeItem(at: file) }
        return waitUntil(timeout: timeout) {
            guard let shot = try? Shell.run("/usr/bin/import", ["-window", "root", "-depth", "8", file.path]),
                shot.code == 0, let pixels = (try? Data(contentsOf: file)).flatMap(Self.ppmPixels)
            else { return false }
            return stride(from: 0, to: pixels.count - 2, by: 3).lazy.filter {
                pixels[$0] == colour[0] && pixels[$0 + 1] == colour[1] && pixels[$0 + 2] == colour[2]
            }.count >= count
        }
    }

    /// The RGB bytes of a binary PPM (P6, 8 bits).
    static func ppmPixels(_ data: Data) -> [UInt8]? {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            while index < bytes.count && bytes[index] <= 0x20 { index += 1 }
            let start = index
            while index < bytes.count && bytes[index] > 0x20 { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        guard fields.first == "P6", fields.count == 4 else { return nil }
        return Array(bytes[(index + 1)...])
    }

    func testTheCardGoesWithItsPictureAsAThumbOnce() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window("Pandas all day https://pages.example.org/card", to: "bluesky")
        XCTAssertTrue(waitForPixels(Self.pandaRed, count: 500), "the card's picture, shown under the text")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let record = try XCTUnwrap(sandbox.records.first)
        XCTAssertEqual(sandbox.records.count, 1)
        let embed = try XCTUnwrap((record["value"] as? [String: Any])?["embed"] as? [String: Any])
        XCTAssertEqual(embed["$type"] as? String, "app.bsky.embed.external")
        let external = try XCTUnwrap(embed["external"] as? [String: Any])
        XCTAssertEqual(external["uri"] as? String, "https://pages.example.org/card")
        XCTAssertEqual(external["title"] as? String, "Pandas & bamboo: 熊猫的一天")
        XCTAssertEqual(external["description"] as? String, "How a panda spends its day, hour by hour.")
        let thumb = try XCTUnwrap(external["thumb"] as? [String: Any])
        XCTAssertLessThanOrEqual(thumb["size"] as? Int ?? .max, 1_000_000)
        XCTAssertEqual((sandbox.state["blobs"] as? [[String: Any]])?.count, 1, "the thumb, uploaded once")
        let fetched = sandbox.requests.filter { $0.host.hasPrefix("pages.example.org") }.map(\.path)
        XCTAssertEqual(fetched, ["/card", "/pictures/panda.png"], "the page and its picture, once each")
        try assertTheLexiconAccepts(record)
    }

    /// The card's picture is read at Send as what it is, a page's bytes (#61): a kept file that
    /// became a TIFF since its fetch (gdk-pixbuf reads one when it sniffs) is never decoded, and
    /// the card goes without it, the post all the same.
    func testAKeptPictureThatBecameAnotherTypeIsNeverDecodedAndTheCardGoesWithoutIt() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window("Pandas all day https://pages.example.org/card", to: "bluesky")
        XCTAssertTrue(waitForPixels(Self.pandaRed, count: 500), "the card's picture, shown under the text")
        let kept = sandbox.home.appendingPathComponent("cache/compose-window/link-pictures")
        let files = try FileManager.default.contentsOfDirectory(atPath: kept.path)
        XCTAssertEqual(files.count, 1, "\(files)")
        for file in files {
            let made = try Shell.run(
                "/usr/bin/convert", ["-size", "40x30", "xc:#3333cc", "tiff:" + kept.appendingPathComponent(file).path])
            XCTAssertEqual(made.code, 0, made.stderr)
        }
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let record = try XCTUnwrap(sandbox.records.first)
        let embed = try XCTUnwrap((record["value"] as? [String: Any])?["embed"] as? [String: Any])
        let external = try XCTUnwrap(embed["external"] as? [String: Any])
        XCTAssertEqual(external["uri"] as? String, "https://pages.example.org/card")
        XCTAssertNil(external["thumb"], "no thumb from a TIFF")
        XCTAssertEqual((sandbox.state["blobs"] as? [[String: Any]] ?? []).count, 0, "nothing uploaded")
    }

    /// The page answers after 30 s: Send goes at once with the link alone (Bluesky's app shows the
    /// address), and the fetch is called off.
    func testASlowPageNeverHoldsSendBack() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window("Slow news http://pages.example.org/slow", to: "bluesky")
        XCTAssertTrue(waitUntil(timeout: 20) { sandbox.requests.contains { $0.path == "/slow" } }, "asked for")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 20), "posted well before the page's 30 s")
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let value = try XCTUnwrap(sandbox.records.first?["value"] as? [String: Any])
        let external = try XCTUnwrap((value["embed"] as? [String: Any])?["external"] as? [String: Any])
        XCTAssertEqual(external["uri"] as? String, "http://pages.example.org/slow")
        XCTAssertEqual(external["title"] as? String, "")
        XCTAssertNil(external["thumb"])
    }

    /// Bluesky shows images or a card: the images go, and the page is never fetched.
    func testImagesWinAndTheirPostFetchesNoPage() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let pictures = try sandbox.testImages()
        let withImage = try sandbox.window(
            "A photo and https://pages.example.org/card", to: "bluesky",
            extra: ["--attach", pictures.appendingPathComponent("small.png").path, "--alt", "A square"])
        withImage.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(withImage.finish(timeout: 60)).code, 0)
        let first = try XCTUnwrap(sandbox.records.first?["value"] as? [String: Any])
        XCTAssertEqual((first["embed"] as? [String: Any])?["$type"] as? String, "app.bsky.embed.images")
        XCTAssertFalse(sandbox.requests.contains { $0.path == "/card" }, "no card: its page is not fetched")

    }

    /// Remove (Alt+L) takes the card off the first link: the next link of the text gets it (a page
    /// with no metadata: the link alone), and the first page is not asked for again.
    func testRemovingTheCardOffersTheNextLink() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window(
            "Two links: https://pages.example.org/card and http://news.example.com/plain", to: "bluesky")
        XCTAssertTrue(waitForPixels(Self.pandaRed, count: 500), "the first link's card")
        window.key("alt+l")
        XCTAssertTrue(
            waitUntil(timeout: 20) { sandbox.requests.contains { $0.host.hasPrefix("news.example.com") } },
            "the next link's page is asked for")
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60)).code, 0)
        let value = try XCTUnwrap(sandbox.records.first?["value"] as? [String: Any])
        let external = try XCTUnwrap((value["embed"] as? [String: Any])?["external"] as? [String: Any])
        XCTAssertEqual(external["uri"] as? String, "http://news.example.com/plain")
        XCTAssertEqual(external["title"] as? String, "", "no metadata: the link alone")
        XCTAssertEqual(sandbox.requests.filter { $0.path == "/card" }.count, 1)
    }

    /// The setting off (link-cards=false): no page is fetched from this computer, and the post goes
    /// with its link as text.
    func testTurnedOffNoPageIsFetched() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        try sandbox.setting("link-cards=false")
        let window = try sandbox.window("Plain link https://pages.example.org/card", to: "bluesky")
        // Absence can only be waited for: five times the typing pause after which a page is asked for.
        let fetched = waitUntil(timeout: 3) { sandbox.requests.contains { $0.host.hasPrefix("pages.example.org") } }
        XCTAssertFalse(fetched, "no page fetched while the window is open")
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60)).code, 0)
        let value = try XCTUnwrap(sandbox.records.first?["value"] as? [String: Any])
        XCTAssertNil(value["embed"])
        XCTAssertNotNil(value["facets"], "the link is still a link")
        XCTAssertFalse(sandbox.requests.contains { $0.host.hasPrefix("pages.example.org") })
    }

    /// Turned off while the window is open (the Drafts list's check box, or gsettings from
    /// another process): a link typed after that is fetched from nowhere.
    func testTurnedOffInAnOpenWindowNoPageIsFetched() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window("No link yet", to: "bluesky")
        try sandbox.setting("link-cards=false")
        // The keyfile's change reaches the window long before the typing pause after the link ends.
        window.type(" https://pages.example.org/card")
        let fetched = waitUntil(timeout: 3) { sandbox.requests.contains { $0.host.hasPrefix("pages.example.org") } }
        XCTAssertFalse(fetched, "no page fetched once the setting is off")
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60)).code, 0)
        XCTAssertNil((sandbox.records.first?["value"] as? [String: Any])?["embed"])
    }

    /// A link to this machine under a public-looking name (intranet.example.net is 127.0.0.1 in
    /// the sandbox) shows no card and asks nothing of it; a public page whose picture is on this
    /// machine keeps its card without the picture, which is never asked for either.
    func testALinkOrAPictureOnThisMachineIsNeverAskedFor() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let window = try sandbox.window("The router http://intranet.example.net/card", to: "bluesky")
        // Absence can only be waited for: five times the typing pause after which a page is asked for.
        let asked = waitUntil(timeout: 3) { sandbox.requests.contains { $0.host.hasPrefix("intranet") } }
        XCTAssertFalse(asked, "nothing asked of this machine")
        window.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(window.finish(timeout: 60)).code, 0)
        let value = try XCTUnwrap(sandbox.records.first?["value"] as? [String: Any])
        XCTAssertNil(value["embed"], "refused, not pending: no card at all")
        XCTAssertNotNil(value["facets"], "the link is still a link")

        let pictured = try sandbox.window("Pandas http://pages.example.org/local-picture", to: "bluesky")
        XCTAssertTrue(
            waitUntil(timeout: 20) { sandbox.requests.contains { $0.path == "/local-picture" } }, "the page is read")
        XCTAssertFalse(waitUntil(timeout: 3) { sandbox.requests.contains { $0.host.hasPrefix("127.0.0.1") } })
        pictured.key("ctrl+Return")
        XCTAssertEqual(try XCTUnwrap(pictured.finish(timeout: 60)).code, 0)
        let second = try XCTUnwrap(sandbox.records.last?["value"] as? [String: Any])
        let external = try XCTUnwrap((second["embed"] as? [String: Any])?["external"] as? [String: Any])
        XCTAssertEqual(external["title"] as? String, "Pandas & bamboo: 熊猫的一天")
        XCTAssertNil(external["thumb"], "its picture on this machine: none")
        XCTAssertFalse(sandbox.requests.contains { $0.host.hasPrefix("127.0.0.1") || $0.host.hasPrefix("intranet") })
    }
}
