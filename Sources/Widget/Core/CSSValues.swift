import CPlaceholderPango

/// A Pango font description ("Sans Bold 15") as CSS declarations for one widget's provider.
package struct CSSFont {
    package let declarations: String

    package init(pangoDescription: String) {
        let description = pango_font_description_from_string(pangoDescription)
        defer { pango_font_description_free(description) }
        let mask = pango_font_description_get_set_fields(description).rawValue
        var parts: [String] = []
        if mask & PANGO_FONT_MASK_FAMILY.rawValue != 0, let family = pango_font_description_get_family(description) {
            let names = String(cString: family).split(separator: ",").map { CSSFont.quoted(String($0)) }
            parts.append("font-family: \(names.joined(separator: ", "));")
        }
        if mask & PANGO_FONT_MASK_SIZE.rawValue != 0 {
            let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
            let unit = pango_font_description_get_size_is_absolute(description) != 0 ? "px" : "pt"
            parts.append("font-size: \(size)\(unit);")
        }
        if mask & PANGO_FONT_MASK_WEIGHT.rawValue != 0 {
            parts.append("font-weight: \(pango_font_description_get_weight(description).rawValue);")
        }
        if mask & PANGO_FONT_MASK_STYLE.rawValue != 0 {
            let style = pango_font_description_get_style(description)
            let name = style == PANGO_STYLE_ITALIC ? "italic" : style == PANGO_STYLE_OBLIQUE ? "oblique" : "normal"
            parts.append("font-style: \(name);")
        }
        declarations = parts.joined(separator: " ")
    }

    private static func quoted(_ family: String) -> String {
        // A CSS string cannot hold control characters (a newline ends it): drop them.
        let printable = String(
            String.UnicodeScalarView(
                family.unicodeScalars.filter {
                    !$0.properties.isNoncharacterCodePoint && $0.value >= 0x20 && $0.value != 0x7F
                }))
        let trimmed = printable.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        // Character by character (no `replacing`: the C libraries link without _StringProcessing).
        let escaped = String(trimmed).reduce(into: "") { result, character in
            if character == "\\" || character == "\"" { result.append("\\") }
            result.append(character)
        }
        return "\"\(escaped)\""
    }
}

/// A colour as a CSS `rgba()` value. Channels are 0…1 (GdkRGBA holds doubles in GTK 3, floats in
/// GTK 4); out-of-range values are clamped, and a channel that is not a number (NaN, from Swift, C or
/// a GObject property alike) is 0: any Double gives valid CSS.
package enum CSSColor {
    package static func rgba(red: Double, green: Double, blue: Double, alpha: Double) -> String {
        func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
        func channel(_ value: Double) -> Int { Int((unit(value) * 255).rounded()) }
        return "rgba(\(channel(red)), \(channel(green)), \(channel(blue)), \(unit(alpha)))"
    }
}
