import CPlaceholderGObject
import PlaceholderGObjectGlue

/// Who hears what `PlaceholderVisibility` decides: the core, which tells the app.
@MainActor
package protocol PlaceholderVisibilityDelegate: AnyObject {
    /// The placeholder appeared (true) or disappeared (false), after the label was shown or hidden.
    func placeholderVisibilityChanged(_ shown: Bool)
    /// The current buffer's content changed.
    func bufferContentChanged()
}

/// When the placeholder shows, the same for both toolkits: watches the text view's current buffer
/// ("changed", with its O(1) character count; the core tells it when the "buffer" property changes)
/// and its input method's preedit, through the widget's hub, and tells the toolkit only when the
/// answer changes, so typing the 2nd…Nth character touches no label.
@MainActor
package final class PlaceholderVisibility {
    private let instance: UnsafeMutablePointer<GObject>
    private let textView: UnsafeMutablePointer<GObject>
    /// Counts characters and shows the label (the toolkit's parts, which outlive this object).
    private unowned let parts: any PlaceholderToolkitParts
    private let hub: SignalHub
    private var watcher = BufferWatcher()
    private var ownerGone = false

    /// The placeholder text; empty never shows.
    package var placeholder = "" { didSet { update() } }
    /// The app's manual override.
    package var hidesPlaceholder = false { didSet { update() } }
    /// Whether an input method is composing (preedit not yet in the buffer).
    package private(set) var isComposing = false
    /// Whether the placeholder is shown now.
    package private(set) var isShown = false
    /// Told of every change (the core; it outlives this object).
    package unowned(safe) var delegate: (any PlaceholderVisibilityDelegate)?

    package init(
        instance: UnsafeMutablePointer<GObject>, textView: UnsafeMutablePointer<GObject>, hub: SignalHub,
        parts: any PlaceholderToolkitParts
    ) {
        self.instance = instance
        self.textView = textView
        self.hub = hub
        self.parts = parts
        hub.connect(textView, "preedit-changed")
        bufferReplaced()
    }

    /// Takes the emissions that are its own (the buffer's "changed", the input method's preedit);
    /// returns whether it did. The buffer's comes first: it is every keystroke's.
    package func receive(_ emission: SignalEmission) -> Bool {
        if let buffer = watcher.buffer, emission.instance == UnsafeMutableRawPointer(buffer) {
            update()
            delegate?.bufferContentChanged()
            return true
        }
        guard emission.instance == UnsafeMutableRawPointer(textView), emission.is("preedit-changed") else {
            return false
        }
        setComposing(emission.argument(1).map { $0.load(as: CChar.self) != 0 } ?? false)
        return true
    }

    /// The widget is being destroyed: the text view drops its buffer next, and no new one must be
    /// made (or watched) for it.
    package func widgetGone() {
        ownerGone = true
        watcher.stop(hub)
    }

    /// Lets the buffer go (the owner calls it after stopping the hub, before letting the text view go).
    package func stop() { watcher.stop(hub) }

    /// The text view shows another buffer (its "buffer" property changed): watch that one.
    package func bufferReplaced() {
        guard !ownerGone else { return watcher.stop(hub) }
        // GtkTextView's "buffer" property, as gtk_text_view_get_buffer: made on first use.
        let buffer = Property.object(textView, "buffer", type: parts.bufferType)?.cast(to: GObject.self)
        watcher.watch(buffer, through: hub)
        update()
    }

    private func setComposing(_ composing: Bool) {
        guard composing != isComposing else { return }
        isComposing = composing
        update()
    }

    /// O(1): the buffer's character count is cached by its B-tree.
    package func update() {
        let shouldShow = PlaceholderRules.shouldShow(
            placeholder: placeholder, hidesPlaceholder: hidesPlaceholder, isComposing: isComposing,
            bufferIsEmpty: watcher.buffer.map { parts.characterCount(of: $0) == 0 } ?? true)
        guard shouldShow != isShown else { return }
        isShown = shouldShow
        parts.setLabelShown(shouldShow)
        PlaceholderType.notify(instance, .placeholderVisible)
        delegate?.placeholderVisibilityChanged(shouldShow)
    }
}
