import PlaceholderCore
import PlaceholderGtk3Glue

/// Places the placeholder label over the text view's first line, exactly where typed text would be
/// laid out: asks the text view for the line's position instead of hard-coding insets, so margins,
/// indent, pixels-above-lines, CSS padding/border, justification, direction and the scrolled
/// window's frame are all followed. Also keeps the widget tall enough for a wrapped placeholder.
@MainActor
final class PlaceholderLayout: KeyboardDirectionFollower {
    private let overlay: UnsafeMutablePointer<GtkOverlay>
    private let scrolled: UnsafeMutablePointer<GtkScrolledWindow>
    private let textView: UnsafeMutablePointer<GtkTextView>
    private let label: UnsafeMutablePointer<GtkLabel>
    private let hub: SignalHub
    /// The label's "draw", only while the text view has the focus (the caret is drawn only then).
    private var caretClipConnection: SignalHub.Connection?
    private var placeholderDirection = BaseDirection.neutral
    private var appliedMinimumHeight: gint = -1
    private var lastAllocation: GdkRectangle?
    /// Until then the label has no place to be measured for (PlaceholderTextViewClass.childPosition).
    private(set) var overlayHasBeenAllocated = false

    /// The widgets are owned by PlaceholderTextView, which outlives this object.
    init(
        overlay: UnsafeMutablePointer<GtkOverlay>, scrolled: UnsafeMutablePointer<GtkScrolledWindow>,
        textView: UnsafeMutablePointer<GtkTextView>, label: UnsafeMutablePointer<GtkLabel>, hub: SignalHub
    ) {
        self.hub = hub
        self.overlay = overlay
        self.scrolled = scrolled
        self.textView = textView
        self.label = label
        gtk_label_set_line_wrap(label, 1)
        gtk_label_set_line_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_NONE)
        gtk_label_set_yalign(label, 0)
        connect()
    }

    /// Stops following the keyboard (the hub ends the rest).
    func stop() { KeyboardDirection.unfollow(self) }

    /// What the overlay gets (PlaceholderTextViewClass's get_child_position). While the label is
    /// hidden the overlay may still be re-allocated on keystrokes (when an app added overlays of its
    /// own); the last position serves then.
    func allocationForOverlay() -> GdkRectangle {
        if let lastAllocation, gtk_widget_get_child_visible(label.asWidget) == 0 { return lastAllocation }
        let allocation = labelAllocation()
        lastAllocation = allocation
        return allocation
    }

    func overlayWillAllocate() { overlayHasBeenAllocated = true }

    /// Called just before the label is shown. While it was hidden the overlay skipped it when
    /// allocating (PlaceholderTextViewClass.sizeAllocate), so it gets one allocation now: its
    /// place, recomputed, and its GdkWindow raised over the text view's, as GtkOverlay does.
    func willShow() {
        lastAllocation = nil
        gtk_widget_queue_allocate(overlay.asWidget)
    }

    func placeholderChanged(_ text: String) {
        // Nothing to make room for any more (the room is otherwise kept while hidden).
        if text.isEmpty { requireContentHeight(-1) }
        placeholderDirection = BaseDirection.strong(of: text)
        alignLabel()
    }

    private func connect() {
        hub.connect(textView, "direction-changed")
        let keymap = self.keymap
        KeyboardDirection.follow(UnsafeMutableRawPointer(keymap), by: self) { changed in
            Signal.connect(keymap, "direction-changed", changed)
        }
        if gtk_widget_has_focus(textView.asWidget) != 0 { focusChanged() }
    }

    func keyboardDirectionChanged() { alignLabel() }

    /// The text view took or lost the focus: the caret shows or goes, so the label is drawn again,
    /// with the caret's column left out only while it shows.
    func focusChanged() {
        let focused = gtk_widget_has_focus(textView.asWidget) != 0
        if focused, caretClipConnection == nil {
            caretClipConnection = hub.connect(label, "draw")
        } else if !focused, let connection = caretClipConnection {
            hub.disconnect(connection)
            caretClipConnection = nil
        }
        gtk_widget_queue_draw(label.asWidget)
    }

    /// The label's "draw" while the text view has the focus: draws it with the caret's column left
    /// out; returns whether it drew.
    func drawLabel(_ cairo: OpaquePointer?) -> Bool {
        guard let cairo, clipOutCaret(cairo) else { return false }
        drawWithClassHandler(label.asWidget, cairo)
        return true
    }

    /// The paragraph's base direction as GtkTextLayout resolves it for the line holding the cursor.
    private var resolvedDirection: BaseDirection {
        BaseDirection.resolved(
            placeholder: placeholderDirection, keyboard: BaseDirection(gdk_keymap_get_direction(keymap)),
            widgetIsRightToLeft: gtk_widget_get_direction(textView.asWidget) == GTK_TEXT_DIR_RTL)
    }

    private var keymap: OpaquePointer {
        gdk_keymap_get_for_display(gtk_widget_get_display(textView.asWidget))
    }

    private var justification: PlaceholderJustification {
        PlaceholderJustification(gtkJustification: gtk_text_view_get_justification(textView).rawValue)
    }

    /// Mirrors the text view's justification and the paragraph's direction on the label.
    func alignLabel() {
        let alignment = PlaceholderRules.labelAlignment(justification: justification, direction: resolvedDirection)
        gtk_widget_set_direction(label.asWidget, alignment.isRightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        gtk_label_set_justify(label, gtk_text_view_get_justification(textView))
        gtk_label_set_xalign(label, alignment.xalign)
        gtk_widget_queue_resize(label.asWidget)
    }

    /// The first line's box in overlay coordinates, as wide as the text area, as tall as the
    /// wrapped placeholder.
    private func labelAllocation() -> GdkRectangle {
        let insets = TextInsets(of: textView)
        let line = FirstLine(of: textView)
        let (firstCell, visible) = (line.cell, line.visible)

        let (left, width) = PlaceholderRules.firstLineSpan(
            left: visible.x + insets.left, right: visible.x + visible.width - insets.right, indent: insets.indent,
            justification: justification, direction: resolvedDirection)

        var widgetX: gint = 0
        var widgetY: gint = 0
        gtk_text_view_buffer_to_window_coords(textView, GTK_TEXT_WINDOW_WIDGET, left, firstCell.y, &widgetX, &widgetY)
        var overlayX: gint = 0
        var overlayY: gint = 0
        gtk_widget_translate_coordinates(textView.asWidget, overlay.asWidget, widgetX, widgetY, &overlayX, &overlayY)

        var minimumHeight: gint = 0
        var naturalHeight: gint = 0
        gtk_widget_get_preferred_height_for_width(label.asWidget, width, &minimumHeight, &naturalHeight)
        // The widget grows for a wrapped placeholder, up to PlaceholderRules.maximumLines.
        let height = PlaceholderRules.labelHeight(natural: naturalHeight, lineHeight: line.height)
        requireContentHeight(widgetY + height + insets.bottom)
        return GdkRectangle(x: overlayX, y: overlayY, width: width, height: height)
    }

    /// GtkOverlay ignores overlay children when measuring, so a wrapped placeholder taller than the
    /// view asks the scrolled window for room itself. Only ever touches the value it set.
    private func requireContentHeight(_ height: gint) {
        guard height != appliedMinimumHeight else { return }
        let current = gtk_scrolled_window_get_min_content_height(scrolled)
        guard current == appliedMinimumHeight || current < height else { return }
        appliedMinimumHeight = height
        gtk_scrolled_window_set_min_content_height(scrolled, height)
    }

    /// GTK3 draws overlay children above the text view, caret included. Leaving the caret's column
    /// out of the label's drawing keeps the caret (and its blinking) visible over the placeholder.
    /// Returns whether it clipped (only while the text view is focused and shows its caret).
    private func clipOutCaret(_ cairo: OpaquePointer) -> Bool {
        guard gtk_widget_has_focus(textView.asWidget) != 0, gtk_text_view_get_cursor_visible(textView) != 0 else {
            return false
        }
        var caret = GdkRectangle()
        gtk_text_view_get_cursor_locations(textView, nil, &caret, nil)
        var widgetX: gint = 0
        var widgetY: gint = 0
        gtk_text_view_buffer_to_window_coords(textView, GTK_TEXT_WINDOW_WIDGET, caret.x, caret.y, &widgetX, &widgetY)
        var labelX: gint = 0
        var labelY: gint = 0
        gtk_widget_translate_coordinates(textView.asWidget, label.asWidget, widgetX, widgetY, &labelX, &labelY)
        let stem = CaretStem(
            caretHeight: caret.height, aspectRatio: Property.styleFloat(textView, "cursor-aspect-ratio"),
            direction: resolvedDirection)
        let hole = PlaceholderRules.caretHole(x: labelX, y: labelY, caretHeight: caret.height, stem: stem)
        let width = Double(gtk_widget_get_allocated_width(label.asWidget))
        let height = Double(gtk_widget_get_allocated_height(label.asWidget))
        cairo_rectangle(cairo, 0, 0, width, height)
        cairo_rectangle(cairo, Double(hole.x), Double(hole.y), Double(hole.width), Double(hole.height))
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cairo)
        return true
    }
}

/// The text view's horizontal and bottom insets in buffer coordinates: its margins plus CSS padding.
@MainActor
struct TextInsets {
    let left: gint
    let right: gint
    let bottom: gint
    let indent: gint

    init(of textView: UnsafeMutablePointer<GtkTextView>) {
        let context = gtk_widget_get_style_context(textView.asWidget)
        var padding = GtkBorder()
        gtk_style_context_get_padding(context, gtk_style_context_get_state(context), &padding)
        left = gtk_text_view_get_left_margin(textView) + gint(padding.left)
        // GtkTextView keeps one pixel at the right for the cursor.
        right = gtk_text_view_get_right_margin(textView) + gint(padding.right) + 1
        bottom = gtk_text_view_get_bottom_margin(textView) + gint(padding.bottom)
        indent = gtk_text_view_get_indent(textView)
    }
}
