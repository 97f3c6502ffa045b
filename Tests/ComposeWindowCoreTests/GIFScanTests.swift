import Testing

@testable import ComposeWindowCore

/// A GIF's frames and length from its blocks (#62), before gdk-pixbuf sees it: gdk-pixbuf adds the
/// delays up in an `int` it asserts stays positive, so a file too long is refused here.
@Suite struct GIFScanTests {
    /// A GIF of `delays` frames (hundredths of a second each), 2 × 1, global colours, one pixel of
    /// LZW data per frame, `comment` as a comment extension.
    static func gif(_ delays: [Int], comment: String? = nil, trailer: Bool = true) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        if let comment { bytes += [0x21, 0xFE, UInt8(comment.utf8.count)] + Array(comment.utf8) + [0] }
        for delay in delays {
            bytes += [0x21, 0xF9, 4, 0, UInt8(delay & 0xFF), UInt8(delay >> 8), 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0]
        }
        return trailer ? bytes + [0x3B] : bytes
    }

    @Test func framesAndTheirDelaysAddUp() {
        let summary = GIFScan.summary(Self.gif([20, 20, 0], comment: "made at home"), mostFrames: 100)
        #expect(summary == .init(width: 2, height: 1, frames: 3, milliseconds: 500), "a frame without delay: 100 ms")
        #expect(GIFScan.summary(Self.gif([5], trailer: false), mostFrames: 100)?.frames == 1, "cut short after a frame")
    }

    /// What aborts gdk-pixbuf: 3,300 frames of the longest delay (655.35 s) pass 2³¹ ms.
    @Test func aGIFLongerThanAnIntHoldsIsSeenForWhatItIs() throws {
        let summary = try #require(
            GIFScan.summary(Self.gif(Array(repeating: 65_535, count: 3_300)), mostFrames: 20_000))
        #expect(summary.milliseconds == 3_300 * 655_350)
        #expect(summary.milliseconds > Int64(Int32.max))
        #expect(
            GIFScan.summary(Self.gif(Array(repeating: 1, count: 30)), mostFrames: 29) == nil, "past the most frames")
    }

    @Test func whatIsNoGIFIsNil() {
        #expect(GIFScan.summary(Array("GIF89a".utf8), mostFrames: 10) == nil)
        #expect(GIFScan.summary(Array("PNG not a gif at all".utf8), mostFrames: 10) == nil)
        var unknownBlock = Self.gif([10])
        unknownBlock.insert(0x99, at: unknownBlock.count - 1)
        #expect(GIFScan.summary(unknownBlock, mostFrames: 10) == nil)
        #expect(GIFScan.summary(Array(Self.gif([10]).prefix(20)), mostFrames: 10) == nil, "cut inside a block")
    }
}
