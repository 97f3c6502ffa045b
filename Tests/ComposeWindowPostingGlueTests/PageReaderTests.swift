import ComposeWindowPostingGlue
import Foundation
import Testing

@testable import ComposeWindowCore

/// A page's metadata as libxml2's HTML parser reads it from what servers really send: the pages
/// of the stand-in (Tests/Support/Networks/standin_pages.py), read through Python here so that the
/// test and the server share one copy.
@Suite struct PageReaderTests {
    static let pages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/Networks")

    /// The body the stand-in serves at `path`.
    static func page(_ path: String) throws -> [UInt8] {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c",
            "import sys; sys.path.insert(0, sys.argv[1]); import standin_pages as p; "
                + "sys.stdout.buffer.write(p.answer(sys.argv[2])[2])", pages.path, path,
        ]
        let out = Pipe()
        python.standardOutput = out
        try python.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        return [UInt8](data)
    }

    @Test func openGraphIsReadAndAScriptsTextIsNot() throws {
        let metadata = PageReader.metadata(of: try Self.page("/card"), url: "https://pages.example.org/card")
        #expect(metadata.title == "Pandas & bamboo: 熊猫的一天", "entities decoded, UTF-8 kept")
        #expect(metadata.description == "How a panda spends its day, hour by hour.")
        #expect(metadata.picture == "/pictures/panda.png")
    }

    @Test func brokenMarkupAndAnotherCharsetAreReadAsABrowserWould() throws {
        let broken = PageReader.metadata(of: try Self.page("/broken"), url: "https://pages.example.org/broken")
        #expect(broken.title == "Unquoted" && broken.description == "still read", "\(broken)")
        #expect(broken.picture == "https://pages.example.org/pictures/panda.png", "a tag in the body counts too")
        let gbk = PageReader.metadata(of: try Self.page("/gbk"), url: "https://pages.example.org/gbk")
        #expect(gbk.title == "分享新鲜事", "the page's declared charset")
        let plain = PageReader.metadata(of: try Self.page("/plain"), url: "https://pages.example.org/plain")
        #expect(plain.isEmpty)
        #expect(PageReader.metadata(of: [], url: "https://x.org/").isEmpty)
        #expect(PageReader.metadata(of: Array("\u{0}\u{1}<<<>>>".utf8), url: "https://x.org/").isEmpty)
    }

    @Test func aPicturesAddressIsResolvedAgainstThePageAndMustBeWeb() {
        let page = "https://pages.example.org/news/2026/card?x=1"
        #expect(PageReader.pictureAddress("/p.png", page: page) == "https://pages.example.org/p.png")
        #expect(PageReader.pictureAddress("p.png", page: page) == "https://pages.example.org/news/2026/p.png")
        #expect(PageReader.pictureAddress("//cdn.example.net/p.png", page: page) == "https://cdn.example.net/p.png")
        #expect(PageReader.pictureAddress("javascript:alert(1)", page: page) == nil)
        #expect(PageReader.pictureAddress("data:image/png;base64,AAAA", page: page) == nil)
        #expect(PageReader.pictureAddress("file:///etc/passwd", page: page) == nil)
    }

    @Test func theHeadersCharsetWinsAndANameLibxml2DoesNotKnowIsIgnored() throws {
        let bytes = try Self.page("/gbk-header")
        let url = "https://pages.example.org/gbk-header"
        #expect(PageReader.metadata(of: bytes, url: url, contentType: "text/html; charset=GBK").title == "分享新鲜事")
        #expect(PageReader.metadata(of: bytes, url: url, contentType: "text/html").title != "分享新鲜事", "unsaid: not GBK")
        let unknown = PageReader.metadata(
            of: try Self.page("/card"), url: url, contentType: "text/html; charset=no-such")
        #expect(unknown.title == "Pandas & bamboo: 熊猫的一天", "the page's own charset then")
    }
}
