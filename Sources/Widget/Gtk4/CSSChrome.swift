import PlaceholderGtk4Glue

/// The room CSS puts between the widget's edges and the text view's content box: the margin,
/// border and padding of the text view and of each parent up to the widget (the scrolled window's
/// frame is its border). Read from the style, so measuring needs no allocation.
@MainActor
struct CSSChrome {
    private(set) var left: Int32 = 0
    private(set) var right: Int32 = 0
    private(set) var top: Int32 = 0
    private(set) var bottom: Int32 = 0

    init(of textView: UnsafeMutablePointer<GtkWidget>, inside widget: UnsafeMutablePointer<GtkWidget>) {
        var node: UnsafeMutablePointer<GtkWidget>? = textView
        while let current = node, current != widget {
            let context = gtk_widget_get_style_context(current)
            var boxes = (GtkBorder(), GtkBorder(), GtkBorder())
            gtk_style_context_get_margin(context, &boxes.0)
            gtk_style_context_get_border(context, &boxes.1)
            gtk_style_context_get_padding(context, &boxes.2)
            for box in [boxes.0, boxes.1, boxes.2] {
                left += Int32(box.left)
                right += Int32(box.right)
                top += Int32(box.top)
                bottom += Int32(box.bottom)
            }
            node = gtk_widget_get_parent(current)
        }
    }

    var horizontal: Int32 { left + right }
}
