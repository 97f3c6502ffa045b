import PlaceholderCore
import PlaceholderGtk4Glue

/// Places the GTK 4 placeholder label over the text view's first line, exactly where typed text
/// would be laid out: the line's position comes from the text view (margins, indent,
/// pixels-above-lines, CSS padding, justification, direction, scrolling), the label wraps at the
/// text's width, and the caret's stem is left out of its drawing so the caret shows over it.
@MainActor
final class PlaceholderLayout: KeyboardDirectionFollower {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let textView: UnsafeMutablePointer<GtkTextView>
    let label: UnsafeMutablePointer<GtkWidget>
    private var placeholderDirection = BaseDirection.neutral
    private let hub: SignalHub
    /// The label's frame in the widget at the last allocation (for drawing; measuring never reads it).
    private var lastFrame: PixelRect?

    /// The widgets are owned by PlaceholderTextView, which outlives this object.
    init(
        widget: UnsafeMutablePointer<GtkWidget>, textView: UnsafeMutablePointer<GtkTextView>,
        label: UnsafeMutablePointer<GtkWidget>, hub: SignalHub
    ) {
        self.hub = hub
        self.widget = widget
        self.textView = textView
        self.label = label
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_yalign(OpaquePointer(label), 0)
        connect()
    }

    /// Lets the adjustment go and stops following the keyboard (the hub ends the rest).
    func stop() {
        followScrolling(nil)
        KeyboardDirection.unfollow(self)
    }

    /// The text view's vertical adjustment, watched so the label moves with the text (its
    /// "value-changed", through the hub); followed to a new one when the app or the scrolled window
    /// replaces it. Referenced while watched.
    private var scrolling: (adjustment: UnsafeMutablePointer<GObject>, connection: SignalHub.Connection)?

    private func followScrolling(_ adjustment: UnsafeMutablePointer<GObject>?) {
        guard adjustment != scrolling?.adjustment else { return }
        if let scrolling {
            hub.disconnect(scrolling.connection)
            g_object_unref(scrolling.adjustment)
        }
        scrolling = nil
        guard let adjustment else { return }
        g_object_ref(adjustment)
        scrolling = (adjustment, hub.connect(adjustment, "value-changed"))
    }

    /// The text view's current vertical adjustment.
    private var textViewAdjustment: UnsafeMutablePointer<GObject>? {
        Property.object(textView, "vadjustment", type: gtk_adjustment_get_type())?.cast(to: GObject.self)
    }

    /// The adjustment's "value-changed": the text scrolled, the label moves with it.
    func scrolled() { gtk_widget_queue_allocate(widget) }

    func placeholderChanged(_ text: String) {
        placeholderDirection = BaseDirection.strong(of: text)
        alignLabel()
    }

    private func connect() {
        followScrolling(textViewAdjustment)
        hub.connect(textView, "direction-changed")
        if let keyboard {
            KeyboardDirection.follow(UnsafeMutableRawPointer(keyboard), by: self) { changed in
                Signal.onNotify(keyboard, "direction", changed)
            }
        }
    }

    func keyboardDirectionChanged() { alignLabel() }

    /// One of the text view's properties changed (the core's one "notify" handler tells the parts).
    func textViewPropertyChanged(_ name: String) {
        if name == "vadjustment" {
            followScrolling(textViewAdjustment)
            gtk_widget_queue_allocate(widget)
        } else if name == "has-focus" {
            // The caret shows or goes: the label is drawn again, with its stem left out only then.
            gtk_widget_queue_draw(widget)
        } else if TextViewAlignment.properties.contains(name) {
            alignLabel()
        }
    }

    private var keyboard: OpaquePointer? {
        gdk_display_get_default_seat(gtk_widget_get_display(textView.asWidget)).flatMap { gdk_seat_get_keyboard($0) }
    }

    private var resolvedDirection: BaseDirection {
        BaseDirection.resolved(
            placeholder: placeholderDirection,
            keyboard: keyboard.map { BaseDirection(gdk_device_get_direction($0)) } ?? .neutral,
            widgetIsRightToLeft: gtk_widget_get_direction(textView.asWidget) == GTK_TEXT_DIR_RTL)
    }

    private var justification: PlaceholderJustification {
        PlaceholderJustification(gtkJustification: gtk_text_view_get_justification(textView).rawValue)
    }

    /// Mirrors the text view's justification and the paragraph's direction on the label.
    func alignLabel() {
        let alignment = PlaceholderRules.labelAlignment(justification: justification, direction: resolvedDirection)
        gtk_widget_set_direction(label, alignment.isRightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        gtk_label_set_justify(OpaquePointer(label), gtk_text_view_get_justification(textView))
        gtk_label_set_xalign(OpaquePointer(label), alignment.xalign)
        gtk_widget_queue_resize(widget)
    }

    /// The text's horizontal insets in the text view's content box: its margins, and the one pixel
    /// it keeps at the end of a line for the cursor. (GTK 4 lays the text view's CSS padding out
    /// around its content box, as for any widget: not part of these.)
    private var insets: (left: Int32, right: Int32) {
        (gtk_text_view_get_left_margin(textView), gtk_text_view_get_right_margin(textView) + 1)
    }

    /// The label's width for a text area `areaWidth` wide.
    private func labelWidth(inArea areaWidth: Int32) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return max(firstLineSpan(areaX: 0, areaWidth: areaWidth).width, minimum)
    }

    /// The first line's span in a text area at `areaX`, `areaWidth` wide (buffer coordinates).
    private func firstLineSpan(areaX: Int32, areaWidth: Int32) -> (x: Int32, width: Int32) {
        PlaceholderRules.firstLineSpan(
            left: areaX + insets.left, right: areaX + areaWidth - insets.right,
            indent: gtk_text_view_get_indent(textView), justification: justification, direction: resolvedDirection)
    }

    private func labelHeight(forWidth width: Int32) -> Int32 {
        var natural: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
        var lineHeight = FirstLine(of: textView).height
        if lineHeight <= 0 {
            // Not laid out yet: one line of the label (at a width nothing wraps in) caps it instead,
            // or a window asking for its minimum width would be given the placeholder's height
            // wrapped a word a line.
            gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, Int32.max / 2, nil, &lineHeight, nil, nil)
        }
        return PlaceholderRules.labelHeight(natural: natural, lineHeight: lineHeight)
    }

    /// The widget's height for the placeholder at `width` (-1: its natural width): the label's top,
    /// its wrapped height and the room below the text. Measured as gtktext.c measures its
    /// placeholder: from the style and the text view alone, nothing the last allocation left, and
    /// no child changed.
    func heightNeeded(forWidth width: Int32) -> Int32 {
        let chrome = CSSChrome(of: textView.asWidget, inside: widget)
        // The first line's top in the text view (its top margin, scrolling), then CSS's room above.
        var lineX: Int32 = 0
        var lineY: Int32 = 0
        gtk_text_view_buffer_to_window_coords(
            textView, GTK_TEXT_WINDOW_WIDGET, 0, FirstLine(of: textView).cell.y, &lineX, &lineY)
        let below = gtk_text_view_get_bottom_margin(textView) + chrome.bottom
        // No width given: the label at its own natural width, as GTK measures any label then (the
        // scrolled window's natural width is a few pixels, which would wrap it a letter a line).
        var labelWidth: Int32 = 0
        if width < 0 {
            gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, nil, &labelWidth, nil, nil)
        } else {
            labelWidth = self.labelWidth(inArea: width - chrome.horizontal)
        }
        return chrome.top + lineY + labelHeight(forWidth: labelWidth) + below
    }

    /// Allocates the label on the first line (after the scrolled window was allocated).
    func allocateLabel() {
        let line = FirstLine(of: textView)
        let (firstCell, visible) = (line.cell, line.visible)
        let width = labelWidth(inArea: visible.width)
        let origin = point(inWidgetOf: firstLineSpan(areaX: visible.x, areaWidth: visible.width).x, firstCell.y)
        let frame = PixelRect(x: origin.x, y: origin.y, width: width, height: labelHeight(forWidth: width))
        lastFrame = frame
        var allocation = GtkAllocation(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        gtk_widget_size_allocate(label, &allocation, -1)
    }

    /// A point in buffer coordinates, in the widget's.
    private func point(inWidgetOf bufferX: Int32, _ bufferY: Int32) -> (x: Int32, y: Int32) {
        var windowX: Int32 = 0
        var windowY: Int32 = 0
        gtk_text_view_buffer_to_window_coords(textView, GTK_TEXT_WINDOW_WIDGET, bufferX, bufferY, &windowX, &windowY)
        var from = graphene_point_t(x: Float(windowX), y: Float(windowY))
        var to = graphene_point_t()
        guard gtk_widget_compute_point(textView.asWidget, widget, &from, &to) != 0 else { return (windowX, windowY) }
        return (Int32(to.x.rounded()), Int32(to.y.rounded()))
    }

    /// Draws the label, leaving out exactly the caret's stem while the text view shows its caret
    /// (the text view draws the caret under its children).
    func snapshotLabel(_ snapshot: OpaquePointer) {
        // Inside the text view only (it may be scrolled under a frame or a border).
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(textView.asWidget, widget, &bounds) != 0 else { return }
        gtk_snapshot_push_clip(snapshot, &bounds)
        defer { gtk_snapshot_pop(snapshot) }
        guard let frame = lastFrame, gtk_widget_has_focus(textView.asWidget) != 0,
            gtk_text_view_get_cursor_visible(textView) != 0
        else { return gtk_widget_snapshot_child(widget, label, snapshot) }
        var caret = GdkRectangle()
        gtk_text_view_get_cursor_locations(textView, nil, &caret, nil)
        let origin = point(inWidgetOf: caret.x, caret.y)
        let settings = gtk_widget_get_settings(textView.asWidget)!
        let stem = CaretStem(
            caretHeight: caret.height,
            aspectRatio: Float(Property.double(settings.asObject, "gtk-cursor-aspect-ratio")),
            direction: resolvedDirection)
        let hole = PlaceholderRules.caretHole(x: origin.x, y: origin.y, caretHeight: caret.height, stem: stem)
        for part in PlaceholderRules.parts(of: frame, outside: hole) {
            var clip = graphene_rect_t(
                origin: graphene_point_t(x: Float(part.x), y: Float(part.y)),
                size: graphene_size_t(width: Float(part.width), height: Float(part.height)))
            gtk_snapshot_push_clip(snapshot, &clip)
            gtk_widget_snapshot_child(widget, label, snapshot)
            gtk_snapshot_pop(snapshot)
        }
    }
}
