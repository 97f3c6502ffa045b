import CComposeWindowPixbuf
import ComposeWindowPostingGlue
import Foundation
import XCTest

@testable import ComposeWindowCore

/// A link card's picture at Send (#61): the cached file is a page's bytes, so it is read by the
/// loader of its own type, one of the four a card takes, never by gdk-pixbuf's sniffing (which
/// would hand an SVG or a TIFF to their loaders); a picture declaring 40,000 × 40,000 pixels is
/// refused from its header; a usable one is always encoded anew to fit the thumb.
final class PagePictureTests: XCTestCase {
    private var folder = URL(fileURLWithPath: "/")
    private let limits = ImageLimits.bluesky.withMaxBytes(LinkCard.thumbnailBytes)

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-pictures-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A picture of `width` × `height` saved by gdk-pixbuf as `type` ("png", "tiff", …).
    private func picture(_ name: String, type: String, width: Int32 = 400, height: Int32 = 210) throws -> String {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99ff)
        let path = folder.appendingPathComponent(name).path
        var keys: [UnsafeMutablePointer<CChar>?] = [nil]
        var values: [UnsafeMutablePointer<CChar>?] = [nil]
        XCTAssertNotEqual(gdk_pixbuf_savev(pixbuf, path, type, &keys, &values, nil), 0)
        return path
    }

    private func prepare(_ path: String) -> Result<PreparedImage, ImagePreparation.Failure> {
        ImagePreparation.preparePagePicture(path, limits: limits) { [folder] type in
            folder.appendingPathComponent("prepared." + (type == "image/png" ? "png" : "jpg")).path
        }
    }

    func testAPagesPictureIsEncodedAnewWithinTheThumbsLimits() throws {
        let prepared = try prepare(picture("cached", type: "png")).get()
        XCTAssertEqual(prepared.mimeType, "image/jpeg")
        XCTAssertEqual([prepared.width, prepared.height], [400, 210])
        XCTAssertLessThanOrEqual(prepared.byteCount, LinkCard.thumbnailBytes)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: prepared.file))
        XCTAssertEqual(Array(bytes.prefix(2)), [0xFF, 0xD8], "JPEG, encoded here")
    }

    /// A TIFF and an SVG are pictures gdk-pixbuf reads when it sniffs; a card never takes them.
    func testPicturesOfOtherTypesAreNeverDecoded() throws {
        let tiff = try picture("cached-tiff", type: "tiff")
        let svg = folder.appendingPathComponent("cached-svg").path
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
            .write(toFile: svg, atomically: true, encoding: .utf8)
        for path in [tiff, svg] {
            guard case .failure(let failure) = prepare(path) else { return XCTFail("\(path) was prepared") }
            XCTAssertEqual(failure.reason, "not an image compose-window can read")
            // What a person's own image gets: sniffed, and read (so the test means something).
            XCTAssertNoThrow(try ImagePreparation.facts(of: path).get(), path)
        }
        for missing in [folder.appendingPathComponent("gone").path, folder.path] {
            guard case .failure = prepare(missing) else { return XCTFail("\(missing) was prepared") }
        }
    }

    /// 200 KB declaring 40,000 × 40,000 pixels (4.8 GB decoded): refused from its header.
    func testAVastPictureIsRefusedBeforeItIsDecoded() throws {
        let vast = folder.appendingPathComponent("vast").path
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.currentDirectoryURL = PageReaderTests.pages
        python.arguments = [
            "-c", "import sys, standin_pages; open(sys.argv[1], 'wb').write(standin_pages.vast_png())", vast,
        ]
        try python.run()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let before = usage.ru_maxrss
        guard case .failure(let failure) = prepare(vast) else { return XCTFail("a vast picture was prepared") }
        XCTAssertEqual(failure.reason, "not an image compose-window can read")
        getrusage(RUSAGE_SELF.rawValue, &usage)
        XCTAssertLessThan(usage.ru_maxrss - before, 64 * 1024, "no pixels allocated (KiB)")
    }
}
