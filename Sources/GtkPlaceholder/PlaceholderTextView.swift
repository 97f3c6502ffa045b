@_exported import CGtk
@_exported import GLibSwift
import PlaceholderCore

/// A GtkTextView with a placeholder label drawn where the first typed character will appear.
///
/// `widget` is a GtkOverlay holding a GtkScrolledWindow with the text view, and the label as a
/// pass-through overlay child. Pack `widget`; the Swift object stays alive as long as the widget is
/// held by a container, whatever happens to the variable that created it.
@MainActor
public final class PlaceholderTextView {
    private let overlay: ObjectOwnership
    private let textViewReference: ObjectReference<GtkTextView>
    private let labelReference: ObjectReference<GtkLabel>
    private let scrolledReference: ObjectReference<GtkScrolledWindow>
    private let watcher: BufferWatcher
    private let layout: PlaceholderLayout
    private let appearance: PlaceholderAppearance
    private let accessibility: PlaceholderAccessibility
    private var connections: [SignalConnection] = []
    private var preeditActive = false
    private var widgetDestroyed = false

    /// Creates its own GtkTextView (word-char wrapping, as a compose field wants).
    ///
    /// - Parameter placeholder: The placeholder text; empty shows none.
    public convenience init(placeholder: String = "") {
        self.init(textView: Self.makeDefaultTextView(), placeholder: placeholder)
    }

    /// Wraps an existing, unparented text view, e.g. a GtkSourceView.
    ///
    /// - Parameters:
    ///   - textView: A text view with no parent yet; it is packed into ``scrolledWindow``.
    ///   - placeholder: The placeholder text; empty shows none.
    public convenience init(textView: UnsafeMutablePointer<GtkTextView>, placeholder: String = "") {
        precondition(gtk_widget_get_parent(textView.asWidget) == nil, "the text view already has a parent")
        let overlayWidget = PlaceholderTextViewClass.newInstanceForSwift(textView: textView)
        self.init(overlay: ObjectOwnership(overlayWidget), textView: textView, placeholder: placeholder)
        gtk_widget_show(overlayWidget)
    }

    /// The Swift side of an instance made by `g_object_new` or GtkBuilder (hidden until shown, as
    /// GTK widgets are); the widget keeps it alive.
    convenience init(
        constructed overlayWidget: UnsafeMutablePointer<GtkWidget>, textView: UnsafeMutablePointer<GtkTextView>
    ) {
        self.init(overlay: ObjectOwnership(borrowing: overlayWidget), textView: textView, placeholder: "")
    }

    private init(overlay: ObjectOwnership, textView: UnsafeMutablePointer<GtkTextView>, placeholder: String) {
        textViewReference = ObjectReference(textView)
        let label = gtk_label_new(nil)!.cast(to: GtkLabel.self)
        labelReference = ObjectReference(label)
        let scrolled = gtk_scrolled_window_new(nil, nil)!.cast(to: GtkScrolledWindow.self)
        scrolledReference = ObjectReference(scrolled)
        let overlayWidget: UnsafeMutablePointer<GtkWidget> = overlay.object.cast()
        watcher = BufferWatcher { gtk_text_buffer_get_char_count($0.cast()) }
        self.overlay = overlay
        layout = PlaceholderLayout(overlay: overlayWidget.cast(), scrolled: scrolled, textView: textView, label: label)
        appearance = PlaceholderAppearance(textView: textView, label: label)
        accessibility = PlaceholderAccessibility(textView: textView, label: label)

        gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(scrolled.asContainer, textView.asWidget)
        gtk_container_add(overlayWidget.asContainer, scrolled.asWidget)
        gtk_overlay_add_overlay(overlayWidget.cast(), label.asWidget)
        // Clicks and focus go through the label to the text view.
        gtk_overlay_set_overlay_pass_through(overlayWidget.cast(), label.asWidget, 1)
        gtk_widget_set_can_focus(label.asWidget, 0)
        gtk_widget_set_child_visible(label.asWidget, 0)
        gtk_widget_show(label.asWidget)
        gtk_widget_show(textView.asWidget)
        gtk_widget_show(scrolled.asWidget)

        self.placeholder = placeholder
        overlay.adopt(owner: self)
        connectSignals()
        setPlaceholderText(placeholder)
        watchBuffer()
    }

    static func makeDefaultTextView() -> UnsafeMutablePointer<GtkTextView> {
        let view = gtk_text_view_new()!.cast(to: GtkTextView.self)
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        return view
    }

    /// Registers the GObject type `PlaceholderTextView` (idempotent). Call it before loading .ui
    /// files that use `<object class="PlaceholderTextView">`; Swift's initializers call it too.
    @discardableResult
    public static func registerType() -> GType { PlaceholderTextViewClass.register() }

    isolated deinit {
        for connection in connections { connection.disconnect() }
        watcher.stop()
        // Their handlers are on widgets that our reference to the overlay may be the last to hold.
        layout.stop()
        appearance.stop()
        accessibility.stop()
        overlay.release()
    }

    // MARK: - Public API

    /// The widget to pack into a container: a `PlaceholderTextView` GObject (a GtkOverlay subclass)
    /// around a scrolled text view.
    public var widget: UnsafeMutablePointer<GtkWidget> { overlay.object.cast() }
    /// The text view: the one given to `init(textView:placeholder:)`, or our own.
    public var textView: UnsafeMutablePointer<GtkTextView> { textViewReference.pointer }
    /// The scrolled window around the text view (vertical scrolling; set its policies and sizes).
    public var scrolledWindow: UnsafeMutablePointer<GtkScrolledWindow> { scrolledReference.pointer }
    /// The text view's current buffer (it follows `gtk_text_view_set_buffer`).
    public var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView) }
    /// The placeholder label, for styling; its text, visibility and position are ours to set.
    public var placeholderLabel: UnsafeMutablePointer<GtkLabel> { labelReference.pointer }

    /// The placeholder, shown as plain text (never Pango markup). Empty hides it.
    public var placeholder: String = "" {
        didSet {
            guard placeholder != oldValue else { return }
            setPlaceholderText(placeholder)
            PlaceholderTextViewClass.notify(self, .placeholderText)
        }
    }

    /// An explicit placeholder colour; nil follows the theme (`dim-label`, `placeholder` classes).
    public var placeholderColor: GdkRGBA? {
        get { appearance.color }
        set {
            guard !appearance.color.isSame(as: newValue) else { return }
            appearance.color = newValue
            PlaceholderTextViewClass.notify(self, .placeholderColor)
        }
    }

    /// The text view's font as a Pango description ("Sans 15"); nil: the theme's. The placeholder
    /// follows the text view's font whatever sets it.
    public var font: String? {
        get { appearance.font }
        set {
            guard appearance.font != newValue else { return }
            appearance.font = newValue
            PlaceholderTextViewClass.notify(self, .font)
        }
    }

    /// The buffer's whole text. GTK buffers cannot hold NUL characters: setting text drops them.
    public var text: String {
        get {
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            return takeGString(gtk_text_buffer_get_text(buffer, &start, &end, 1)) ?? ""
        }
        set {
            let text = newValue.contains("\0") ? newValue.replacing("\0", with: "") : newValue
            gtk_text_buffer_set_text(buffer, text, gint(text.utf8.count))
        }
    }

    /// Hides the placeholder whatever the buffer holds (YLTextView's hidePlaceHoder).
    public var hidesPlaceholder = false {
        didSet {
            guard hidesPlaceholder != oldValue else { return }
            updateVisibility()
            PlaceholderTextViewClass.notify(self, .hidesPlaceholder)
        }
    }

    /// Whether the placeholder is shown now.
    public var isPlaceholderVisible: Bool { gtk_widget_get_child_visible(placeholderLabel.asWidget) != 0 }

    /// Whether an input method is composing (preedit text that is not yet in the buffer).
    public var isComposing: Bool { preeditActive }

    /// Called after every change of the buffer's content, on the buffer the view shows now.
    public var onTextChanged: (@MainActor (PlaceholderTextView) -> Void)?

    /// Called when the placeholder appears (true) or disappears (false).
    public var onPlaceholderVisibilityChanged: (@MainActor (Bool) -> Void)?

    /// The Swift object behind a widget made by this class, if it is still alive.
    public static func forWidget(_ widget: UnsafeMutablePointer<GtkWidget>) -> PlaceholderTextView? {
        ObjectOwnership.owner(of: widget) as? PlaceholderTextView
    }

    // MARK: - Behaviour

    private func setPlaceholderText(_ text: String) {
        gtk_label_set_text(placeholderLabel, text)
        layout.placeholderChanged(text)
        accessibility.placeholderChanged(text)
        updateVisibility()
    }

    /// The overlay's accessible was asked for (an assistive technology is walking the tree).
    func accessibleRequested() { accessibility.activate() }

    private func connectSignals() {
        let view = textView
        connections.append(
            Signal.onNotify(view, "buffer") { [weak self] in self?.watchBuffer() })
        connections.append(
            Signal.connect(
                view, "preedit-changed",
                withArgument: { [weak self] preedit in
                    let composing = preedit.map { $0.cast(to: CChar.self).pointee != 0 } ?? false
                    self?.setComposing(composing)
                }))
        connections.append(
            Signal.connect(widget, "destroy") { [weak self] in self?.widgetDestroyed = true })
    }

    private func watchBuffer() {
        guard !widgetDestroyed else { return watcher.stop() }
        watcher.watch(gtk_text_view_get_buffer(textView)?.asObject) { [weak self] in
            guard let self else { return }
            self.updateVisibility()
            self.onTextChanged?(self)
        }
        updateVisibility()
    }

    private func setComposing(_ composing: Bool) {
        guard composing != preeditActive else { return }
        preeditActive = composing
        updateVisibility()
    }

    /// O(1): the buffer's character count is cached by the B-tree; the label is touched only when
    /// the answer changes, so typing the 2nd…Nth character costs no relayout.
    private func updateVisibility() {
        let shouldShow = PlaceholderRules.shouldShow(
            placeholder: placeholder, hidesPlaceholder: hidesPlaceholder, isComposing: preeditActive,
            bufferIsEmpty: watcher.isEmpty)
        guard shouldShow != isPlaceholderVisible else { return }
        // Child visibility maps or unmaps the label without queueing a resize of the overlay (and
        // so of the text view) the way showing and hiding would: a transition costs one redraw.
        if shouldShow { layout.willShow() }
        gtk_widget_set_child_visible(placeholderLabel.asWidget, shouldShow.gboolean)
        PlaceholderTextViewClass.notify(self, .placeholderVisible)
        onPlaceholderVisibilityChanged?(shouldShow)
    }
}
