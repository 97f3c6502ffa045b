import CPlaceholderGObject
import PlaceholderGObjectGlue

/// The style classes the placeholder label carries in both toolkits: the theme's dim colour, and a
/// name themes can style it by.
package let placeholderStyleClasses = ["dim-label", "placeholder"]

/// What differs between the GTK 3 and GTK 4 widgets under the shared core: how the label is shown,
/// laid out, styled and described, and the few GTK calls whose C types differ between the toolkits.
@MainActor
package protocol PlaceholderToolkitParts: AnyObject {
    /// The widget module's PlaceholderColor (one Swift type; each toolkit converts it to its GdkRGBA).
    associatedtype Color: Equatable
    /// The explicit placeholder colour to apply (nil: the theme's).
    var color: Color? { get set }
    /// The text view's font as applied through the toolkit's styling (nil: the theme's).
    var font: String? { get set }
    /// GtkTextBuffer's type, and its O(1) `gtk_text_buffer_get_char_count`.
    var bufferType: GType { get }
    func characterCount(of buffer: UnsafeMutablePointer<GObject>) -> Int32
    /// The buffer's whole text, hidden characters included; and replacing it (`text` has no NUL).
    var bufferText: String { get }
    func setBufferText(_ text: String)
    /// Maps (true) or unmaps the label, with as little layout as the toolkit allows.
    func setLabelShown(_ shown: Bool)
    /// The placeholder text changed: lay it out and tell assistive technologies.
    func placeholderChanged(_ text: String)
    /// One of the text view's GObject properties changed ("buffer" is the core's own).
    func textViewPropertyChanged(_ name: String)
    /// A signal the parts connected through the widget's hub was emitted; returns the result of
    /// signals that have one.
    func receive(_ emission: SignalEmission) -> Bool
    /// Lets go of what the hub does not end (the core calls it after stopping the hub, before
    /// letting the widgets go).
    func stop()
}

/// Everything `PlaceholderTextView` does that is not toolkit drawing, for GTK 3 and GTK 4 alike: the
/// tie between the widget and its Swift owner, when the placeholder shows, the properties and their
/// notifications (once per change, from Swift or C), the callbacks. Each toolkit's public class
/// forwards its members here.
@MainActor
package final class PlaceholderWidgetCore<Owner: AnyObject, Parts: PlaceholderToolkitParts>:
    PlaceholderVisibilityDelegate, SignalReceiver
{
    package let ownership: ObjectOwnership
    package let parts: Parts
    /// The widget's children, referenced for the core's lifetime (`parts` uses them too).
    package let textView: UnsafeMutablePointer<GObject>
    package let label: UnsafeMutablePointer<GObject>
    package let scrolledWindow: UnsafeMutablePointer<GObject>
    private let visibility: PlaceholderVisibility
    /// Every signal the widget follows, the core's and the parts' (one GClosure for them all).
    private let hub: SignalHub
    /// The Swift owner, once tied (it owns this core).
    private weak var owner: Owner?

    /// Called after every change of the buffer's content, on the buffer the view shows now.
    package var onTextChanged: (@MainActor (Owner) -> Void)?
    /// Called when the placeholder appears (true) or disappears (false).
    package var onPlaceholderVisibilityChanged: (@MainActor (Bool) -> Void)?
    /// The same, for every observer, after that one (made when the first one is added).
    package private(set) lazy var visibilityObservers = ObserverList<Bool>()
    private var hasVisibilityObservers = false

    /// `hub` is the one the parts connected through; the core connects its own signals to it and
    /// receives them all.
    package init(
        ownership: ObjectOwnership, textView: UnsafeMutablePointer<GObject>, label: UnsafeMutablePointer<GObject>,
        scrolledWindow: UnsafeMutablePointer<GObject>, hub: SignalHub, parts: Parts
    ) {
        self.ownership = ownership
        self.parts = parts
        self.hub = hub
        for child in [textView, label, scrolledWindow] { g_object_ref_sink(child) }
        (self.textView, self.label, self.scrolledWindow) = (textView, label, scrolledWindow)
        visibility = PlaceholderVisibility(instance: ownership.object, textView: textView, hub: hub, parts: parts)
        hub.connect(textView, "notify")
        hub.receiver = self
    }

    /// Every emission of the widget's signals: the text view's properties and input method, the
    /// buffer's changes (visibility's), and the parts' own.
    package func receive(_ emission: SignalEmission) -> Bool {
        if visibility.receive(emission) { return false }
        if emission.instance == UnsafeMutableRawPointer(textView), emission.is("notify") {
            guard let name = emission.propertyName else { return false }
            if name == "buffer" { visibility.bufferReplaced() } else { parts.textViewPropertyChanged(name) }
            return false
        }
        return parts.receive(emission)
    }

    /// Ties the widget to its fully initialised Swift `owner` and shows `placeholder`.
    package func start(owner: Owner, placeholder: String) {
        // Set (and notified) before anything could connect; "" is the default, laid out all the same.
        if placeholder.isEmpty { setPlaceholderText("") } else { self.placeholder = placeholder }
        ownership.adopt(owner: owner)
        self.owner = owner
        visibility.delegate = self
    }

    package func bufferContentChanged() {
        guard let onTextChanged, let owner else { return }
        onTextChanged(owner)
    }

    package func placeholderVisibilityChanged(_ shown: Bool) {
        onPlaceholderVisibilityChanged?(shown)
        if hasVisibilityObservers { visibilityObservers.notify(shown) }
    }

    /// Adds a visibility observer (after the others); returns the id that removes it.
    package func observeVisibility(_ observer: @escaping @MainActor (Bool) -> Void) -> Int {
        hasVisibilityObservers = true
        return visibilityObservers.add(observer)
    }

    isolated deinit {
        hub.stop()
        visibility.stop()
        // Their handlers are on widgets that our reference to the instance may be the last to hold.
        parts.stop()
        for child in [textView, label, scrolledWindow] { g_object_unref(child) }
        ownership.release()
    }

    /// The widget is being destroyed (GTK 3) or disposed (GTK 4) while Swift may still hold it.
    package func widgetGone() {
        isWidgetGone = true
        visibility.widgetGone()
    }

    /// Whether the widget was destroyed (GTK 3) or disposed (GTK 4) already.
    package private(set) var isWidgetGone = false

    package var widget: UnsafeMutablePointer<GObject> { ownership.object }

    package var placeholder = "" {
        didSet {
            guard placeholder != oldValue else { return }
            setPlaceholderText(placeholder)
            PlaceholderType.notify(widget, .placeholderText)
        }
    }

    /// Kept as given (a GTK 4 GdkRGBA holds floats: reading the toolkit's value back would round it).
    package var placeholderColor: Parts.Color? {
        didSet {
            guard placeholderColor != oldValue else { return }
            parts.color = placeholderColor
            PlaceholderType.notify(widget, .placeholderColor)
        }
    }

    package var font: String? {
        get { parts.font }
        set {
            guard parts.font != newValue else { return }
            parts.font = newValue
            PlaceholderType.notify(widget, .font)
        }
    }

    /// GTK buffers cannot hold NUL characters: setting text drops them.
    package var text: String {
        get { parts.bufferText }
        set { parts.setBufferText(newValue.contains("\0") ? String(newValue.filter { $0 != "\0" }) : newValue) }
    }

    package var hidesPlaceholder = false {
        didSet {
            guard hidesPlaceholder != oldValue else { return }
            visibility.hidesPlaceholder = hidesPlaceholder
            PlaceholderType.notify(widget, .hidesPlaceholder)
        }
    }

    package var isPlaceholderVisible: Bool { visibility.isShown }
    package var isComposing: Bool { visibility.isComposing }

    private func setPlaceholderText(_ text: String) {
        // As gtk_label_set_text: the text as it is, never Pango markup.
        Property.set(label, "use-markup", false)
        Property.set(label, "label", text)
        parts.placeholderChanged(text)
        visibility.placeholder = text
    }

    /// The Swift owner of a widget made by either toolkit's class, if it is still alive.
    package static func owner(of widget: UnsafeMutablePointer<GObject>) -> Owner? {
        ObjectOwnership.owner(of: widget) as? Owner
    }
}
