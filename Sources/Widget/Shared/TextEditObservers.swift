import PlaceholderCore

// One source compiled into both widget modules (see PlaceholderTextView+API.swift).

extension PlaceholderTextView {
    /// One edit of the text, as an observer sees it once it is done: at `offset` (in characters),
    /// `removed` was taken out and `insertedCount` characters put in. Replacing a selection is two
    /// edits, as GtkTextBuffer makes it.
    public struct TextEdit: Equatable, Sendable {
        /// Where the edit happened, in characters from the start of the text.
        public let offset: Int
        /// The text it removed (empty for an insertion).
        public let removed: String
        /// How many characters it inserted (0 for a deletion).
        public let insertedCount: Int

        /// An edit at `offset`.
        public init(offset: Int, removed: String, insertedCount: Int) {
            (self.offset, self.removed, self.insertedCount) = (offset, removed, insertedCount)
        }
    }
}

/// What `observeText` and `observePlaceholderVisibility` return: the observer is called until
/// `cancel()`, or until this token goes.
@MainActor
public final class PlaceholderObservation {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) { self.onCancel = onCancel }

    /// Ends the observation; safe twice, and after the view is gone.
    public func cancel() {
        let end = onCancel
        onCancel = nil
        end?()
    }

    isolated deinit { cancel() }
}

/// The text observers: connected to the text view's current buffer only while there is one, so a
/// view nobody observes pays nothing. The removed text is read before a deletion (O(its length)),
/// an insertion's length from the inserted bytes.
@MainActor
final class TextEditObservers {
    private let textView: UnsafeMutablePointer<GtkTextView>
    private let observers = ObserverList<PlaceholderTextView.TextEdit>()
    private var viewConnection: SignalConnection?
    private var bufferConnections: [SignalConnection] = []
    private var pendingDeletion: (offset: Int, removed: String)?
    private var widgetIsGone: Bool

    /// The text view outlives this object (the view's core holds it). Made for the first observer:
    /// a view nobody observes carries none of this.
    init(textView: UnsafeMutablePointer<GtkTextView>, widgetIsGone: Bool) {
        self.textView = textView
        self.widgetIsGone = widgetIsGone
    }

    isolated deinit { stop() }

    func add(_ handler: @escaping @MainActor (PlaceholderTextView.TextEdit) -> Void) -> PlaceholderObservation {
        if observers.isEmpty && !widgetIsGone { start() }
        let id = observers.add(handler)
        return PlaceholderObservation { [weak self] in
            guard let self else { return }
            self.observers.remove(id)
            if self.observers.isEmpty { self.stop() }
        }
    }

    /// The widget is on its way out: its text view is about to let its buffer go.
    func widgetGone() {
        widgetIsGone = true
        stop()
    }

    private func start() {
        viewConnection = Signal.onNotify(textView, "buffer") { [weak self] in self?.watchBuffer() }
        watchBuffer()
    }

    private func stop() {
        viewConnection?.disconnect()
        viewConnection = nil
        stopWatchingBuffer()
    }

    private func stopWatchingBuffer() {
        for connection in bufferConnections { connection.disconnect() }
        bufferConnections = []
        pendingDeletion = nil
    }

    private func watchBuffer() {
        stopWatchingBuffer()
        guard !widgetIsGone, let buffer = gtk_text_view_get_buffer(textView) else { return }
        bufferConnections = [
            Signal.connect(
                buffer, "delete-range",
                withTwoArguments: { [weak self] start, end in
                    guard let start, let end else { return }
                    let (from, to) = (start.cast(to: GtkTextIter.self), end.cast(to: GtkTextIter.self))
                    let removed = takeGString(gtk_text_iter_get_slice(from, to)) ?? ""
                    self?.pendingDeletion = (Int(gtk_text_iter_get_offset(from)), removed)
                }),
            Signal.connect(
                buffer, "delete-range", after: true,
                withTwoArguments: { [weak self] _, _ in
                    guard let self, let deletion = self.pendingDeletion else { return }
                    self.pendingDeletion = nil
                    self.observers.notify(.init(offset: deletion.offset, removed: deletion.removed, insertedCount: 0))
                }),
            // After the default handler: the location has moved past the inserted text.
            Signal.connect(
                buffer, "insert-text", after: true,
                withPointersAndInt: { [weak self] location, text, length in
                    guard let self, let location, let text else { return }
                    let inserted = Int(g_utf8_strlen(text.cast(to: CChar.self), gssize(length)))
                    let end = Int(gtk_text_iter_get_offset(location.cast(to: GtkTextIter.self)))
                    self.observers.notify(.init(offset: end - inserted, removed: "", insertedCount: inserted))
                }),
        ]
    }
}
