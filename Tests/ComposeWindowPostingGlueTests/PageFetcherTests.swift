import CComposeWindowPixbuf
import CComposeWindowSoup
import ComposeWindowPostingGlue
import Foundation
import XCTest

@testable import ComposeWindowCore

/// A link card's fetch against a real HTTP server (standin_pages.py), with the awkward pages the
/// web has: redirects followed and bounded, loops ended, a huge page read only as far as its head,
/// a picture over the limit refused, a slow page called off by its deadline; and pages that point at
/// this machine. The tests run in a private network of their own (page-network.sh, started by
/// testEveryFetchInAPrivateNetworkOfItsOwn), where the server's public address is the public
/// internet and intranet.example.net is 127.0.0.1: the app's rule is the one it ships, no hook.
final class PageFetcherTests: XCTestCase {
    private var server: Process?
    private var base = ""
    private var port = ""
    /// The server's log of every connection it accepted: the address each came to.
    private var connections = ""

    /// The public address of the private network these tests run in; nil outside it.
    static var network: String? { ProcessInfo.processInfo.environment["PAGE_NETWORK"] }

    override func setUpWithError() throws {
        guard let network = Self.network else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(getpid())-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port").path
        connections = folder.appendingPathComponent("connections").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        // Every address of the namespace: its public one and loopback, to see what is asked of each.
        process.arguments = [
            PageReaderTests.pages.appendingPathComponent("standin_pages.py").path, portFile, "0.0.0.0", connections,
        ]
        try process.run()
        server = process
        port = try MainActor.assumeIsolated {
            try Self.waitFor(seconds: 20) { try? String(contentsOfFile: portFile, encoding: .utf8) }
        }
        base = "http://pages.example.org:" + port
        XCTAssertEqual(network, "93.184.216.34")
    }

    /// Runs this class again inside a private network (unshare, as the posting sandbox does) and
    /// fails with its output when anything there fails.
    func testEveryFetchInAPrivateNetworkOfItsOwn() throws {
        guard Self.network == nil else { return }
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let script = PageReaderTests.pages.appendingPathComponent("page-network.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-n", "-m", "--", script, binary, "ComposeWindowPostingGlueTests.PageFetcherTests"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("Executed 8 tests, with 0 failures"), text)
    }

    /// The tests below run only inside the private network.
    private func inside() throws {
        try XCTSkipIf(Self.network == nil, "run inside its own network by testEveryFetchInAPrivateNetworkOfItsOwn")
    }

    /// The addresses the server was connected to, in order.
    private var connectedTo: [String] {
        ((try? String(contentsOfFile: connections, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
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
        try inside()
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
        try inside()
        let base = base
        try MainActor.assumeIsolated { try Self.redirectsAreBoundedAndLoopsEndAndOnlyWebIsFollowed(base) }
    }

    @MainActor private static func redirectsAreBoundedAndLoopsEndAndOnlyWebIsFollowed(_ base: String) throws {
        XCTAssertEqual(try fetch(base, "/chain/4").map(\.url), .success(base + "/card"), "five: the most followed")
        XCTAssertEqual(try fetch(base, "/chain/5").map(\.url), .failure(.tooManyRedirects))
        XCTAssertEqual(try fetch(base, "/loop").map(\.url), .failure(.tooManyRedirects))
        XCTAssertEqual(try fetch(base, "/to-ftp").map(\.url), .failure(.notWeb))
        XCTAssertEqual(try fetch(base, "ftp://pages.example.org/").map(\.url), .failure(.notWeb))
    }

    func testOnlyTheHeadOfAHugePageIsReadAndWhatIsNotAPageIsRefused() throws {
        try inside()
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
        try inside()
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

    /// This machine by its address, by `localhost`, and by a public-looking name that resolves to
    /// it: refused before a connection is even made (the server logs none to loopback).
    func testThisMachineIsNeverAskedByAddressOrByName() throws {
        try inside()
        let (port, connections, base) = (port, connections, base)
        try MainActor.assumeIsolated {
            for address in [
                "http://127.0.0.1:\(port)/card", "http://[::1]:\(port)/card", "http://localhost:\(port)/card",
                "http://printer.local:\(port)/card", "http://[::ffff:127.0.0.1]:\(port)/card",
                "http://intranet.example.net:\(port)/card", "http://0.0.0.0:\(port)/card",
            ] {
                XCTAssertEqual(try Self.fetch("", address).map(\.url), .failure(.notPublic), address)
            }
            XCTAssertEqual(
                try Self.fetch("", "http://intranet.example.net:\(port)/pictures/panda.png", .picture).map(\.url),
                .failure(.notPublic))
        }
        XCTAssertEqual(connectedTo, [], "no connection at all: \(connections)")
        XCTAssertEqual(
            try MainActor.assumeIsolated { try Self.fetch(base, "/plain").map(\.url) }, .success(base + "/plain"))
        XCTAssertEqual(connectedTo, ["93.184.216.34"], "the public page, asked as before")
    }

    /// A public page redirecting to this machine (by address or by name), or naming a picture on
    /// it: each redirect and the picture are checked again, and never asked for.
    func testARedirectOrAPictureOnThisMachineIsRefused() throws {
        try inside()
        let base = base
        try MainActor.assumeIsolated {
            XCTAssertEqual(try Self.fetch(base, "/to-loopback").map(\.url), .failure(.notPublic))
            XCTAssertEqual(try Self.fetch(base, "/to-intranet").map(\.url), .failure(.notPublic))
            let page = try Self.fetch(base, "/local-picture").get()
            let picture = try XCTUnwrap(
                PageReader.metadata(of: page.bytes, url: page.url).picture.flatMap {
                    PageReader.pictureAddress($0, page: page.url)
                })
            XCTAssertTrue(picture.hasPrefix("http://127.0.0.1:"), picture)
            XCTAssertEqual(try Self.fetch(base, picture, .picture).map(\.url), .failure(.notPublic))
        }
        XCTAssertFalse(connectedTo.contains("127.0.0.1"), "\(connectedTo)")
        XCTAssertEqual(connectedTo.count, 3, "the three public pages alone: \(connectedTo)")
    }

    /// A 200 KB PNG declaring 40,000 × 40,000 pixels is refused from its header, nothing decoded
    /// (the process's peak memory barely moves; decoded it is 4.8 GB); bytes that are not their
    /// declared type are refused by that type's loader, never sniffed as another.
    func testAPictureIsReadOnlyByItsTypesLoaderAndNeverDecodedOverItsPixels() throws {
        try inside()
        let base = base
        try MainActor.assumeIsolated {
            let before = Self.peakKilobytes
            XCTAssertEqual(try Self.fetch(base, "/pictures/vast.png", .picture).map(\.url), .failure(.unusablePicture))
            XCTAssertLessThan(Self.peakKilobytes - before, 64 * 1024, "no pixels allocated")
            XCTAssertEqual(
                try Self.fetch(base, "/pictures/svg-as-png", .picture).map(\.url), .failure(.unusablePicture))
            XCTAssertEqual(
                try Self.fetch(base, "/pictures/svg", .picture).map(\.url), .failure(.notWhatWasAsked(status: 200)))
            let panda = try Self.fetch(base, "/pictures/panda.png", .picture).get()
            XCTAssertNil(LinkPicture.size(of: panda.bytes, type: "image/jpeg"), "a PNG is no JPEG")
            XCTAssertTrue(LinkPicture.size(of: panda.bytes, type: "image/png")! == (400, 210))
            let thumbnail = try XCTUnwrap(LinkPicture.thumbnail(of: panda.bytes, type: "image/png", side: 100))
            defer { g_object_unref(UnsafeMutableRawPointer(thumbnail)) }
            XCTAssertEqual(gdk_pixbuf_get_width(thumbnail), 100)
            XCTAssertEqual(gdk_pixbuf_get_height(thumbnail), 53)
        }
    }

    /// The process's peak resident memory so far (getrusage), in KiB.
    private static var peakKilobytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }
}
