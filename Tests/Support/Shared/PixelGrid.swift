/// A rendered widget as ARGB pixels (cairo's and GDK's premultiplied 32-bit format), from GTK 3's
/// `gtk_widget_draw` or GTK 4's renderer: the same ink comparisons for both test suites.
public struct PixelGrid: Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Row-major ARGB values.
    public let pixels: [UInt32]

    /// `pixels`, row-major, `width` × `height` of them.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "\(pixels.count) pixels for \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Copies `height` rows of `width` pixels, `stride` bytes apart.
    public init(width: Int, height: Int, stride: Int, data: UnsafeRawPointer) {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels[y * width + x] = row[x] }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The colour at column `x`, row `y`.
    public func pixel(_ x: Int, _ y: Int) -> RGB {
        let value = pixels[y * width + x]
        return RGB(red: Int((value >> 16) & 0xff), green: Int((value >> 8) & 0xff), blue: Int(value & 0xff))
    }

    /// Bounding box of the pixels that differ from `baseline` (the ink one of them adds).
    public func inkBox(against baseline: PixelGrid) -> InkBox? {
        precondition(width == baseline.width && height == baseline.height, "snapshots of different sizes")
        var box: InkBox?
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] != baseline.pixels[y * width + x] {
                box =
                    box.map {
                        InkBox(
                            minX: min($0.minX, x), minY: min($0.minY, y), maxX: max($0.maxX, x), maxY: max($0.maxY, y))
                    }
                    ?? InkBox(minX: x, minY: y, maxX: x, maxY: y)
            }
        }
        return box
    }

    /// Pixels that differ from `baseline`, listed for the colour checks.
    public func inkPixels(against baseline: PixelGrid) -> [RGB] {
        (0..<pixels.count).filter { pixels[$0] != baseline.pixels[$0] }.map { pixel($0 % width, $0 / width) }
    }
}

/// One pixel's colour channels, 0…255.
public struct RGB: Equatable, Sendable {
    /// The channels.
    public let red: Int, green: Int, blue: Int
    /// A colour from its channels.
    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }
    /// The channels' sum (0 black … 765 white).
    public var brightness: Int { red + green + blue }
}

/// The bounding box of some ink, in pixels, inclusive.
public struct InkBox: Equatable, Sendable, CustomStringConvertible {
    /// The corners.
    public let minX: Int, minY: Int, maxX: Int, maxY: Int
    /// A box from its corners.
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
    /// "(minX,minY)–(maxX,maxY)".
    public var description: String { "(\(minX),\(minY))–(\(maxX),\(maxY))" }

    /// Whether every edge is within `tolerance` pixels of `other`'s.
    public func agrees(with other: InkBox, within tolerance: Int = 1) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(maxX - other.maxX) <= tolerance && abs(maxY - other.maxY) <= tolerance
    }
}
