import PlaceholderCore

// One source compiled into both widget modules (linked from Sources/Widget/Gtk3/Shared and
// Sources/Widget/Gtk4/Shared): the names are GTK's in both toolkits, the types each module's own.

/// The public API both toolkits' `PlaceholderTextView` share, over `PlaceholderWidgetCore`.
extension PlaceholderTextView {
    /// Creates its own GtkTextView (word-char wrapping, as a compose field wants).
    ///
    /// - Parameter placeholder: The placeholder text; empty shows none.
    public convenience init(placeholder: String = "") {
        self.init(textView: Self.makeDefaultTextView(), placeholder: placeholder)
    }

    /// Wraps an existing, unparented text view, e.g. a GtkSourceView.
    ///
    /// A text view that already has a parent is not taken from it: as from C, a GLib warning is
    /// logged and the widget makes a text view of its own (compare ``textView`` with yours to know).
    ///
    /// - Parameters:
    ///   - textView: A text view with no parent yet; it is packed into the widget's scrolled window.
    ///   - placeholder: The placeholder text; empty shows none.
    public convenience init(textView: UnsafeMutablePointer<GtkTextView>, placeholder: String = "") {
        var textView = textView
        if gtk_widget_get_parent(textView.asWidget) != nil {
            GLibLog.warning(
                "PlaceholderTextView: the text view given already has a parent; using a new GtkTextView",
                domain: "GtkPlaceholder")
            textView = Self.makeDefaultTextView()
        }
        let widget = PlaceholderTextViewClass.newInstanceForSwift(textView: textView)
        self.init(instance: ObjectOwnership(widget), textView: textView, placeholder: placeholder)
        Self.showNew(widget)
    }

    /// The Swift side of an instance made by `g_object_new` or GtkBuilder (not shown: the caller
    /// shows it, as with any widget it makes); the widget keeps it alive.
    convenience init(
        constructed widget: UnsafeMutablePointer<GtkWidget>, textView: UnsafeMutablePointer<GtkTextView>
    ) {
        self.init(instance: ObjectOwnership(borrowing: widget), textView: textView, placeholder: "")
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

    /// The registered type, from any thread (the C library's `placeholder_text_view_get_type`).
    package nonisolated static var registeredType: GType { PlaceholderTextViewClass.registered }

    /// The widget to pack: a `PlaceholderTextView` GObject (a GtkOverlay subclass in GTK 3, a
    /// GtkWidget subclass in GTK 4) around a scrolled text view.
    public var widget: UnsafeMutablePointer<GtkWidget> { core.widget.cast() }
    /// The text view: the one given to `init(textView:placeholder:)`, or our own.
    public var textView: UnsafeMutablePointer<GtkTextView> { core.textView.cast() }
    /// The GtkScrolledWindow around the text view (vertical scrolling; set its policies and sizes).
    public var scrolledWindowWidget: UnsafeMutablePointer<GtkWidget> { core.scrolledWindow.cast() }
    /// The placeholder GtkLabel, for styling; its text, visibility and position are ours to set.
    public var placeholderLabelWidget: UnsafeMutablePointer<GtkWidget> { core.label.cast() }
    /// The text view's current buffer (it follows `gtk_text_view_set_buffer`).
    public var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(textView) }

    /// The placeholder, shown as plain text (never Pango markup). Empty hides it.
    public var placeholder: String {
        get { core.placeholder }
        set { core.placeholder = newValue }
    }

    /// An explicit placeholder colour; nil follows the theme (`dim-label`, `placeholder` classes).
    /// Setting it emits `notify::placeholder-color` when it changes.
    public var placeholderTextColor: PlaceholderColor? {
        get { core.placeholderColor }
        set { core.placeholderColor = newValue }
    }

    /// The explicit placeholder colour as the toolkit's GdkRGBA.
    @available(
        *, deprecated, renamed: "placeholderTextColor", message: "a PlaceholderColor, the same on GTK 3 and GTK 4"
    )
    public var placeholderColor: GdkRGBA? {
        get { placeholderRGBA }
        set { placeholderRGBA = newValue }
    }

    /// The `placeholder-color` property's value.
    package var placeholderRGBA: GdkRGBA? {
        get { core.placeholderColor?.rgba }
        set { core.placeholderColor = newValue.map(PlaceholderColor.init) }
    }

    /// The text view's font as a Pango description ("Sans 15"); nil: the theme's. The placeholder
    /// follows the text view's font whatever sets it (this property, CSS, gtk-font-name).
    public var font: String? {
        get { core.font }
        set { core.font = newValue }
    }

    /// The buffer's whole text, hidden characters included. Each read copies it out of the buffer,
    /// O(n) in its length: to learn only whether it is empty, ask `isPlaceholderVisible` or
    /// `gtk_text_buffer_get_char_count` (O(1)). GTK buffers cannot hold NUL characters: setting text
    /// drops them.
    public var text: String {
        get { core.text }
        set { core.text = newValue }
    }

    /// Hides the placeholder whatever the buffer holds (YLTextView's hidePlaceHoder).
    public var hidesPlaceholder: Bool {
        get { core.hidesPlaceholder }
        set { core.hidesPlaceholder = newValue }
    }

    /// Whether the placeholder is shown now.
    public var isPlaceholderVisible: Bool { core.isPlaceholderVisible }

    /// Whether an input method is composing (preedit text that is not yet in the buffer).
    public var isComposing: Bool { core.isComposing }

    /// Calls `observer` after every edit of the text, on whichever buffer the view shows, once per
    /// edit and in the order observers were added, until the returned token is cancelled or goes.
    /// The observer gets what changed: where, what was removed, how much was inserted. Keep the
    /// token; capture the view weakly in `observer` (the view holds its observers).
    public func observeText(_ observer: @escaping @MainActor (TextEdit) -> Void) -> PlaceholderObservation {
        let edits = self.edits ?? TextEditObservers(textView: textView, widgetIsGone: core.isWidgetGone)
        self.edits = edits
        return edits.add(observer)
    }

    /// Calls `observer` each time the placeholder appears (true) or disappears (false), in the
    /// order observers were added, until the returned token is cancelled or goes.
    public func observePlaceholderVisibility(_ observer: @escaping @MainActor (Bool) -> Void) -> PlaceholderObservation
    {
        let id = core.observeVisibility(observer)
        return PlaceholderObservation { [weak self] in self?.core.visibilityObservers.remove(id) }
    }

    /// Called after every change of the buffer's content, on the buffer the view shows now.
    @available(*, deprecated, renamed: "observeText(_:)", message: "observers can be many and be cancelled")
    public var onTextChanged: (@MainActor (PlaceholderTextView) -> Void)? {
        get { core.onTextChanged }
        set { core.onTextChanged = newValue }
    }

    /// Called when the placeholder appears (true) or disappears (false).
    @available(
        *, deprecated, renamed: "observePlaceholderVisibility(_:)", message: "observers can be many and be cancelled"
    )
    public var onPlaceholderVisibilityChanged: (@MainActor (Bool) -> Void)? {
        get { core.onPlaceholderVisibilityChanged }
        set { core.onPlaceholderVisibilityChanged = newValue }
    }

    /// The widget is being destroyed (GTK 3) or disposed (GTK 4) while Swift may still hold it.
    func widgetGone() {
        core.widgetGone()
        edits?.widgetGone()
    }

    /// The Swift object behind a widget made by this class, if it is still alive.
    public static func forWidget(_ widget: UnsafeMutablePointer<GtkWidget>) -> PlaceholderTextView? {
        PlaceholderWidgetCore<PlaceholderTextView, PlaceholderParts>.owner(of: widget.asObject)
    }
}

extension PlaceholderTextView: PlaceholderPropertyOwner {}
