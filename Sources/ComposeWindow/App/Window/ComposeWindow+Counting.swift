import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The counter under the text and what it decides: each network's count against its limit, the
/// overflow marked in the text, and whether Send may go.
extension ComposeWindow {
    /// `textChanged`: the text (or what it is counted against) may have changed, so a thread is
    /// split again; false when only the caret moved or a split came back.
    func updateCounter(textChanged: Bool = true) {
        let counted = counts
        let count = counted[0].1
        followWarning(count.extraUnits)
        if let thread = followThread(textChanged: textChanged) {
            // Each post fits by itself: nothing is marked as over, and the counter counts the post
            // the caret is in.
            overflow.update(editStart: 0, isOver: false)
            counterLabel.show(thread.counterLabel(caret: caretOffset), overLimit: !thread.canSend)
            gtk_widget_set_sensitive(
                sendButton, (thread.canSend && poster?.isRunning != true && !waitingForAccount).gboolean)
            return
        }
        let over = !count.fits(limit: limit)
        // By how much, in the window only: --measure prints the plain "287/280" scripts parse.
        var label =
            over
            ? localized("{0} · {1} over", count.label(limit: limit), String(count.displayed - limit!))
            : count.label(limit: limit)
        switch count.refusal {
        case .invalidCharacters?: label = localized("{0} · X refuses U+FFFE, U+FEFF and U+FFFF", label)
        case .tooManyBytes?: label = localized("{0} · over Bluesky’s 3,000 bytes", label)
        case nil: break
        }
        overflow.update(editStart: counter.lastEditStart, isOver: over || count.refusal == .tooManyBytes)
        let canSend = fitsEveryNetwork
        var overAnywhere = over || count.refusal != nil
        if !alsoTo.isEmpty {
            // Each network's own count: "Mastodon 12/500 · Bluesky 12/300".
            label = counted.map { network, counted in
                TargetChooser.name(of: network, server: nil) + " " + counted.label(limit: limit(for: network))
            }.joined(separator: " · ")
            overAnywhere = counted.contains { !$0.1.fits(limit: limit(for: $0.0)) || $0.1.refusal != nil }
        }
        counterLabel.show(label, overLimit: overAnywhere)
        gtk_widget_set_sensitive(sendButton, (canSend && poster?.isRunning != true && !waitingForAccount).gboolean)
    }

    /// Each network Send posts to, with its count (Mastodon's with the content warning).
    var counts: [(PostTarget, IncrementalCounter)] {
        ([(target, counter.counter)] + alsoTo.map { ($0.target, $0.tracker.counter) }).map { network, counted in
            var counted = counted
            counted.extraUnits = warningUnits(for: network)
            return (network, counted)
        }
    }

    /// Whether Send may go: the text fits every network it goes to.
    var fitsEveryNetwork: Bool { counts.allSatisfy { $0.1.canSend(limit: limit(for: $0.0)) } }
}
