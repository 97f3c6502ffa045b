import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Undo Send: after Send the post waits in the outbox (PostingSession holds it, nothing of it
/// leaving) while the bar counts down with Undo; at the end the window sends it on.
extension ComposeWindow {
    /// The countdown to `deadline` (seconds since the epoch): the bar says how long is left each
    /// second, and the post goes at the deadline, to the millisecond (as a promised retry does).
    func countDown(until deadline: Int64) {
        showEditability()
        updateCounter()
        undoTicker?.cancel()
        showCountdown(deadline)
        undoTicker = MainLoopSource.timeout(milliseconds: 1_000) { [weak self] in
            guard let self, self.poster?.session.countingDown == true else { return false }
            self.showCountdown(deadline)
            return true
        }
        retryTimer?.cancel()
        retryTimer = MainLoopSource.timeout(until: deadline) { [weak self] in
            guard let self else { return false }
            self.retryTimer = nil
            self.stopCountdown()
            self.retryDue = true
            self.retryIfDue()
            return false
        }
    }

    private func showCountdown(_ deadline: Int64) {
        let left = deadline - Poster.now
        infoBar.showCountdown(UndoSend.countdownWords(secondsLeft: left)) { [weak self] in self?.undoSend() }
    }

    private func stopCountdown() {
        undoTicker?.cancel()
        undoTicker = nil
    }

    /// Undo: the post is taken back (its outbox entry goes) and the window is as it was before
    /// Send, the text editable again; too late (something has left), the bell rings and the post
    /// goes on.
    func undoSend() {
        guard let poster else { return }
        guard poster.undoSend() else {
            gtk_widget_error_bell(window)
            return
        }
        retryTimer?.cancel()
        retryTimer = nil
        retryDue = false
        stopCountdown()
        infoBar.dismiss()
        showEditability()
        updateCounter()
        gtk_widget_grab_focus(compose.textView.asWidget)
    }
}
