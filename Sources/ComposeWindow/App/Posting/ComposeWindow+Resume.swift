import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A post the outbox kept from an earlier run: shown with what is known of it, so that Send is the
/// safe retry (Poster and PostingSession decide what it sends).
extension ComposeWindow {
    /// An outbox entry holding what compose-window never writes (a file edited, truncated or made
    /// by hand): one line, and the entry moved aside, never half trusted nor sent.
    private func setAsideUnreadable(_ store: OutboxStore) {
        do throws(StateFile.Failure) {
            let name = try store.setAsideUnreadable(at: Poster.now, processID: getpid())
            reportError(
                localized(
                    "the outbox entry {0} holds values compose-window never writes; it was set aside as {1}",
                    store.path, name))
        } catch {
            reportError(error.description)
        }
    }

    /// Whether the window's draft has an outbox entry to resume: a post through an account, which
    /// needs the accounts whatever the window's target.
    static func outboxHoldsAPost(_ options: ComposeOptions) -> Bool {
        guard let name = options.draftName else { return false }
        return (try? OutboxStore(draftName: name, environment: SystemIO.environment))?.exists == true
    }

    /// A post left in the outbox by a process that ended before every network had it (a crash, a
    /// kill, a closed window): the window shows it with what is known, and Send is the safe retry.
    /// Only the draft's own post, and only for a window without a text of its own (or with the same
    /// text): a different text sets it aside for a later start. A start without text (and without
    /// a draft in progress) takes over a post some run left behind. A `--no-draft` run never shows one.
    func resumeOutbox() {
        guard options.draftName != nil, let store = try? outboxStore() else { return }
        var saved = try? store.load()
        if OutboxStore.takesOverLeftBehind(
            ownEntryExists: saved != nil, initialText: initialText, shownText: compose.text)
        {
            let isRunning: (Int32) -> Bool = { kill($0, 0) == 0 || errno == EPERM }
            if let name = store.strandedEntries(isRunning: isRunning).first, (try? store.adopt(name)) == true {
                saved = try? store.load()
            }
        }
        guard let saved else { return }
        let file = try? JSONText.value(of: saved)
        if let file, PostingPlan.isFromANewerVersion(file) {
            return reportError(
                localized("the outbox entry {0} was written by a newer compose-window; it is left as it is", store.path)
            )
        }
        guard var plan = file.flatMap(PostingPlan.init(file:)) else { return setAsideUnreadable(store) }
        plan.forgetPreparedImages(outside: store.forPost(plan).mediaFolder ?? "")
        if OutboxStore.claim(outboxText: plan.text, initialText: initialText) == .setAside {
            do throws(StateFile.Failure) {
                try store.setAside(at: Poster.now, processID: getpid())
                return reportError(
                    localized(
                        "a post not yet sent to {0} was set aside; compose-window offers it when started without text",
                        plan.accountNames.joined(separator: ", ")))
            } catch {
                reportError(error.description)  // then shown here rather than lost under this window's post
            }
        }
        if plan.isConfirmedEverywhere { return alreadyPosted(plan, outbox: store) }
        let session = PostingSession(plan: plan)
        poster = Poster(session: session, store: store)
        images = plan.images
        postOptionsRow.show(plan.options, asSent: true)
        linkCards.resume(with: plan.options.linkCard, text: plan.text)
        chosenMentions = plan.options.mentions
        quotedPost = plan.options.quote
        quoteRow.show(quotedPost)
        if replyParent == nil, let header = plan.replyHeader {
            showReplyHeader(author: header.author, header.firstLine)
        }
        if plan.replyNetwork != nil {
            // The menu was made before the outbox was read: now it offers only what can answer.
            limitTargetsToReply()
            refreshAccounts()
        }
        let shown = compose.text
        if let text = session.resumedText(draft: shown.isEmpty ? nil : shown), text != shown {
            // The window shows the post as it may have been sent; an edit made since is kept.
            if !shown.isEmpty { keepEditAsItsOwnDraft(shown, resumed: text) }
            compose.text = text
        }
        let names = plan.accountNames.joined(separator: ", ")
        // A thread: the window shows it as one (its posts tinted, the counter on the post typed).
        if !plan.parts.isEmpty { threadRow.start(thread: true, numbered: threadRow.isNumbered) }
        if let time = session.scheduledFor(now: Poster.now) { return showScheduled(at: time) }
        if DeliveryFollowUp.isDueWhenAWindowOpens(plan, now: Poster.now) {
            // Its time passed unposted: this window holds it now, so it posts it, once built.
            retryDue = true
            _ = MainLoopSource.idle { [weak self] in
                self?.retryIfDue()
                return false
            }
        }
        let progress = plan.threadProgress
        if !progress.isEmpty {
            // A thread: where each network got to; Send checks what may be out and posts the rest.
            return showPostFailure(
                (progress + [localized("Send posts the rest, each post once.")]).joined(separator: "\n"),
                retryAt: nil)
        }
        if plan.wasTakenBackUnsent {
            return showPostFailure(
                localized(
                    "The window was closed before this post left for {0}, so it was not sent. Send posts it.", names),
                retryAt: nil)
        }
        showPostFailure(
            plan.mayHaveBeenSentSomewhere
                ? localized(
                    "This post may have been sent to {0}: compose-window stopped before the network answered. Send checks first and will not post it twice.",
                    names)
                : localized("This post was not sent to {0}. Send to try again.", names), retryAt: nil)
    }

    /// An edit the draft holds that differs from the post as it may have been sent (made in a
    /// window killed before Send, while `--deliver` sent the post): saved as a draft of its own,
    /// never under a name a draft or an outbox entry holds, and said in the bar.
    private func keepEditAsItsOwnDraft(_ text: String, resumed: String) {
        let environment = SystemIO.environment
        let ownDraft = options.draftName
        let wanted = (ownDraft ?? "draft") + "-edit"
        StateWriter.shared.write { () -> Result<String, StateFile.Failure> in
            do throws(StateFile.Failure) {
                let lock = try DraftLock.claimUnused(wanted, environment: environment)
                try DraftStore(name: lock.name, environment: environment).save(text)
                // The window's draft says what it shows now, so the next window keeps it once.
                if let ownDraft { try DraftStore(name: ownDraft, environment: environment).save(resumed) }
                return .success(lock.name)
            } catch {
                return .failure(error)
            }
        } then: { [weak self] result in
            switch result {
            case .success(let name):
                let words = localized("Your edit, made after this post left, is kept as the draft {0}.", name)
                reportError(words)
                // A run under way owns the bar (the line above says it).
                guard let self, !self.closed, self.poster?.isRunning != true else { return }
                // Under what the bar says of the post, its buttons kept.
                if let shown = self.shownPostFailure {
                    self.shownPostFailure = shown + "\n" + words
                    self.showPostFailureBar(shown + "\n" + words)
                } else {
                    self.infoBar.showNotice(words)
                }
            case .failure(let failure): reportError(failure.description)
            }
        }
    }

    /// Every network had the post before the process ended (between the answer and the draft's
    /// removal): the text it still shows is not offered to Send again, and the person is told where
    /// the post is.
    private func alreadyPosted(_ plan: PostingPlan, outbox: OutboxStore) {
        if compose.text == plan.text {
            compose.text = ""
            discardDraft()
        }
        do { try outbox.forPost(plan).remove() } catch { reportError(error.description) }
        infoBar.showAlreadyPosted(
            localized(
                "This post is already on {0}: {1}", plan.accountNames.joined(separator: ", "),
                plan.links.joined(separator: " ")),
            open: { [weak self] in
                guard let self, let link = plan.links.first else { return }
                try? BrowserHandoff.open(link, from: self.window.cast())
            })
    }
}
