import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Send to a signed-in Mastodon or Bluesky account: through the network's API, exactly once (the
/// outbox and its keys, Poster), the window kept with the text and an error bar until the network
/// has the post.
extension ComposeWindow {
    /// The signed-in account Send posts with for the target; nil: the browser handoff.
    var postingAccount: PostingAccount? {
        AccountChoice.account(for: target, preferred: accountName, among: preferences?.accounts ?? [])
    }

    /// Counts as the Mastodon server does (its own limit and URL weight) when Send posts to an
    /// account there: the cached figures at once, the server's answer when it comes.
    func followServerLimits() {
        guard let account = postingAccount(on: .mastodon) else {
            serverLimits = nil
            return rulesChanged(nil)
        }
        // Already following this server's.
        if serverLimits?.host == account.host { return rulesChanged(serverRules) }
        let limits = ServerLimits(host: account.host)
        serverLimits = limits
        let cached = limits.current { [weak self] fresh in
            guard let self, self.serverLimits === limits else { return }
            self.rulesChanged(fresh)
        }
        rulesChanged(cached)
    }

    /// The server's figures (nil: the network's own) for the counter, the overflow and Send.
    private func rulesChanged(_ rules: MastodonRules.Limits?) {
        serverRules = rules
        let rule = countingRule(for: target)
        if counter.counter.rule != rule { counter.recount(by: rule) }
        highlighter.follow(rule)
        overflow.reconfigure(rule: rule, limit: textLimit)
        updateCounter()
        // Whether the server takes quotes changes what the options row says of it.
        if postOptionsRow.onChange != nil { fitPostOptions() }  // once the row is set up
    }

    /// This window's outbox entry: its draft's, or, with `--no-draft`, one of this run's own.
    func outboxStore() throws(StateFile.Failure) -> OutboxStore {
        if let ownOutbox { return ownOutbox }
        let made =
            if let draftName = options.draftName {
                try OutboxStore(draftName: draftName, environment: SystemIO.environment)
            } else {
                try OutboxStore(runOf: getpid(), at: Poster.now, environment: SystemIO.environment)
            }
        ownOutbox = made
        return made
    }

    /// Send while a post is in the outbox: that post again with its keys, or, where no network may
    /// have it unsaid, the edited text (PostingSession decides). Each network goes on with the
    /// account chosen in this window, else the one the post was started with (PostingPlan).
    func continuePosting(parts: [PostingAccount.Network: [String]]) {
        guard let plan = poster?.plan else { return }
        let known = preferences?.accounts ?? []
        var chosen: [PostingAccount] = []
        for network in plan.networks {
            guard let account = plan.continuingAccount(on: network, chosen: accountName, among: known) else {
                return postFailed(
                    [
                        localized(
                            "{0} is not signed in: sign in to it again, or choose another account.",
                            plan.startedWith(on: network) ?? network.rawValue)
                    ], retryAt: nil)
            }
            chosen.append(account)
        }
        run(to: chosen, parts: parts)
    }

    /// `--to mastodon,bluesky`: every network needs a signed-in account; each then gets the post
    /// on its own.
    func postEverywhere(parts: [PostingAccount.Network: [String]]) {
        let accounts = preferences?.accounts ?? []
        var chosen: [PostingAccount] = []
        for network in [target] + alsoTo.map(\.target) {
            guard let account = AccountChoice.account(for: network, preferred: accountName, among: accounts) else {
                let name = TargetChooser.name(of: network, server: nil)
                return postFailed(
                    [localized("{0}: no account is signed in (compose-window --sign-in {1}).", name, network.rawValue)],
                    retryAt: nil)
            }
            chosen.append(account)
        }
        run(to: chosen, parts: parts)
    }

    /// A new post to `accounts`; `parts`: each network's thread, where the text is one.
    func run(to accounts: [PostingAccount], parts: [PostingAccount.Network: [String]]) {
        if poster?.plan == nil, askAboutMissingAlt(then: { [weak self] in self?.run(to: accounts, parts: parts) }) {
            return
        }
        if poster == nil {
            // Send later: the post goes to a draft of its own first, so this one stays free. A
            // time that passed before Send is no schedule: the post goes now, from this draft.
            if let time = scheduleAt, time > Poster.now, scheduledDraft == nil {
                return claimScheduledDraft(for: time) { [weak self] in self?.run(to: accounts, parts: parts) }
            }
            let store: OutboxStore
            do throws(StateFile.Failure) {
                store =
                    if let scheduledDraft {
                        try OutboxStore(draftName: scheduledDraft.name, environment: SystemIO.environment)
                    } else {
                        try outboxStore()
                    }
            } catch {
                return postFailed([error.description], retryAt: nil)
            }
            poster = Poster(session: PostingSession(), store: store)
        }
        guard let poster else { return }
        retryTimer?.cancel()
        retryTimer = nil
        keepDraftNow()
        poster.mastodonImageLimits = serverRules?.images ?? .mastodonDefault
        poster.mastodonVideoLimits =
            serverRules?.videos ?? .mastodon(sizeLimit: nil, matrixLimit: nil, frameRateLimit: nil)
        let result = poster.send(
            compose.text, images: images, options: postOptions, parts: parts, replyTo: replyParent, to: accounts,
            known: preferences?.accounts ?? accounts,
            undoSeconds: scheduledDraft != nil
                ? 0
                : UndoSend.seconds(
                    setting: preferences?.undoSendSeconds, fromDesktop: options.fromDesktop, noDelay: options.noDelay),
            scheduledAt: scheduledDraft != nil ? scheduleAt : nil,
            serverKeepsTime: preferences?.mastodonKeepsScheduled ?? true
        ) {
            [weak self] outcome in
            guard let self else { return }
            self.showEditability()
            self.updateCounter()
            switch outcome {
            case .posted(let links):
                // A scheduled post is out: its own draft and timer go too.
                self.removeScheduledDraft()
                self.publishedEarly = poster.plan.flatMap(Self.publishedEarlyWords)
                self.finish(.posted(links, outbox: poster.store))
            case .failed(let lines, let retryAt):
                self.armTimerWhileScheduled()
                self.postFailed(
                    lines, retryAt: retryAt ?? poster.plan.flatMap { DeliveryFollowUp.windowRetry($0, now: Poster.now) }
                )
            case .countingDown(let until): self.countDown(until: until)
            case .scheduled(let at): self.scheduled(at: at)
            case .withdrawn(let links): self.withdrawn(links)
            }
        }
        let names = (poster.plan?.accountNames ?? accounts.map(\.name)).joined(separator: ", ")
        poster.onProgress = { [weak self, weak poster] words in
            guard let self, let poster, poster.isRunning else { return }
            self.infoBar.showPosting(words ?? localized("Posting to {0}…", names))
        }
        poster.onVideoProgress = { [weak self, weak poster] done, words in
            guard let self, let poster, poster.isRunning else { return }
            self.infoBar.showPreparing(words, done: done) { [weak poster] in poster?.stopPreparing() }
        }
        switch result {
        case .run:
            if poster.isRunning { infoBar.showPosting(localized("Posting to {0}…", names)) }
            if let plan = poster.plan, let time = DeliveryFollowUp.beforeAWindowsRun(plan, now: Poster.now) {
                // A scheduled post due: its timer takes it a minute on should this window be killed.
                UserTimer.arm(
                    draft: timerDraft, at: time, environment: SystemIO.environment
                ) { _ in }
            }
        case .stillPosting: infoBar.showPosting(localized("Posting to {0}…", names))
        case .alreadyPosted(let links): return finish(.posted(links, outbox: poster.store))
        case .cannotAnswer(let names): cannotAnswer(names)
        }
        showEditability()
        updateCounter()
    }

    /// The text can be edited unless a run is on its way or a network may have the post unsaid.
    func showEditability() {
        gtk_text_view_set_editable(compose.textView, (poster?.session.textIsEditable ?? true).gboolean)
        quoteRow.setEditable(poster?.session.textIsEditable ?? true)
        showImages()
    }

    /// The window stays with the text; the draft is written now and the outbox keeps the post.
    func postFailed(_ lines: [String], retryAt: Int64?) {
        keepDraftNow()
        showPostFailure(lines.joined(separator: "\n"), retryAt: retryAt)
        reportError(
            localized(
                "{0} did not take the post; the window, the draft and the outbox keep it",
                (poster?.plan?.accountNames ?? []).joined(separator: ", ")))
    }

    /// The error bar: what happened, Retry, Discard…, and Open in browser while no network has the
    /// post or may have it (the browser would post it a second time). When a network asked to wait,
    /// or may still be working on it, the window says until when and retries by itself then.
    func showPostFailure(_ message: String, retryAt: Int64?) {
        var text = message
        if poster?.session.textIsEditable == false {
            text += "\n" + localized("Until that is known, the text stays as it was sent; Discard… abandons the post.")
        }
        shownPostFailureWithoutRetry = text
        if let retryAt {
            text += "\n" + localized("compose-window tries again at {0}.", TimeWords.clock(retryAt))
            retryTimer = MainLoopSource.timeout(until: Int64(retryAt)) { [weak self] in
                guard let self else { return false }
                self.retryTimer = nil
                // The person is deciding whether to abandon the post, or signing in: it goes after.
                self.retryDue = true
                self.retryIfDue()
                return false
            }
        }
        shownPostFailure = text
        showPostFailureBar(text)
    }

    /// The error bar with `text` and the buttons the post's state allows.
    func showPostFailureBar(_ text: String) {
        let out = poster?.plan.map { !$0.links.isEmpty || $0.mayHaveBeenSentSomewhere } ?? false
        let openInBrowser: (@MainActor () -> Void)? = { [weak self] in
            guard let self else { return }
            // The account's own server's compose page.
            if self.target == .mastodon, let account = self.postingAccount { self.mastodonServer = account.host }
            self.handOff(self.compose.text)
        }
        if poster?.session.parentIsGone == true {
            infoBar.showParentGone(
                text, postWithout: { [weak self] in self?.postWithoutParent() },
                discard: { [weak self] in self?.discardPost() })
        } else if let undecided = poster?.session.undecided, !undecided.isEmpty {
            let isThere: (@MainActor () -> Void)? = { [weak self] in self?.personSays(isThere: true) }
            infoBar.showUndecided(
                text, isThere: undecided.contains { $0.link != nil } ? isThere : nil,
                postIt: { [weak self] in self?.personSays(isThere: false) },
                discard: { [weak self] in self?.discardPost() })
        } else {
            infoBar.showPostFailure(
                text, retry: { [weak self] in self?.send() }, discard: { [weak self] in self?.discardPost() },
                openInBrowser: out || replyNetwork != nil ? nil : openInBrowser)
        }
        showEditability()
    }

    /// The person changed the post: a retry the bar promised is called off, and the bar says that
    /// Send posts the new text (PostingSession.promisedRetryMayGo).
    func postEdited() {
        poster?.edited()
        guard retryTimer != nil || retryDue, let base = shownPostFailureWithoutRetry else { return }
        retryTimer?.cancel()
        retryTimer = nil
        retryDue = false
        let text =
            base + "\n" + localized("You edited the post, so it is not retried by itself: Send posts it as it is now.")
        shownPostFailure = text
        showPostFailureBar(text)
    }

    /// The person chose to post it though what it answers was deleted: recorded, then it goes.
    private func postWithoutParent() {
        poster?.postWithoutParent()
        gtk_widget_hide(replyHeader)  // it answers nothing now: the window no longer says it does
        send()
    }

    /// The person's answer to a look-up that could not tell: recorded, then posting goes on.
    private func personSays(isThere: Bool) {
        poster?.personSays(isThere: isThere)
        send()
    }

    /// The retry the window promised ("tries again at …"), once nothing holds it: not while the
    /// person decides whether to abandon the post, or signs in.
    func retryIfDue() {
        guard retryDue, !askingToDiscard, !askingToSignIn, !waitingForAccount, !closed else { return }
        guard poster?.session.promisedRetryMayGo ?? true else {
            retryDue = false
            return
        }
        retryDue = false
        send()
    }

    /// Discard…: confirmed (saying where the post may already be), the post is abandoned: its
    /// outbox entry and draft go, and the window closes (exit 1).
    func discardPost() {
        guard let poster else { return }
        let secondary: String
        switch poster.session.discardWarning {
        case .stillPosting: return gtk_widget_error_bell(window)
        case .nothingSent: secondary = localized("What you wrote will be lost.")
        case .mayBeOn(let accounts):
            secondary = localized(
                "It may already be on {0}: discarding does not remove it there.", accounts.joined(separator: ", "))
        case .isOn(let links):
            secondary = localized("It is already at {0}: only the rest is abandoned.", links.joined(separator: " "))
        case .keptBy(let accounts):
            secondary = localized(
                "{0} keeps it for its time: it is withdrawn there first.", accounts.joined(separator: ", "))
        }
        askingToDiscard = true
        DiscardDialog.ask(parent: window.cast(), offersDraft: false, secondary: secondary) { [weak self] choice in
            guard let self, !self.closed else { return }
            self.askingToDiscard = false
            let retryDue = self.retryDue
            self.retryDue = false
            guard choice == .discard else {
                // Kept: the bar (answered by the button) comes back, with Retry; a retry that fell
                // due meanwhile goes now.
                if let shownPostFailure = self.shownPostFailure { self.showPostFailureBar(shownPostFailure) }
                self.retryDue = retryDue
                self.retryIfDue()
                return
            }
            self.retryTimer?.cancel()
            if poster.plan?.isKeptByAServer == true { return self.withdrawAndDiscard() }
            poster.forget()
            self.forgetTimers()
            self.discardDraft()
            self.finish(.cancelled)
        }
    }
}
