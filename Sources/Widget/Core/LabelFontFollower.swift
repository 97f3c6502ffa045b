import CPlaceholderGObject
import CPlaceholderPango
import PlaceholderGObjectGlue

/// Gives the placeholder label the font the text view lays its text out with, scale included (a
/// GTK 3 text view's default attributes carry a font and a font scale; GTK 4's Pango context a font
/// alone, scale 1). While the label's own font (its style's) is already that font at scale 1 — the
/// rule: both follow the same theme — the label carries no attributes at all: they would cost each
/// widget a copied attribute list and a layout itemized against it (about 450 bytes). Cheap when
/// nothing changed: the label is touched only when what it needs does. A value inside the toolkit's
/// appearance (no object of its own); not copyable, since it owns the font copy it compares with.
@MainActor
package struct LabelFontFollower: ~Copyable {
    private let label: UnsafeMutablePointer<GObject>
    /// What the label's attributes give it now; nil: it has none.
    private var applied: (font: OpaquePointer, scale: Double)?

    /// The label's font is ours to set from now on; the label outlives this object.
    package init(label: UnsafeMutablePointer<GObject>) {
        self.label = label
    }

    deinit {
        if let applied { pango_font_description_free(applied.font) }
    }

    /// Follows `font` (a PangoFontDescription) at `scale`, for a label whose own font is
    /// `labelFont` (nil: unknown, so always set). Returns whether the label changed.
    @discardableResult
    package mutating func follow(_ font: OpaquePointer, scale: Double = 1, labelFont: OpaquePointer? = nil) -> Bool {
        if scale == 1, let labelFont, pango_font_description_equal(labelFont, font) != 0 {
            guard applied != nil else { return false }
            setAttributes(nil)
            return true
        }
        if let applied, applied.scale == scale, pango_font_description_equal(applied.font, font) != 0 {
            return false
        }
        setAttributes((font, scale))
        return true
    }

    private mutating func setAttributes(_ wanted: (font: OpaquePointer, scale: Double)?) {
        if let applied { pango_font_description_free(applied.font) }
        applied = wanted.map { (pango_font_description_copy($0.font)!, $0.scale) }
        let list = wanted.map { wanted in
            let list = pango_attr_list_new()
            pango_attr_list_insert(list, pango_attr_font_desc_new(wanted.font))
            if wanted.scale != 1 { pango_attr_list_insert(list, pango_attr_scale_new(wanted.scale)) }
            return list
        }
        Property.withValue(of: pango_attr_list_get_type()) {
            if let list { g_value_set_boxed($0, UnsafeRawPointer(list)) }
            g_object_set_property(label, "attributes", $0)
        }
        if let list { pango_attr_list_unref(list) }
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
