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
/// and its input method's preedit, and tells the toolkit only when the answer changes, so typing the
/// 2nd…Nth character touches no label.
@MainActor
package final class PlaceholderVisibility {
    private let instance: UnsafeMutablePointer<GObject>
    private let textView: UnsafeMutablePointer<GObject>
    /// Counts characters and shows the label (the toolkit's parts, which outlive this object).
    private unowned let parts: any PlaceholderToolkitParts
    private let watcher = BufferWatcher()
    private var preeditConnection: SignalConnection?
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
        instance: UnsafeMutablePointer<GObject>, textView: UnsafeMutablePointer<GObject>,
        parts: any PlaceholderToolkitParts
    ) {
        self.instance = instance
        self.textView = textView
        self.parts = parts
        preeditConnection = Signal.connect(
            textView, "preedit-changed",
            withArgument: { [unowned self] preedit in
                self.setComposing(preedit.map { $0.cast(to: CChar.self).pointee != 0 } ?? false)
            })
        bufferReplaced()
    }

    /// The widget is being destroyed: the text view drops its buffer next, and no new one must be
    /// made (or watched) for it.
    package func widgetGone() {
        ownerGone = true
        watcher.stop()
    }

    /// Disconnects from the text view and its buffer (the owner calls it before letting them go).
    package func stop() {
        preeditConnection?.disconnect()
        preeditConnection = nil
        watcher.stop()
    }

    /// The text view shows another buffer (its "buffer" property changed): watch that one.
    package func bufferReplaced() {
        guard !ownerGone else { return watcher.stop() }
        // GtkTextView's "buffer" property, as gtk_text_view_get_buffer: made on first use.
        let buffer = Property.object(textView, "buffer", type: parts.bufferType)?.cast(to: GObject.self)
        watcher.watch(buffer) { [unowned self] in
            self.update()
            self.delegate?.bufferContentChanged()
        }
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
