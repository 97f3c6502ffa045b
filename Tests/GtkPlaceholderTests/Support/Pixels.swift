import Foundation
import GtkPlaceholder
import PlaceholderGtk3Glue
import PlaceholderTestSupport

/// GTK 3 widgets rendered for the pixel tests; the comparisons are the shared `PixelGrid`'s.
typealias Snapshot = PixelGrid

extension PixelGrid {
    @MainActor static var counter = 0

    /// `widget` drawn with gtk_widget_draw into an ARGB image: what the screen shows, deterministic.
    @MainActor
    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let width = Int(gtk_widget_get_allocated_width(widget))
        let height = Int(gtk_widget_get_allocated_height(widget))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        gtk_widget_draw(widget, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        if let directory = ProcessInfo.processInfo.environment["SNAPSHOT_DIR"] {
            PixelGrid.counter += 1
            cairo_surface_write_to_png(surface, "\(directory)/snapshot-\(PixelGrid.counter).png")
        }
        self.init(
            width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)),
            data: cairo_image_surface_get_data(surface)!)
        cairo_surface_destroy(surface)
    }
}
