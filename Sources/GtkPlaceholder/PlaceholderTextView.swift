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
    private let visibility: PlaceholderVisibility
    private let layout: PlaceholderLayout
    private let appearance: PlaceholderAppearance
    private let accessibility: PlaceholderAccessibility
    private var destroyConnection: SignalConnection?

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
        self.overlay = overlay
        let layout = PlaceholderLayout(
            overlay: overlayWidget.cast(), scrolled: scrolled, textView: textView, label: label)
        self.layout = layout
        appearance = PlaceholderAppearance(textView: textView, label: label)
        accessibility = PlaceholderAccessibility(textView: textView, label: label)
        visibility = PlaceholderVisibility(
            instance: overlay.object, textView: textView.asObject, bufferType: gtk_text_buffer_get_type(),
            characterCount: { gtk_text_buffer_get_char_count($0.cast()) },
            apply: { shown in
                // Child visibility maps or unmaps the label without queueing a resize of the overlay
                // (and so of the text view) the way showing and hiding would: one redraw.
                if shown { layout.willShow() }
                gtk_widget_set_child_visible(label.asWidget, shown.gboolean)
            })

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
        visibility.onTextChanged = { [weak self] in self.map { $0.onTextChanged?($0) } }
        visibility.onChange = { [weak self] in self?.onPlaceholderVisibilityChanged?($0) }
        destroyConnection = Signal.connect(overlayWidget, "destroy") { [weak self] in self?.visibility.widgetGone() }
        setPlaceholderText(placeholder)
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
        destroyConnection?.disconnect()
        visibility.stop()
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
            guard !sameColor(appearance.color, newValue) else { return }
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
            visibility.hidesPlaceholder = hidesPlaceholder
            PlaceholderTextViewClass.notify(self, .hidesPlaceholder)
        }
    }

    /// Whether the placeholder is shown now.
    public var isPlaceholderVisible: Bool { visibility.isShown }

    /// Whether an input method is composing (preedit text that is not yet in the buffer).
    public var isComposing: Bool { visibility.isComposing }

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
        visibility.placeholder = text
    }

    /// The overlay's accessible was asked for (an assistive technology is walking the tree).
    func accessibleRequested() { accessibility.activate() }
}
