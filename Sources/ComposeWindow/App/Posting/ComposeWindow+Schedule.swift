import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Send later (`--at`, or the dialog): the post moves whole to a draft of its own
/// (`scheduled-20261206-0900`) and waits in the outbox for its time, when the systemd timer's
/// `--deliver` (or, without one, the first start after it) posts it; this window's draft is free
/// again. Opened later, the scheduled post can be edited, posted now, or discarded.
extension ComposeWindow {
    /// Claims the scheduled post's draft and writes the text there (on the state writer's thread),
    /// then `then` sends the post into its outbox entry.
    func claimScheduledDraft(for time: Int64, then: @escaping @MainActor () -> Void) {
        let environment = SystemIO.environment
        let wanted = ScheduleTime.draftName(for: time)
        let text = compose.text
        // Its images' list too, so the Drafts list counts them (the outbox entry holds the post).
        let imagesJSON = images.isEmpty ? nil : try? JSONText.text(of: PostImage.listJSON(images))
        infoBar.showPosting(localized("Scheduling…"))
        StateWriter.shared.write { () -> Result<DraftLock, StateFile.Failure> in
            do throws(StateFile.Failure) {
                let lock = try DraftLock.claimUnused(wanted, environment: environment)
                let draft = try DraftStore(name: lock.name, environment: environment)
                try draft.save(text)
                try draft.saveImages(imagesJSON)
                return .success(lock)
            } catch {
                return .failure(error)
            }
        } then: { [weak self] result in
            guard let self, !self.closed else { return }
            switch result {
            case .success(let lock):
                self.scheduledDraft = lock
                then()
            case .failure(let failure): self.postFailed([failure.description], retryAt: nil)
            }
        }
    }

    /// The draft whose timer posts this window's post: its scheduled draft, or its own.
    var timerDraft: String { scheduledDraft?.name ?? options.draftName ?? "" }

    /// The post waits in the outbox for `time`: the timer is armed and the window closes (exit 0,
    /// standard output empty). Without a systemd user manager, one line says the post goes at the
    /// first start of compose-window after its time.
    func scheduled(at time: Int64) {
        infoBar.showPosting(localized("Scheduling…"))
        UserTimer.arm(draft: timerDraft, at: time, environment: SystemIO.environment) { [weak self] failure in
            if let failure {
                reportError(
                    localized(
                        "no systemd timer ({0}): the post scheduled for {1} goes the first time compose-window starts after then",
                        failure, TimeWords.when(time, now: Poster.now)))
            }
            guard let self, !self.closed else { return }
            self.finish(.scheduled(keepDraft: self.scheduledDraft == nil))
        }
    }

    /// A server that ignored the time published the post at Send: said plainly, naming the time.
    static func publishedEarlyWords(_ plan: PostingPlan) -> String? {
        guard plan.publishedBeforeItsTime(now: Poster.now), let time = plan.heldUntil else { return nil }
        return localized(
            "{0} published the post at once, not at {1}: that server ignored the time it was scheduled for",
            plan.accountNames.joined(separator: ", "), TimeWords.when(time, now: Poster.now))
    }

    /// A scheduled post that did not settle at Send (its server refused it or did not answer):
    /// its timer is armed all the same, so that it goes at its time with the window closed.
    func armTimerWhileScheduled() {
        guard let plan = poster?.plan, plan.isScheduledForLater(now: Poster.now), let time = plan.heldUntil else {
            return
        }
        UserTimer.arm(draft: timerDraft, at: time, environment: SystemIO.environment) { _ in }
    }

    /// The scheduled post's draft (when it moved to one) and every timer of this window's post,
    /// once the post is out (before its outbox entry goes).
    func removeScheduledDraft() {
        forgetTimers()
        guard let name = scheduledDraft?.name else { return }
        let environment = SystemIO.environment
        StateWriter.shared.write {
            try? DraftStore(name: name, environment: environment).remove()
        } then: { _ in
        }
    }

    /// The timers of this window's post (posted, or discarded): nothing left to start.
    func forgetTimers() {
        let names = [scheduledDraft?.name, options.draftName].compactMap { $0 }
        let environment = SystemIO.environment
        StateWriter.shared.write {
            for name in names { DeliveryTimer.remove(draft: name, environment: environment) }
        } then: { _ in
        }
    }

    /// A scheduled post opened in a window: when it goes, with Post now and Discard…; Send keeps
    /// it scheduled, with the edit. At its time the window (which holds it, so `--deliver` leaves
    /// it alone) posts it, unless the person is editing it: then Send does.
    func showScheduled(at time: Int64) {
        let names = (poster?.plan?.accountNames ?? []).joined(separator: ", ")
        // The servers that keep it, by name (mastodon.social), not the accounts.
        let kept = (poster?.plan?.keptBy ?? []).map { String($0.split(separator: "@").last ?? "") }
        infoBar.showScheduled(
            kept.isEmpty
                ? localized(
                    "Scheduled for {0} on {1}. Edit it and Send to keep it scheduled with the changes.",
                    TimeWords.when(time, now: Poster.now), names)
                : localized(
                    "Scheduled for {0} on {1}; {2} keeps it, and posts it with this computer off. Edit it and Send to change it there.",
                    TimeWords.when(time, now: Poster.now), names, kept.joined(separator: ", ")),
            postNow: { [weak self] in self?.postNow() }, discard: { [weak self] in self?.discardPost() })
        retryTimer?.cancel()
        retryTimer = MainLoopSource.timeout(until: time) { [weak self] in
            guard let self else { return false }
            self.retryTimer = nil
            if self.poster?.session.promisedRetryMayGo == false {
                self.infoBar.showNotice(localized("It is time for this post: Send posts it, with your changes."))
            } else {
                self.retryDue = true
                self.retryIfDue()
            }
            return false
        }
    }

    /// Post now: the scheduled post goes at once, as Send would send it.
    func postNow() {
        guard poster?.session.scheduledFor(now: Poster.now) != nil, poster?.postNow() == true else {
            return gtk_widget_error_bell(window)
        }
        retryTimer?.cancel()
        retryTimer = nil
        send()
    }

    /// Discard of a post a server keeps: withdrawn there first (a run, with its bar), then
    /// abandoned as any post is. Too near its time, the server may be publishing it: it stays.
    func withdrawAndDiscard() {
        guard let poster, poster.withdraw() else {
            gtk_widget_error_bell(window)
            return infoBar.showSendFailure(localized("It is being posted now: it can no longer be withdrawn."))
        }
        send()
    }

    /// Withdrawn from every server that kept it: the post is abandoned (standard output has the
    /// link of a network that published it first, as after any post).
    func withdrawn(_ links: [String]) {
        guard let poster else { return }
        forgetTimers()
        if !links.isEmpty { return finish(.posted(links, outbox: poster.store)) }
        poster.forget()
        discardDraft()
        finish(.cancelled)
    }

    /// Whether the window says something other than the post that went (an edit too late for
    /// the server that kept it).
    var textDiffersFromPost: Bool { poster?.plan.map { $0.wasKeptByAServer && $0.text != compose.text } ?? false }

    /// Send later… beside Send, where Send goes to a network; it is as sensitive as Send.
    func connectSendLater() {
        atk_object_set_name(gtk_widget_get_accessible(laterButton), localized("Send later…"))
        Signal.connect(laterButton, "clicked") { [weak self] in self?.sendLater() }
        Signal.onNotify(sendButton, "sensitive") { [weak self] in
            guard let self else { return }
            gtk_widget_set_sensitive(self.laterButton, gtk_widget_get_sensitive(self.sendButton))
        }
        showScheduleChoice()
    }

    func showSendLater() {
        let network = target == .mastodon || target == .bluesky
        gtk_widget_set_visible(laterButton, (network && options.draftName != nil).gboolean)
    }

    /// Send later…: the dialog, then Send schedules the post for the time chosen. A post already
    /// in the outbox keeps its own time (its bar has Post now); without an account, the bar says
    /// why nothing can be scheduled.
    func sendLater() {
        if let poster, let time = poster.session.scheduledFor(now: Poster.now) {
            return moveScheduled(poster, from: time)
        }
        guard gtk_widget_get_sensitive(sendButton) != 0, poster?.plan == nil, !waitingForAccount else {
            return gtk_widget_error_bell(window)
        }
        guard alsoTo.isEmpty ? postingAccount != nil : true else {
            gtk_widget_error_bell(window)
            return infoBar.showSendFailure(
                localized(
                    "Only a post through a signed-in Mastodon or Bluesky account can be scheduled: sign in first."))
        }
        var postAtOnce: (@MainActor () -> Void)?
        if scheduleAt != nil {
            postAtOnce = { [weak self] in
                self?.scheduleAt = nil
                self?.showScheduleChoice()
            }
        }
        SendLaterDialog.ask(
            parent: window.cast(), suggested: scheduleAt ?? ScheduleTime.suggestion(now: Poster.now),
            postAtOnce: postAtOnce, preferences: sendsToMastodon ? preferences : nil
        ) { [weak self] time in
            guard let self, let time, !self.closed else { return }
            self.scheduleAt = time
            self.showScheduleChoice()
            self.send()
        }
    }

    /// Whether the post goes to a Mastodon account (which can keep a scheduled post itself).
    var sendsToMastodon: Bool { target == .mastodon || alsoTo.contains { $0.target == .mastodon } }

    /// Send later… on a scheduled post: another time; a server that keeps it moves it there.
    private func moveScheduled(_ poster: Poster, from time: Int64) {
        SendLaterDialog.ask(parent: window.cast(), suggested: time, postAtOnce: nil, preferences: nil) {
            [weak self, weak poster] chosen in
            guard let self, let poster, let chosen, !self.closed else { return }
            guard poster.reschedule(to: chosen) else {
                gtk_widget_error_bell(self.window)
                return self.infoBar.showSendFailure(localized("It is being posted now: it can no longer be withdrawn."))
            }
            self.send()
        }
    }

    /// Send's label says what it does: "Schedule" while the post has a time (its tooltip says which).
    func showScheduleChoice() {
        let label = scheduleAt == nil ? localized("_Send") : localized("_Schedule")
        gtk_button_set_label(sendButton.cast(), label)
        gtk_widget_set_tooltip_text(
            sendButton, scheduleAt.map { localized("Posts on {0}.", TimeWords.dayAndTime($0)) })
    }
}
