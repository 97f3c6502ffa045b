import Gtk4Swift
import PlaceholderCore

/// The GTK 4 placeholder's font and colour. The font is always the one the text view lays its text
/// out with (its Pango context's, compared whenever the widget is measured: any font change
/// re-measures it); the colour is the theme's dim colour unless `color` overrides it. GTK 4 has no
/// per-widget override API, so `font` and `color` are CSS on the display for these widgets' class.
@MainActor
final class PlaceholderAppearance {
    private let textView: UnsafeMutablePointer<GtkTextView>
    private let label: UnsafeMutablePointer<GtkWidget>
    // Made on first use: most views never set either.
    private var styleSheet: DisplayStyleSheet?
    private var followedFont: OpaquePointer?

    init(textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkWidget>) {
        self.textView = textView
        self.label = label
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_add_css_class(label, "placeholder")
        followTextViewFont()
    }

    isolated deinit {
        if let followedFont { pango_font_description_free(followedFont) }
    }

    /// Takes the class off the widgets (the owner calls it before letting them go).
    func stop() {
        if let styleSheet {
            gtk_widget_remove_css_class(textView.asWidget, styleSheet.className)
            gtk_widget_remove_css_class(label, styleSheet.className)
        }
        styleSheet = nil
    }

    var font: String? { didSet { if font != oldValue { updateStyleSheet() } } }

    var color: GdkRGBA? { didSet { updateStyleSheet() } }

    private func updateStyleSheet() {
        guard font != nil || color != nil else {
            styleSheet?.css = nil
            return
        }
        let sheet = styleSheet ?? makeStyleSheet()
        let selector = ".\(sheet.className)"
        var rules = ""
        if let font {
            // The text node as well: a theme may style it apart from the text view's own node.
            let declarations = CSSFont(pangoDescription: font).declarations
            rules += "textview\(selector), textview\(selector) > text { \(declarations) } "
        }
        if let color {
            let value = CSSColor.rgba(
                red: Double(color.red), green: Double(color.green), blue: Double(color.blue), alpha: Double(color.alpha)
            )
            // dim-label's opacity would fade an explicit colour too.
            rules += "label\(selector) { color: \(value); opacity: 1; }"
        }
        sheet.css = rules
    }

    private func makeStyleSheet() -> DisplayStyleSheet {
        let sheet = DisplayStyleSheet(prefix: "gtkplaceholder", display: gtk_widget_get_display(textView.asWidget))
        gtk_widget_add_css_class(textView.asWidget, sheet.className)
        gtk_widget_add_css_class(label, sheet.className)
        styleSheet = sheet
        return sheet
    }

    /// Copies the text view's font to the label when it changed (cheap when it did not).
    func followTextViewFont() {
        guard let context = gtk_widget_get_pango_context(textView.asWidget),
            let font = pango_context_get_font_description(context)
        else { return }
        if let followedFont, pango_font_description_equal(followedFont, font) != 0 { return }
        if let followedFont { pango_font_description_free(followedFont) }
        followedFont = pango_font_description_copy(font)
        let list = pango_attr_list_new()
        pango_attr_list_insert(list, pango_attr_font_desc_new(font))
        gtk_label_set_attributes(OpaquePointer(label), list)
        pango_attr_list_unref(list)
    }
}

extension GdkRGBA? {
    /// GdkRGBA is a C struct (not Equatable): the same colour, or both nil.
    func isSame(as other: GdkRGBA?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let left?, let right?): gdk_rgba_equal([left], [right]) != 0
        default: false
        }
    }
}
