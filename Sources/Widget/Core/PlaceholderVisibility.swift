import CPlaceholderGObject
import PlaceholderGObjectGlue

/// When the placeholder shows, the same for both toolkits: watches the text view's current buffer
/// ("changed", with its O(1) character count), its "buffer" property and its input method's preedit,
/// and tells the toolkit only when the answer changes, so typing the 2nd…Nth character touches no
/// label.
@MainActor
package final class PlaceholderVisibility {
    private let instance: UnsafeMutablePointer<GObject>
    private let textView: UnsafeMutablePointer<GObject>
    private let bufferType: GType
    private let watcher: BufferWatcher
    private let apply: @MainActor (Bool) -> Void
    private var connections: [SignalConnection] = []
    private var ownerGone = false

    /// The placeholder text; empty never shows.
    package var placeholder = "" { didSet { update() } }
    /// The app's manual override.
    package var hidesPlaceholder = false { didSet { update() } }
    /// Whether an input method is composing (preedit not yet in the buffer).
    package private(set) var isComposing = false
    /// Whether the placeholder is shown now.
    package private(set) var isShown = false
    /// Called when it appears (true) or disappears (false), after `apply`.
    package var onChange: (@MainActor (Bool) -> Void)?
    /// Called after every change of the current buffer's content.
    package var onTextChanged: (@MainActor () -> Void)?

    /// `apply` shows or hides the toolkit's label; `characterCount` is the toolkit's
    /// `gtk_text_buffer_get_char_count`.
    package init(
        instance: UnsafeMutablePointer<GObject>, textView: UnsafeMutablePointer<GObject>, bufferType: GType,
        characterCount: @escaping @MainActor (UnsafeMutablePointer<GObject>) -> Int32,
        apply: @escaping @MainActor (Bool) -> Void
    ) {
        self.instance = instance
        self.textView = textView
        self.bufferType = bufferType
        self.watcher = BufferWatcher(characterCount: characterCount)
        self.apply = apply
        connections.append(Signal.onNotify(textView, "buffer") { [weak self] in self?.watchBuffer() })
        connections.append(
            Signal.connect(
                textView, "preedit-changed",
                withArgument: { [weak self] preedit in
                    self?.setComposing(preedit.map { $0.cast(to: CChar.self).pointee != 0 } ?? false)
                }))
        watchBuffer()
    }

    /// The widget is being destroyed: the text view drops its buffer next, and no new one must be
    /// made (or watched) for it.
    package func widgetGone() {
        ownerGone = true
        watcher.stop()
    }

    /// Disconnects from the text view and its buffer (the owner calls it before letting them go).
    package func stop() {
        for connection in connections { connection.disconnect() }
        connections = []
        watcher.stop()
    }

    private func watchBuffer() {
        guard !ownerGone else { return watcher.stop() }
        // GtkTextView's "buffer" property, as gtk_text_view_get_buffer: made on first use.
        let buffer = Property.object(textView, "buffer", type: bufferType)?.cast(to: GObject.self)
        watcher.watch(buffer) { [weak self] in
            guard let self else { return }
            self.update()
            self.onTextChanged?()
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
            bufferIsEmpty: watcher.isEmpty)
        guard shouldShow != isShown else { return }
        isShown = shouldShow
        apply(shouldShow)
        PlaceholderType.notify(instance, .placeholderVisible)
        onChange?(shouldShow)
    }
}
