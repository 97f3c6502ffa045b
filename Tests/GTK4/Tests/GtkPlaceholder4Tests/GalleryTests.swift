import Foundation
import GtkPlaceholder4
import PlaceholderTestSupport
import XCTest

/// `placeholder-gallery-gtk4` embeds the GTK 3 gallery's .ui files as gtk4-builder-tool converts them
/// at build time (the PlaceholderEmbedFiles plugin): each converted design must load in GTK 4 with its settings
/// and draw the placeholder where typed text goes.
final class GalleryTests: Gtk4TestCase {
    static let galleryDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appending(path: "../../../../Resources/gallery").standardized

    /// What the plugin embeds for `name`: the tool's output.
    static func converted(_ name: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gtk4-builder-tool", "simplify", "--3to4", galleryDirectory.appending(path: name).path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "gtk4-builder-tool converted \(name)")
        return String(decoding: data, as: UTF8.self)
    }

    func testEveryGalleryDesignLoadsInGTK4WithThePlaceholderWhereTextGoes() throws {
        try onMain {
            PlaceholderTextView.registerType()
            let names = try FileManager.default.contentsOfDirectory(atPath: GalleryTests.galleryDirectory.path)
                .filter { $0.hasSuffix(".ui") }.sorted()
            XCTAssertEqual(names.count, 9, "the nine designs")
            for name in names {
                let builder = gtk_builder_new()!
                defer { g_object_unref(builder.asGPointer) }
                var error: UnsafeMutablePointer<GError>?
                let loaded = gtk_builder_add_from_string(builder, try GalleryTests.converted(name), -1, &error)
                XCTAssertEqual(loaded, 1, "\(name): \(error.map { String(cString: $0.pointee.message) } ?? "")")
                guard loaded != 0, let design = gtk_builder_get_object(builder, "design"),
                    let widget = gtk_builder_get_object(builder, "view"),
                    let view = PlaceholderTextView.forWidget(widget.cast())
                else { continue }
                XCTAssertFalse(view.placeholder.isEmpty, "\(name): its placeholder-text")
                XCTAssertEqual(gtk_widget_get_visible(view.textView.asWidget), 1, "\(name): the text view is shown")
                let window = TestWindow(design.cast(), width: 320, height: 240)
                let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
                if let placeholderInk, let typedInk {
                    XCTAssertTrue(placeholderInk.agrees(with: typedInk), "\(name): \(placeholderInk) vs \(typedInk)")
                } else {
                    XCTFail("\(name): nothing drawn")
                }
                window.close()
            }
        }
    }
}
