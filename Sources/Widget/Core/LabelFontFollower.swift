import CPlaceholderGObject
import CPlaceholderPango
import PlaceholderGObjectGlue

/// Gives the placeholder label the font the text view lays its text out with, scale included (a
/// GTK 3 text view's default attributes carry a font and a font scale; GTK 4's Pango context a font
/// alone, scale 1). Cheap when nothing changed: the label is touched only when the font does.
@MainActor
package final class LabelFontFollower {
    private let label: UnsafeMutablePointer<GObject>
    private var followed: (font: OpaquePointer, scale: Double)?

    /// The label's font is ours to set from now on; the label outlives this object.
    package init(label: UnsafeMutablePointer<GObject>) {
        self.label = label
    }

    isolated deinit {
        if let followed { pango_font_description_free(followed.font) }
    }

    /// Follows `font` (a PangoFontDescription) at `scale`. Returns whether the label changed.
    @discardableResult
    package func follow(_ font: OpaquePointer, scale: Double = 1) -> Bool {
        if let followed, followed.scale == scale, pango_font_description_equal(followed.font, font) != 0 {
            return false
        }
        if let followed { pango_font_description_free(followed.font) }
        followed = (pango_font_description_copy(font), scale)
        let list = pango_attr_list_new()
        pango_attr_list_insert(list, pango_attr_font_desc_new(font))
        if scale != 1 { pango_attr_list_insert(list, pango_attr_scale_new(scale)) }
        Property.withValue(of: pango_attr_list_get_type()) {
            g_value_set_boxed($0, UnsafeRawPointer(list))
            g_object_set_property(label, "attributes", $0)
        }
        pango_attr_list_unref(list)
        return true
    }
}

/// The GtkTextView properties that move its first line (or where in it the text starts), the same
/// in GTK 3 and GTK 4: the placeholder is aligned again whenever one changes, or the direction does
/// (each toolkit's parts hear them through the core's one "notify" handler on the text view).
package enum TextViewAlignment {
    package static let properties: Set<String> = [
        "justification", "left-margin", "right-margin", "top-margin", "bottom-margin", "indent",
        "pixels-above-lines", "wrap-mode",
    ]
}
