import PlaceholderCore
import PlaceholderGtk3Glue
import XCTest

@testable import GtkPlaceholder

/// The font follower both widgets use (PlaceholderCore, `package`: testable from this package only).
final class FontFollowerTests: GtkTestCase {
    /// The label gets the text view's font and its scale; the same font and scale again touch
    /// nothing.
    func testFontFollowerCarriesTheScaleAndSkipsWhatDidNotChange() {
        onMain {
            let label = gtk_label_new("p")!
            g_object_ref_sink(label.asGPointer)
            defer { g_object_unref(label.asGPointer) }
            var follower = LabelFontFollower(label: label.asObject)
            let font = pango_font_description_from_string("Serif 14")!
            defer { pango_font_description_free(font) }
            XCTAssertTrue(follower.follow(font, scale: 1.5))
            XCTAssertEqual(Self.attributes(of: label), ["font-desc Serif 14", "scale 1.500000"])
            XCTAssertFalse(follower.follow(font, scale: 1.5), "nothing changed")
            XCTAssertTrue(follower.follow(font))
            XCTAssertEqual(Self.attributes(of: label), ["font-desc Serif 14"])
        }
    }

    /// A label whose own font is the one to follow carries no attributes; one that differs gets
    /// them, and loses them again when its own font is the one once more.
    func testFontFollowerSetsNothingForTheLabelsOwnFont() {
        onMain {
            let label = gtk_label_new("p")!
            g_object_ref_sink(label.asGPointer)
            defer { g_object_unref(label.asGPointer) }
            var follower = LabelFontFollower(label: label.asObject)
            let theme = pango_font_description_from_string("Sans 10")!
            let serif = pango_font_description_from_string("Serif 14")!
            defer { for font in [theme, serif] { pango_font_description_free(font) } }
            XCTAssertFalse(follower.follow(theme, labelFont: theme), "the label's own font: nothing to do")
            XCTAssertEqual(Self.attributes(of: label), [])
            XCTAssertTrue(follower.follow(theme, scale: 1.5, labelFont: theme), "a scale of the view's own")
            XCTAssertEqual(Self.attributes(of: label), ["font-desc Sans 10", "scale 1.500000"])
            XCTAssertTrue(follower.follow(serif, labelFont: theme))
            XCTAssertEqual(Self.attributes(of: label), ["font-desc Serif 14"])
            XCTAssertTrue(follower.follow(theme, labelFont: theme), "back to the label's own")
            XCTAssertEqual(Self.attributes(of: label), [])
        }
    }

    /// The label's attributes as Pango serializes them, without their ranges.
    @MainActor
    static func attributes(of label: UnsafeMutablePointer<GtkWidget>) -> [String] {
        guard let list = gtk_label_get_attributes(label.cast()), let text = pango_attr_list_to_string(list)
        else { return [] }
        defer { g_free(text) }
        // "0 4294967295 font-desc \"Serif 14\"\n0 4294967295 scale 1.5"
        return String(cString: text).split(separator: "\n").map {
            $0.split(separator: " ", maxSplits: 2).last.map(String.init)?.replacingOccurrences(of: "\"", with: "") ?? ""
        }
    }
}
