/// A GIF's size, frame count and length read from its blocks without decoding a pixel: gdk-pixbuf
/// tells neither before it has decoded every frame, and it adds the frames' delays up in an `int`
/// that it asserts stays positive (3,300 frames of the longest delay, an 80 KB file, abort the
/// process). A file this reads as too long, or as no GIF, never reaches gdk-pixbuf's animation.
package enum GIFScan {
    package struct Summary: Equatable, Sendable {
        package let width: Int
        package let height: Int
        package let frames: Int
        /// Each frame's delay added up, a frame without one shown for a tenth of a second.
        package let milliseconds: Int64
    }

    /// The GIF's summary; nil for bytes that are not a GIF's blocks (cut short, or anything else),
    /// or past `mostFrames`.
    package static func summary(_ bytes: [UInt8], mostFrames: Int) -> Summary? {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8
        let height = Int(bytes[8]) | Int(bytes[9]) << 8
        var offset = 13 + colorTableBytes(bytes[10])
        var frames = 0
        var milliseconds: Int64 = 0
        var delay: Int64 = 0
        while offset < bytes.count {
            let block = bytes[offset]
            offset += 1
            switch block {
            case 0x21:  // an extension: its label, then data sub-blocks
                guard offset < bytes.count else { return nil }
                let label = bytes[offset]
                offset += 1
                if label == 0xF9, offset + 4 < bytes.count, bytes[offset] == 4 {
                    delay = Int64(bytes[offset + 2]) | Int64(bytes[offset + 3]) << 8
                }
                guard let end = skipSubBlocks(bytes, from: offset) else { return nil }
                offset = end
            case 0x2C:  // an image: its descriptor, its colours, the LZW code size, the data
                guard offset + 9 <= bytes.count else { return nil }
                offset += 9 + colorTableBytes(bytes[offset + 8]) + 1
                guard let end = skipSubBlocks(bytes, from: offset) else { return nil }
                offset = end
                frames += 1
                guard frames <= mostFrames else { return nil }
                milliseconds += delay > 0 ? delay * 10 : 100
                delay = 0
            case 0x3B:  // the trailer
                return Summary(width: width, height: height, frames: frames, milliseconds: milliseconds)
            default: return nil
            }
        }
        // No trailer: what was read so far, as a decoder shows a file cut short.
        return frames > 0 ? Summary(width: width, height: height, frames: frames, milliseconds: milliseconds) : nil
    }

    /// The bytes of the colour table a packed field announces (none without its top bit).
    private static func colorTableBytes(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    /// Where the sub-blocks from `offset` end (after their zero-length terminator); nil if cut short.
    private static func skipSubBlocks(_ bytes: [UInt8], from offset: Int) -> Int? {
        var offset = offset
        while offset < bytes.count {
            let size = Int(bytes[offset])
            offset += 1 + size
            if size == 0 { return offset }
        }
        return nil
    }
}
