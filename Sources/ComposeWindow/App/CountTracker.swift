import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Keeps an IncrementalCounter in step with a GtkTextBuffer: each insertion or deletion recounts
/// only a window around it (IncrementalCounter.window: a margin, grown to whole URLs and
/// mentions), so typing into a 1 MB text costs the same as typing into an empty one.
@MainActor
final class CountTracker {
    private(set) var counter: IncrementalCounter
    private let bufferReference: ObjectReference<GtkTextBuffer>
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { bufferReference.pointer }
    private var connections: [SignalConnection] = []
    private var pendingWindowStart: Int32 = 0
    private var pendingWindowBefore = ""
    private var pendingWindowEnd: Int32 = 0
    private var pendingCharacterCount: Int32 = 0
    /// Where the last edit started (what the overflow marking needs to know).
    private(set) var lastEditStart: Int32 = 0
    var onChange: (@MainActor (IncrementalCounter) -> Void)?

    init(buffer: UnsafeMutablePointer<GtkTextBuffer>, rule: CountingRule) {
        bufferReference = ObjectReference(buffer)  // outlives our handlers, so disconnecting is safe
        counter = IncrementalCounter(rule: rule)
        counter.reset(to: slice(0, gtk_text_buffer_get_char_count(buffer)))
        connections.append(
            Signal.connect(
                buffer, "insert-text",
                withPointersAndInt: { [weak self] location, _, _ in
                    guard let self, let location else { return }
                    let offset = gtk_text_iter_get_offset(location.cast(to: GtkTextIter.self))
                    self.remember(from: offset, to: offset)
                }))
        connections.append(
            Signal.connect(
                buffer, "insert-text", after: true,
                withPointersAndInt: { [weak self] _, _, _ in
                    self?.recount()
                }))
        connections.append(
            Signal.connect(
                buffer, "delete-range",
                withTwoArguments: { [weak self] start, end in
                    guard let self, let start, let end else { return }
                    self.remember(
                        from: gtk_text_iter_get_offset(start.cast(to: GtkTextIter.self)),
                        to: gtk_text_iter_get_offset(end.cast(to: GtkTextIter.self)))
                }))
        connections.append(
            Signal.connect(
                buffer, "delete-range", after: true,
                withTwoArguments: { [weak self] _, _ in
                    self?.recount()
                }))
    }

    isolated deinit {
        for connection in connections { connection.disconnect() }
    }

    /// Scalars fetched on each side of one looked for (prose: the nearest space; unspaced CJK: the margin).
    private static let chunkReach = 64

    /// Before an edit of [start, end): the window around it as it is now.
    private func remember(from start: Int32, to end: Int32) {
        pendingCharacterCount = gtk_text_buffer_get_char_count(buffer)
        lastEditStart = start
        // The edges are looked for a scalar at a time: fetch the text around them a chunk at a time.
        var chunkStart = 0
        var chunk: [Unicode.Scalar] = []
        let count = Int(pendingCharacterCount)
        let window = IncrementalCounter.window(
            rule: counter.rule, editStart: Int(start), editEnd: Int(end), count: count
        ) { offset in
            if offset < chunkStart || offset >= chunkStart + chunk.count {
                chunkStart = max(0, offset - Self.chunkReach)
                chunk = Array(slice(Int32(chunkStart), Int32(min(count, offset + Self.chunkReach))).unicodeScalars)
            }
            return chunk[offset - chunkStart]
        }
        pendingWindowStart = Int32(window.lowerBound)
        pendingWindowEnd = Int32(window.upperBound)
        // Typing in prose: the window lies in the chunk already fetched.
        if window.lowerBound >= chunkStart && window.upperBound <= chunkStart + chunk.count {
            let scalars = chunk[(window.lowerBound - chunkStart)..<(window.upperBound - chunkStart)]
            pendingWindowBefore = String(String.UnicodeScalarView(scalars))
        } else {
            pendingWindowBefore = slice(pendingWindowStart, pendingWindowEnd)
        }
    }

    /// After it: the same window, grown or shrunk by what the edit changed (O(1) character count).
    private func recount() {
        let count = gtk_text_buffer_get_char_count(buffer)
        let windowEnd = min(count, pendingWindowEnd + (count - pendingCharacterCount))
        counter.apply(windowBefore: pendingWindowBefore, windowAfter: slice(pendingWindowStart, windowEnd))
        pendingWindowBefore = ""
        updateStrippedEdges()
        onChange?(counter)
    }

    /// Counts the whole text again by `rule` (the person chose another network).
    func recount(by rule: CountingRule) {
        counter = IncrementalCounter.counting(slice(0, gtk_text_buffer_get_char_count(buffer)), rule: rule)
        onChange?(counter)
    }

    /// Mastodon does not count the white space it strips from both ends: the runs are read from the
    /// buffer's ends (empty in prose, so a character or two per edit).
    private func updateStrippedEdges() {
        guard counter.rule.stripsEdges else { return }
        var iterator = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iterator)
        var leading = String.UnicodeScalarView()
        while gtk_text_iter_is_end(&iterator) == 0, let scalar = Unicode.Scalar(gtk_text_iter_get_char(&iterator)),
            CountingRule.isStripped(scalar)
        {
            leading.append(scalar)
            gtk_text_iter_forward_char(&iterator)
        }
        var trailing = String.UnicodeScalarView()
        if gtk_text_iter_is_end(&iterator) == 0 {
            gtk_text_buffer_get_end_iter(buffer, &iterator)
            while gtk_text_iter_backward_char(&iterator) != 0,
                let scalar = Unicode.Scalar(gtk_text_iter_get_char(&iterator)), CountingRule.isStripped(scalar)
            {
                trailing.insert(scalar, at: trailing.startIndex)
            }
        }
        counter.setStrippedEdges(leading: String(leading), trailing: String(trailing))
    }

    /// The character at `offset` (the window's edges are looked for one character at a time).
    func scalar(_ offset: Int) -> Unicode.Scalar {
        var iterator = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iterator, gint(offset))
        return Unicode.Scalar(gtk_text_iter_get_char(&iterator)) ?? " "
    }

    func slice(_ start: Int32, _ end: Int32) -> String {
        var from = GtkTextIter()
        var to = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &from, start)
        gtk_text_buffer_get_iter_at_offset(buffer, &to, end)
        return takeGString(gtk_text_buffer_get_slice(buffer, &from, &to, 1)) ?? ""
    }
}
