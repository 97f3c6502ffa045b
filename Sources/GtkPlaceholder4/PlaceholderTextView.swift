@_exported import Gtk4Swift
import PlaceholderCore

/// A GTK 4 GtkTextView with a placeholder label drawn where the first typed character will appear.
///
/// `widget` is a `PlaceholderTextView` GObject (a GtkWidget subclass) holding a GtkScrolledWindow
/// with the text view and the label, which it measures, places and draws itself (as GtkText does
/// with its placeholder). Pack `widget`; the Swift object stays alive as long as the widget is held
/// by a parent, whatever happens to the variable that created it.
@MainActor
public final class PlaceholderTextView {
    private let instance: ObjectOwnership
    private let textViewReference: ObjectReference<GtkTextView>
    private let labelReference: ObjectReference<GtkWidget>
    private let scrolledReference: ObjectReference<GtkWidget>
    private let visibility: PlaceholderVisibility
    let layout: PlaceholderLayout
    private let appearance: PlaceholderAppearance
    private let accessibility: PlaceholderAccessibility

    /// Creates its own GtkTextView (word-char wrapping, as a compose field wants).
    ///
    /// - Parameter placeholder: The placeholder text; empty shows none.
    public convenience init(placeholder: String = "") {
        self.init(textView: Self.makeDefaultTextView(), placeholder: placeholder)
    }

    /// Wraps an existing, unparented text view, e.g. a GtkSourceView 5 view.
    ///
    /// - Parameters:
    ///   - textView: A text view with no parent yet; it is packed into ``scrolledWindow``.
    ///   - placeholder: The placeholder text; empty shows none.
    public convenience init(textView: UnsafeMutablePointer<GtkTextView>, placeholder: String = "") {
        precondition(gtk_widget_get_parent(textView.asWidget) == nil, "the text view already has a parent")
        let widget = PlaceholderTextViewClass.newInstanceForSwift(textView: textView)
        self.init(instance: ObjectOwnership(widget), textView: textView, placeholder: placeholder)
    }

    /// The Swift side of an instance made by `g_object_new` or GtkBuilder; the widget keeps it alive.
    convenience init(
        constructed widget: UnsafeMutablePointer<GtkWidget>, textView: UnsafeMutablePointer<GtkTextView>
    ) {
        self.init(instance: ObjectOwnership(borrowing: widget), textView: textView, placeholder: "")
    }

    private init(instance: ObjectOwnership, textView: UnsafeMutablePointer<GtkTextView>, placeholder: String) {
        let widget: UnsafeMutablePointer<GtkWidget> = instance.object.cast()
        textViewReference = ObjectReference(textView)
        let label = gtk_label_new(nil)!
        labelReference = ObjectReference(label)
        let scrolled = gtk_scrolled_window_new()!
        scrolledReference = ObjectReference(scrolled)
        self.instance = instance

        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), textView.asWidget)
        gtk_widget_set_parent(scrolled, widget)
        gtk_widget_set_parent(label, widget)
        // Clicks go through the label to the text view; it never takes focus.
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_can_focus(label, 0)
        gtk_widget_set_child_visible(label, 0)
        layout = PlaceholderLayout(widget: widget, textView: textView, label: label)
        appearance = PlaceholderAppearance(textView: textView, label: label)
        accessibility = PlaceholderAccessibility(textView: textView, label: label)
        visibility = PlaceholderVisibility(
            instance: instance.object, textView: textView.asObject, bufferType: gtk_text_buffer_get_type(),
            characterCount: { gtk_text_buffer_get_char_count($0.cast()) },
            apply: { shown in
                // Not drawn, measured or allocated while hidden; showing it lays the widget out once.
                gtk_widget_set_child_visible(label, shown.gboolean)
                if shown { gtk_widget_queue_resize(widget) } else { gtk_widget_queue_draw(widget) }
            })

        self.placeholder = placeholder
        instance.adopt(owner: self)
        visibility.onTextChanged = { [weak self] in self.map { $0.onTextChanged?($0) } }
        visibility.onChange = { [weak self] in self?.onPlaceholderVisibilityChanged?($0) }
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
        visibility.stop()
        // Their handlers are on widgets that our reference to the instance may be the last to hold.
        layout.stop()
        appearance.stop()
        instance.release()
    }

    // MARK: - Public API

    /// The widget to pack: a `PlaceholderTextView` GObject around a scrolled text view.
    public var widget: UnsafeMutablePointer<GtkWidget> { instance.object.cast() }
    /// The text view: the one given to `init(textView:placeholder:)`, or our own.
    public var textView: UnsafeMutablePointer<GtkTextView> { textViewReference.pointer }
    /// The GtkScrolledWindow around the text view (vertical scrolling; set its policies and sizes).
    public var scrolledWindow: OpaquePointer { OpaquePointer(scrolledReference.pointer) }
    /// The text view's current buffer (it follows `gtk_text_view_set_buffer`).
    public var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView) }
    /// The placeholder GtkLabel, for styling; its text, visibility and position are ours to set.
    public var placeholderLabel: OpaquePointer { OpaquePointer(labelReference.pointer) }

    /// The placeholder, shown as plain text (never Pango markup). Empty hides it.
    public var placeholder: String = "" {
        didSet {
            guard placeholder != oldValue else { return }
            setPlaceholderText(placeholder)
            PlaceholderType.notify(instance.object, .placeholderText)
        }
    }

    /// An explicit placeholder colour; nil follows the theme (the `dim-label` style).
    public var placeholderColor: GdkRGBA? {
        get { appearance.color }
        set {
            guard !sameColor(appearance.color, newValue) else { return }
            appearance.color = newValue
            PlaceholderType.notify(instance.object, .placeholderColor)
        }
    }

    /// The text view's font as a Pango description ("Sans 15"), applied through CSS; nil: the
    /// theme's. The placeholder follows the text view's font whatever sets it.
    public var font: String? {
        get { appearance.font }
        set {
            guard appearance.font != newValue else { return }
            appearance.font = newValue
            PlaceholderType.notify(instance.object, .font)
        }
    }

    /// The buffer's whole text, hidden characters included. Setting text drops NUL characters
    /// (GTK buffers cannot hold them).
    public var text: String {
        get {
            var bounds = (GtkTextIter(), GtkTextIter())
            gtk_text_buffer_get_bounds(buffer, &bounds.0, &bounds.1)
            return takeGString(gtk_text_buffer_get_text(buffer, &bounds.0, &bounds.1, 1)) ?? ""
        }
        set {
            let clean = newValue.contains("\0") ? newValue.replacing("\0", with: "") : newValue
            gtk_text_buffer_set_text(buffer, clean, -1)
        }
    }

    /// Hides the placeholder whatever the buffer holds (YLTextView's hidePlaceHoder).
    public var hidesPlaceholder = false {
        didSet {
            guard hidesPlaceholder != oldValue else { return }
            visibility.hidesPlaceholder = hidesPlaceholder
            PlaceholderType.notify(instance.object, .hidesPlaceholder)
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

    /// Any font change re-measures the widget (the text view queues a resize): the moment to follow it.
    func willMeasure() { appearance.followTextViewFont() }

    /// GTK 4 disposes a widget whose parent lets it go while Swift may still hold this object.
    func widgetWillDispose() { visibility.widgetGone() }
}
