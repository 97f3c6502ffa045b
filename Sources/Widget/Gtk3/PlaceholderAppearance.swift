import PlaceholderCore
import PlaceholderGtk3Glue

/// The placeholder's font and colour. The font is always the one the text view lays its text out
/// with (read back after every style change: CSS, theme, gtk-font-name, `font`); the colour is the
/// theme's dim colour unless `color` overrides it.
@MainActor
final class PlaceholderAppearance {
    private let textView: UnsafeMutablePointer<GtkTextView>
    private let label: UnsafeMutablePointer<GtkLabel>
    // Made on first use: most views never set either, and 1,000 views would carry 2,000 providers.
    private lazy var fontStyle = WidgetStyleProvider(for: textView)
    private lazy var colorStyle = WidgetStyleProvider(for: label)
    private var fontFollower: LabelFontFollower

    init(textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkLabel>) {
        fontFollower = LabelFontFollower(label: label.asObject)
        (self.textView, self.label) = (textView, label)
        let context = gtk_widget_get_style_context(label.asWidget)
        for name in placeholderStyleClasses { gtk_style_context_add_class(context, name) }
        // The font is followed where the label is first placed, not here: reading the text view's
        // attributes now would make its layout and Pango contexts against the style it has before
        // it is in a window, all made again once it is.
    }

    var font: String? {
        didSet {
            guard font != oldValue else { return }
            fontStyle.css = font.map { "* { \(CSSFont(pangoDescription: $0).declarations) }" }
        }
    }

    var color: GdkRGBA? {
        didSet {
            // dim-label's opacity would fade an explicit colour too.
            colorStyle.css = color.map {
                "* { color: \(CSSColor.rgba(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)); opacity: 1; }"
            }
        }
    }

    /// The font (and scale) GtkTextView uses for its text node (not the widget node), via its
    /// default attributes; against the label's own (its Pango context's, which GTK keeps to its
    /// style). Called each time the label is placed (PlaceholderTextViewClass's get_child_position)
    /// and before it is shown: a font change of either re-allocates them, as in GTK 4, so no
    /// handler of style changes is needed.
    func followTextViewFont() {
        guard let attributes = gtk_text_view_get_default_attributes(textView) else { return }
        defer { gtk_text_attributes_unref(attributes) }
        guard let font = attributes.pointee.font else { return }
        let labelContext = gtk_widget_get_pango_context(label.asWidget)
        fontFollower.follow(
            font, scale: attributes.pointee.font_scale,
            labelFont: labelContext.flatMap(pango_context_get_font_description))
    }
}
