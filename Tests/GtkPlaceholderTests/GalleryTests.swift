import ComposeWindowGlue
import Foundation
import GtkPlaceholder
import PlaceholderGtk3Glue
import XCTest

/// The gallery's .ui files (Resources/gallery): each loads, carries the design the issue names,
/// and its placeholder sits where the same text typed would.
final class GalleryTests: GtkTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Design {
        let file: String
        var color: String?
        var font: String?
        var margins: (left: Int32, top: Int32)?
    }

    static let seeds = [
        Design(file: "iwtextview", color: "#aaaaaa", margins: (5, 8)),
        Design(file: "jstextview", color: "#aaaaaa", font: "DejaVu Sans 15", margins: (5, 8)),
        Design(file: "unnamed", color: "#808080", font: "DejaVu Sans 15", margins: (4, 7)),
        Design(file: "yltextview", font: "DejaVu Sans 13", margins: (10, 10)),
        Design(file: "djtextview", color: "#808080", margins: (5, 8)),
        Design(file: "right-to-left"), Design(file: "centred"), Design(file: "wrapping"),
        Design(file: "large-font", font: "DejaVu Sans 28"),
    ]

    /// Loads one design into a window; `body` gets the view, the window and the loaded interface.
    @MainActor
    static func withDesign(
        _ file: String, _ body: (PlaceholderTextView, TestWindow, Interface) throws -> Void
    ) throws {
        let path = root.appendingPathComponent("Resources/gallery/\(file).ui").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return XCTFail("no \(path)") }
        PlaceholderTextView.registerType()
        let ui = try Interface(text)
        let design = try ui.object("design")
        let window = TestWindow(design, width: 300, height: 220)
        defer { window.close() }
        guard let view = PlaceholderTextView.forWidget(try ui.object("view")) else {
            return XCTFail("\(file): no PlaceholderTextView with id view")
        }
        try body(view, window, ui)
    }

    func testEveryDesignIsListedForTheGallery() throws {
        let listed = try String(
            contentsOf: GalleryTests.root.appendingPathComponent("Demos/Gallery/embedded-files.txt"),
            encoding: .utf8
        ).split(separator: "\n").filter { $0.hasPrefix("Resources/") }.map { String($0.dropFirst(18).dropLast(3)) }
        let files = try FileManager.default.contentsOfDirectory(
            atPath: GalleryTests.root.appendingPathComponent("Resources/gallery").path)
        XCTAssertEqual(Set(listed), Set(files.filter { $0.hasSuffix(".ui") }.map { String($0.dropLast(3)) }))
        XCTAssertEqual(listed, GalleryTests.seeds.map(\.file), "the gallery shows them in the issue's order")
    }

    func testEachDesignHasItsSettingsAndThePlaceholderWhereTextGoes() throws {
        try onMain {
            for design in GalleryTests.seeds {
                try GalleryTests.withDesign(design.file) { view, window, _ in
                    if let color = design.color {
                        var expected = GdkRGBA()
                        gdk_rgba_parse(&expected, color)
                        XCTAssertEqual(
                            view.placeholderTextColor.map { gdk_rgba_equal([$0.rgba], [expected]) }, 1, design.file)
                    }
                    XCTAssertEqual(view.font, design.font, design.file)
                    if let margins = design.margins {
                        XCTAssertEqual(gtk_text_view_get_left_margin(view.textView), margins.left, design.file)
                        XCTAssertEqual(gtk_text_view_get_top_margin(view.textView), margins.top, design.file)
                    }
                    XCTAssertTrue(view.isPlaceholderVisible, design.file)
                    let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
                    guard let placeholderInk, let typedInk else { return XCTFail("\(design.file): nothing drawn") }
                    XCTAssertTrue(
                        placeholderInk.agrees(with: typedInk),
                        "\(design.file): placeholder \(placeholderInk), typed \(typedInk)")
                }
            }
        }
    }

    func testRightToLeftCentredWrappingAndLargeFontDesigns() throws {
        try onMain {
            try GalleryTests.withDesign("right-to-left") { view, window, _ in
                let ink = SharedPositionTests.inkBoxes(of: view, in: window).placeholder!
                let width = Int(gtk_widget_get_allocated_width(view.widget))
                XCTAssertGreaterThan(ink.minX, width / 2, "Hebrew starts on the right: \(ink) in \(width)")
            }
            try GalleryTests.withDesign("centred") { view, window, _ in
                let ink = SharedPositionTests.inkBoxes(of: view, in: window).placeholder!
                let width = Int(gtk_widget_get_allocated_width(view.widget))
                XCTAssertLessThanOrEqual(abs((ink.minX + ink.maxX) / 2 - width / 2), 3, "centred: \(ink) in \(width)")
            }
            try GalleryTests.withDesign("wrapping") { view, _, _ in
                let layout = gtk_label_get_layout(view.placeholderLabel)
                XCTAssertGreaterThanOrEqual(pango_layout_get_line_count(layout), 3, "wraps to three lines or more")
            }
            try GalleryTests.withDesign("large-font") { view, window, _ in
                let ink = SharedPositionTests.inkBoxes(of: view, in: window).placeholder!
                XCTAssertGreaterThan(ink.maxY - ink.minY, 25, "28 pt glyphs: \(ink)")
            }
        }
    }

    /// YLTextView's toggle is bound to hides-placeholder in the .ui file (bind-source).
    func testTheYLTextViewToggleHidesThePlaceholder() throws {
        try onMain {
            try GalleryTests.withDesign("yltextview") { view, _, ui in
                let toggle = try ui.object("hides_toggle")
                XCTAssertFalse(view.hidesPlaceholder)
                gtk_toggle_button_set_active(toggle.cast(), 1)
                XCTAssertTrue(view.hidesPlaceholder)
                XCTAssertFalse(view.isPlaceholderVisible)
                gtk_toggle_button_set_active(toggle.cast(), 0)
                XCTAssertTrue(view.isPlaceholderVisible)
            }
        }
    }
}
