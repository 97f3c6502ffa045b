import ComposeWindowCore
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Send, by target: standard output (the application writes it), the clipboard, or the network's
/// compose page in the default browser; and the header bar's choice of target.
extension ComposeWindow {
    func setUpChooser(_ layout: ComposeLayout) {
        let chooser = TargetChooser(header: layout.header)
        chooser.onChoose = { [weak self] target in self?.choose(target) }
        chooser.onChangeServer = { [weak self] in
            self?.askServer { server in
                guard let self else { return }
                if server != nil {
                    if self.target != .mastodon { self.choose(.mastodon) }
                    self.showTarget()
                }
                gtk_widget_grab_focus(self.compose.textView.asWidget)
            }
        }
        self.chooser = chooser
        setUpAccountMenu()
    }

    /// The person chose `target` in the menu: remembered, counted by its network, shown.
    func choose(_ newTarget: PostTarget) {
        target = newTarget
        alsoTo = []  // one network from the menu
        preferences?.target = newTarget
        counter.recount(by: countingRule(for: newTarget))
        highlighter.follow(countingRule(for: newTarget))
        followServerLimits()
        showTarget()
        if newTarget == .mastodon && mastodonServer == nil && postingAccount == nil {
            askServer { [weak self] server in
                if server != nil { self?.showTarget() }
            }
        }
        // Back to writing: the menu button would otherwise keep the focus (and take letters as
        // mnemonics of the menu it opens).
        gtk_widget_grab_focus(compose.textView.asWidget)
    }

    /// The header bar says where Send goes: the network, and the account Send posts with (or,
    /// for a browser handoff to Mastodon, the server).
    func showTarget() {
        showImages()
        showSendLater()
        guard !alsoTo.isEmpty else {
            chooser?.show(target, server: mastodonServer, account: postingAccount?.name)
            return
        }
        let accounts = preferences?.accounts ?? []
        let names = ([target] + alsoTo.map(\.target)).map { network in
            TargetChooser.name(
                of: network, server: nil,
                account: AccountChoice.account(for: network, preferred: accountName, among: accounts)?.name)
        }
        chooser?.show(target, label: names.joined(separator: " + "))
    }

    /// Asks for the Mastodon server and remembers it; `then` gets it, or nil when the person
    /// cancels. Nothing runs once the window has closed.
    func askServer(then: @escaping @MainActor (String?) -> Void) {
        ServerDialog.ask(parent: window.cast(), current: mastodonServer) { [weak self] server in
            guard let self, !self.closed else { return }
            if let server {
                self.mastodonServer = server
                self.preferences?.mastodonServer = server
            }
            then(server)
        }
    }

    func send() {
        // Waiting for a sign-in (the bar says so; Send's button is off): the shortcut rings.
        guard !waitingForAccount else { return gtk_widget_error_bell(window) }
        // A post in the outbox: Send and Retry are about it (PostingSession decides what they do),
        // with its own posts while the text is the one it holds.
        if let plan = poster?.plan, compose.text == plan.text { return continuePosting(parts: plan.parts) }
        // A thread when the person chose one (each network's posts), none for one post whole; nil:
        // a post of the thread does not fit.
        let parts = threadParts(of: compose.text)
        guard let parts, fitsEveryNetwork || !parts.isEmpty else { return gtk_widget_error_bell(window) }
        if poster?.plan != nil { return continuePosting(parts: parts) }
        // A reply goes through an account of its network, or not at all (clipboard aside).
        if replyNetwork != nil, postingAccount == nil, target != .clipboard { return replyNeedsAnAccount() }
        // Never posted without the images the person sees: they go through an account or not at all.
        let throughAccount = !alsoTo.isEmpty || postingAccount != nil
        guard images.isEmpty || target.carriesImages(throughAccount: throughAccount) else {
            gtk_widget_error_bell(window)
            return infoBar.showSendFailure(
                localized(
                    "Images are posted only through a signed-in Mastodon or Bluesky account: sign in, or remove them."))
        }
        // A video goes alone (a draft from before videos may hold a GIF that now goes as one).
        let attached = images.map { attachmentKinds[$0.path]?.isVideo ?? false }
        guard attached.count < 2 || !attached.contains(true) else {
            gtk_widget_error_bell(window)
            return infoBar.showSendFailure(
                localized("A video goes alone in a post: remove the other attachments, or the video."))
        }
        // Nor without the quote, or open to replies the person closed.
        guard throughAccount || (quotedPost == nil && postOptionsRow.options.replyGate == .everyone) else {
            gtk_widget_error_bell(window)
            return infoBar.showSendFailure(
                localized(
                    "A quote, or who may reply, goes only through a signed-in Mastodon or Bluesky account: sign in, or remove it."
                ))
        }
        // Nor without the warning, the audience or the mark the person chose.
        guard throughAccount || !postOptionsRow.options.asksForMoreThanText(hasImages: !images.isEmpty) else {
            gtk_widget_error_bell(window)
            return infoBar.showSendFailure(
                localized(
                    "A content warning, a visibility or a sensitive mark goes only through a signed-in Mastodon or Bluesky account: sign in, or turn it off."
                ))
        }
        // A time for the post: it goes through an account, or not at all.
        if scheduleAt != nil, !throughAccount {
            gtk_widget_error_bell(window)
            return infoBar.showSendFailure(
                localized(
                    "Only a post through a signed-in Mastodon or Bluesky account can be scheduled: sign in first."))
        }
        let text = compose.text
        switch target {
        case .stdout: finish(.sent(text))
        case .clipboard: finish(.copied(text))
        case .x, .mastodon, .bluesky, .weibo:
            if !alsoTo.isEmpty { return postEverywhere(parts: parts) }
            if let account = postingAccount { return run(to: [account], parts: parts) }
            guard target == .mastodon && mastodonServer == nil else { return handOff(text) }
            askServer { [weak self] server in
                guard let self, server != nil else { return }
                self.showTarget()
                self.handOff(self.compose.text)
            }
        }
    }

    /// The network's compose page in the default browser, with the text.
    func handOff(_ text: String) {
        guard let link = target.composeURL(for: text, server: mastodonServer) else { return }
        // The desktop's default browser (the OpenURI portal inside a sandbox), never one by name.
        do throws(BrowserHandoff.Failure) {
            try BrowserHandoff.open(link, from: window.cast())
            poster?.forget()
            finish(.handedOff)
        } catch {
            handOffFailed(localized("The browser could not be opened: {0}", error.description))
        }
    }

    /// The window stays with the text and the draft is written now. Standard error gets a line
    /// without the text (GIO's message may quote the link, which holds the post).
    func handOffFailed(_ message: String) {
        infoBar.showSendFailure(message)
        saveDraftNow()
        reportError(
            localized(
                "could not hand the post over to {0}; the window and the draft keep it",
                TargetChooser.name(of: target, server: mastodonServer)))
    }
}
