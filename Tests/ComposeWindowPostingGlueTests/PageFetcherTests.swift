import CComposeWindowSoup
import ComposeWindowPostingGlue
import Foundation
import XCTest

@testable import ComposeWindowCore

/// A link card's fetch against a real HTTP server on loopback (standin_pages.py), with the
/// awkward pages the web has: redirects followed and bounded, loops ended, a huge page read only
/// as far as its head, a picture over the limit refused, a slow page called off by its deadline.
final class PageFetcherTests: XCTestCase {
    private var server: Process?
    private var base = ""

    override func setUpWithError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [PageReaderTests.pages.appendingPathComponent("standin_pages.py").path, portFile]
        try process.run()
        server = process
        let port = try MainActor.assumeIsolated {
            try Self.waitFor(seconds: 20) { try? String(contentsOfFile: portFile, encoding: .utf8) }
        }
        base = "http://127.0.0.1:" + port
    }

    override func tearDownWithError() throws {
        server?.terminate()
        server?.waitUntilExit()
    }

    private struct NothingInTime: Error {}

    /// Runs the main loop until `value` gives something, or fails at the deadline (a timeout
    /// source wakes the loop every 50 ms so that a file the server writes is seen too).
    @MainActor private static func waitFor<T>(seconds: Double, _ value: () -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        let wake = g_timeout_add(50, { _ in 1 }, nil)
        defer { g_source_remove(wake) }
        while Date() < deadline {
            if let found = value() { return found }
            g_main_context_iteration(nil, 1)
        }
        XCTFail("nothing within \(seconds) s")
        throw NothingInTime()
    }

    @MainActor private static func fetch(
        _ base: String, _ path: String, _ kind: PageFetcher.Kind = .page, cancellation: Cancellation = Cancellation()
    ) throws -> Result<PageFetcher.Fetched, PageFetcher.Failure> {
        let fetcher = PageFetcher(userAgent: "compose-window-test")
        var result: Result<PageFetcher.Fetched, PageFetcher.Failure>?
        fetcher.fetch(path.hasPrefix("/") ? base + path : path, kind, cancellation: cancellation) { result = $0 }
        return try Self.waitFor(seconds: 30) { result }
    }

    func testAPageIsReadAfterRedirectsAndItsPictureWhole() throws {
        let base = base
        try MainActor.assumeIsolated { try Self.aPageIsReadAfterRedirectsAndItsPictureWhole(base) }
    }

    @MainActor private static func aPageIsReadAfterRedirectsAndItsPictureWhole(_ base: String) throws {
        let page = try fetch(base, "/chain/3").get()
        XCTAssertEqual(page.url, base + "/card", "four redirects are followed")
        XCTAssertTrue(String(decoding: page.bytes, as: UTF8.self).contains("og:title"))
        let picture = try fetch(base, "/pictures/panda.png", .picture).get()
        XCTAssertEqual(Array(picture.bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testRedirectsAreBoundedAndLoopsEndAndOnlyWebIsFollowed() throws {
        let base = base
        try MainActor.assumeIsolated { try Self.redirectsAreBoundedAndLoopsEndAndOnlyWebIsFollowed(base) }
    }

    @MainActor private static func redirectsAreBoundedAndLoopsEndAndOnlyWebIsFollowed(_ base: String) throws {
        XCTAssertEqual(try fetch(base, "/chain/4").map(\.url), .success(base + "/card"), "five: the most followed")
        XCTAssertEqual(try fetch(base, "/chain/5").map(\.url), .failure(.tooManyRedirects))
        XCTAssertEqual(try fetch(base, "/loop").map(\.url), .failure(.tooManyRedirects))
        XCTAssertEqual(try fetch(base, "/to-ftp").map(\.url), .failure(.notWeb))
        XCTAssertEqual(try fetch(base, "ftp://127.0.0.1/").map(\.url), .failure(.notWeb))
    }

    func testOnlyTheHeadOfAHugePageIsReadAndWhatIsNotAPageIsRefused() throws {
        let base = base
        try MainActor.assumeIsolated { try Self.onlyTheHeadOfAHugePageIsReadAndWhatIsNotAPageIsRefused(base) }
    }

    @MainActor private static func onlyTheHeadOfAHugePageIsReadAndWhatIsNotAPageIsRefused(_ base: String) throws {
        let huge = try fetch(base, "/huge").get()
        XCTAssertEqual(huge.bytes.count, PageFetchRules.pageBytes, "20 MB served, the first 512 KiB read")
        XCTAssertEqual(PageReader.metadata(of: huge.bytes, url: huge.url).title, "Pandas & bamboo: 熊猫的一天")
        XCTAssertEqual(try fetch(base, "/pdf").map(\.url), .failure(.notWhatWasAsked(status: 200)))
        XCTAssertEqual(try fetch(base, "/missing").map(\.url), .failure(.notWhatWasAsked(status: 404)))
        XCTAssertEqual(try fetch(base, "/card", .picture).map(\.url), .failure(.notWhatWasAsked(status: 200)))
        XCTAssertEqual(try fetch(base, "/pictures/huge.png", .picture).map(\.url), .failure(.tooLarge))
    }

    func testASlowPageIsCalledOffWhenItsCancellationIs() throws {
        let base = base
        try MainActor.assumeIsolated { try Self.aSlowPageIsCalledOffWhenItsCancellationIs(base) }
    }

    @MainActor private static func aSlowPageIsCalledOffWhenItsCancellationIs(_ base: String) throws {
        let cancellation = Cancellation()
        let fetcher = PageFetcher(userAgent: "compose-window-test")
        var result: Result<PageFetcher.Fetched, PageFetcher.Failure>?
        fetcher.fetch(base + "/slow", .page, cancellation: cancellation) { result = $0 }
        let started = Date()
        g_main_context_iteration(nil, 0)
        cancellation.cancel()  // the app's deadline, or a changed link
        let ended = try Self.waitFor(seconds: 10) { result }
        guard case .failure(.noAnswer) = ended else { return XCTFail("\(ended)") }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "not the server's 30 s")
    }
}
