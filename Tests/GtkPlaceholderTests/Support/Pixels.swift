import Foundation
import GLibSwift
import GtkPlaceholder

/// A widget rendered with gtk_widget_draw into an ARGB image: what the screen shows, deterministic.
struct Snapshot {
    @MainActor static var counter = 0
    let width: Int
    let height: Int
    let pixels: [UInt32]

    @MainActor
    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        width = Int(gtk_widget_get_allocated_width(widget))
        height = Int(gtk_widget_get_allocated_height(widget))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        if let directory = ProcessInfo.processInfo.environment["SNAPSHOT_DIR"] {
            Snapshot.counter += 1
            cairo_surface_write_to_png(surface, "\(directory)/snapshot-\(Snapshot.counter).png")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels[y * width + x] = row[x] }
        }
        cairo_surface_destroy(surface)
        self.pixels = pixels
    }

    func pixel(_ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        let value = pixels[y * width + x]
        return (Int((value >> 16) & 0xff), Int((value >> 8) & 0xff), Int(value & 0xff))
    }

    /// Bounding box of the pixels that differ from `baseline` (the ink one of them adds).
    func inkBox(against baseline: Snapshot) -> InkBox? {
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
    func inkPixels(against baseline: Snapshot) -> [(red: Int, green: Int, blue: Int)] {
        (0..<pixels.count).filter { pixels[$0] != baseline.pixels[$0] }.map { pixel($0 % width, $0 / width) }
    }
}

struct InkBox: Equatable, CustomStringConvertible {
    let minX: Int, minY: Int, maxX: Int, maxY: Int
    var description: String { "(\(minX),\(minY))–(\(maxX),\(maxY))" }

    func agrees(with other: InkBox, within tolerance: Int = 1) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(maxX - other.maxX) <= tolerance && abs(maxY - other.maxY) <= tolerance
    }
}
