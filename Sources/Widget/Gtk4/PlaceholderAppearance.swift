import PlaceholderCore
import PlaceholderGtk4Glue

/// The GTK 4 placeholder's font and colour. The font is always the one the text view lays its text
/// out with (its Pango context's, compared whenever the widget is measured: any font change
/// re-measures it); the colour is the theme's dim colour unless `color` overrides it. GTK 4 has no
/// per-widget override API, so `font` and `color` are CSS on the display for these widgets' class.
@MainActor
final class PlaceholderAppearance {
    private let textView: UnsafeMutablePointer<GtkTextView>
    private let label: UnsafeMutablePointer<GtkWidget>
    // Only while `font` or `color` is set: most views set neither.
    private var styleSheet: DisplayStyleSheet?
    private var fontFollower: LabelFontFollower

    init(textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkWidget>) {
        self.textView = textView
        self.label = label
        fontFollower = LabelFontFollower(label: label.asObject)
        for name in placeholderStyleClasses { gtk_widget_add_css_class(label, name) }
        followTextViewFont()
    }

    /// Takes the class off the widgets (the owner calls it before letting them go).
    func stop() { useStyleSheet(nil) }

    var font: String? { didSet { if font != oldValue { updateStyleSheet() } } }

    var color: GdkRGBA? { didSet { updateStyleSheet() } }

    /// The rules for the current font and colour, in a sheet shared with every view that looks the same.
    private func updateStyleSheet() {
        let fontDeclarations = font.map { CSSFont(pangoDescription: $0).declarations }
        let colorValue = color.map {
            CSSColor.rgba(red: Double($0.red), green: Double($0.green), blue: Double($0.blue), alpha: Double($0.alpha))
        }
        guard fontDeclarations != nil || colorValue != nil else { return useStyleSheet(nil) }
        let key = "\(fontDeclarations ?? "")|\(colorValue ?? "")"
        let display = gtk_widget_get_display(textView.asWidget)!
        useStyleSheet(
            SharedStyleSheets.acquire(prefix: "gtkplaceholder", display: display, key: key) { selector in
                var rules = ""
                if let fontDeclarations {
                    // The text node as well: a theme may style it apart from the text view's own node.
                    rules += "textview\(selector), textview\(selector) > text { \(fontDeclarations) } "
                }
                if let colorValue {
                    // dim-label's opacity would fade an explicit colour too.
                    rules += "placeholder\(selector) { color: \(colorValue); opacity: 1; }"
                }
                return rules
            })
    }

    /// Moves the widgets' class from the current sheet to `sheet` (nil: none).
    private func useStyleSheet(_ sheet: DisplayStyleSheet?) {
        if let styleSheet {
            gtk_widget_remove_css_class(textView.asWidget, styleSheet.className)
            gtk_widget_remove_css_class(label, styleSheet.className)
            SharedStyleSheets.release(styleSheet)
        }
        styleSheet = sheet
        if let sheet {
            gtk_widget_add_css_class(textView.asWidget, sheet.className)
            gtk_widget_add_css_class(label, sheet.className)
        }
    }

    /// Copies the text view's font to the label when it changed (cheap when it did not). GTK 4's
    /// text view has no font scale of its own: the font of the Pango context it lays its text out
    /// with is the whole answer (the context it made for its layout, which GTK updates on every CSS
    /// change: asking the widget for a cached context of its own would cost a context a view).
    func followTextViewFont() {
        guard let context = gtk_text_view_get_ltr_context(textView),
            let font = pango_context_get_font_description(context)
        else { return }
        // Against the label's own font (its Pango context's, which GTK keeps to its CSS).
        let labelFont = gtk_widget_get_pango_context(label).flatMap { pango_context_get_font_description($0) }
        fontFollower.follow(font, labelFont: labelFont)
    }
}
