import CComposeWindowGspell
import CComposeWindowGtkSource
import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The compose window (laid out by Resources/compose-window.ui): header bar with Cancel and Send, a
/// PlaceholderTextView around a GtkSourceView (real undo/redo) with gspell, a counter, draft info bars.
@MainActor
final class ComposeWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let compose: PlaceholderTextView
    let sourceBuffer: UnsafeMutablePointer<GtkSourceBuffer>
    private let cancelButton: UnsafeMutablePointer<GtkWidget>
    let sendButton: UnsafeMutablePointer<GtkWidget>
    let laterButton: UnsafeMutablePointer<GtkWidget>
    let counterLabel: CounterLabel
    let infoBar: DraftInfoBar
    let options: ComposeOptions
    let initialText: String
    let counter: CountTracker
    let overflow: OverflowMarker
    let highlighter: Highlighter
    let threadRow: ThreadRow
    let autosave: DraftAutosave?
    let finish: @MainActor (ComposeApplication.Outcome) -> Void
    /// Where Send puts the post; the header bar's chooser changes it unless it is standard output.
    var target: PostTarget
    /// The Mastodon server: `--instance`, else the one given last time, else asked for.
    var mastodonServer: String?
    let preferences: Preferences?
    var chooser: TargetChooser?
    /// Send to a signed-in account: the post under way, or the one a network has not taken yet.
    var poster: Poster?
    /// The account Send posts with where a network has several: `--account`, or the menu's pick.
    var accountName: String?
    /// Send is disabled above it: the target's (or `--limit`).
    var limit: Int? { limit(for: target) }
    /// `--to mastodon,bluesky`: each further network with its own count (the first's is `counter`).
    var alsoTo: [(target: PostTarget, tracker: CountTracker)] = []

    /// Send is disabled above it for `network`: the Mastodon server's own limit for a signed-in
    /// account, unless --limit or --count says otherwise; else the network's.
    func limit(for network: PostTarget) -> Int? {
        if network == .mastodon, options.explicitLimit == nil, options.explicitCounting == nil,
            let serverLimit = serverRules?.maximumCharacters
        {
            return serverLimit
        }
        return options.limit(for: network)
    }

    /// How `network` is counted: the options' rule, with the signed-in Mastodon server's own URL
    /// weight unless --count names the rule.
    func countingRule(for network: PostTarget) -> CountingRule {
        let rule = options.counting(for: network)
        guard network == .mastodon, options.explicitCounting == nil else { return rule }
        return rule.counting(urlsAs: serverRules?.charactersPerURL)
    }

    /// The signed-in Mastodon account's server limit and URL weight, cached or just asked (ServerLimits).
    var serverRules: MastodonRules.Limits?
    var serverLimits: ServerLimits?
    private var timeout: MainLoopSource?
    private(set) var closed = false
    /// The window's own Retry, when a network asked to wait or may still be working on the post.
    var retryTimer: MainLoopSource?
    /// Undo Send's bar, once a second while its countdown is on.
    var undoTicker: MainLoopSource?
    /// Send later's time (`--at` or the dialog): Send schedules a new post for it.
    var scheduleAt: Int64?
    /// The draft a scheduled post moves to, held from Send until the process ends.
    var scheduledDraft: DraftLock?
    /// What to say of a scheduled post a server published at Send, ignoring its time (#61).
    var publishedEarly: String?
    /// The header bar's Drafts button and list (not with `--no-draft`).
    var draftsList: DraftsList?
    /// This window's outbox entry, once made (`outboxStore()`).
    var ownOutbox: OutboxStore?
    /// The images the post carries, in order, with their alt text.
    var images: [PostImage] = []
    /// What each attachment is (an image, or a video and its length), by path, once read on the
    /// image thread: a draft, `--attach` and a resumed post name files the window has not read.
    var attachmentKinds: [String: AttachedMedia] = [:]
    let imageStrip: AttachmentStrip
    let postOptionsRow: PostOptionsRow
    /// The link card Bluesky gets, under the text.
    let linkCards: LinkCardPreview
    /// What the text reads as (DetectedLanguages), read after a pause in typing; Auto sends it.
    var detectedLanguages: [String] = []
    var languagePause: MainLoopSource?
    /// Readings asked of the text thread, and the last one that came back (Send takes only the
    /// latest text's).
    var languageReadingsAsked = 0
    var languageReadingAnswered = 0
    /// The options a saved draft kept (its content warning is text the person wrote).
    var restoredOptions: PostOptions?
    /// What the content warning took of the limit when the overflow was last placed.
    var markedWarningUnits = 0
    let attachButton: UnsafeMutablePointer<GtkWidget>
    /// What the error bar says about the post, to show again when Discard… is not confirmed.
    var shownPostFailure: String?
    /// The same, without the retry it promised.
    var shownPostFailureWithoutRetry: String?
    /// A sign-in from the menu under way; Send waits for it.
    var signingIn: SignInRun?
    /// Discard…'s confirmation, or a sign-in's dialog, is open: a retry that falls due meanwhile
    /// (or while a sign-in runs) waits for the answer.
    var askingToDiscard = false
    /// The person answered, for this post, that its images without alt text may go without.
    var postsWithoutAlt = false
    var askingToSignIn = false
    var retryDue = false
    private var draftFailing = false
    /// A saved draft the initial text took precedence over: moved aside before the first autosave
    /// would replace it, so neither text is lost.
    var offeredDraftStore: DraftStore?
    /// The offered draft's images and options (what "Restore draft" brings back with its text).
    var offeredDraft: (images: [PostImage], options: PostOptions?)?

    /// Mentions as you type, one list per network (ComposeWindow+Mentions).
    var mentionCompletions: [MentionCompletion] = []
    /// Until the text has an "@" (setUpMentions).
    var mentionWatch: PlaceholderObservation?
    /// Bluesky accounts chosen from a list: DID by handle, for Send.
    var chosenMentions: [String: String] = [:]
    var mentionListShown = false

    /// `--reply-to`'s post, found before the window opened (found again through the server of an
    /// account chosen since).
    var replyParent: ReplyParent?
    /// The post being found through a newly chosen account's server; Send waits meanwhile.
    var findingReply: ReplySearch?
    /// The account whose server found `replyParent`.
    var replyAccount: String?
    /// The mentions the window put at the start of a Mastodon reply's text.
    var replyMentions: String?
    let replyHeader: UnsafeMutablePointer<GtkWidget>
    /// The post Send quotes (`--quote`, Quote a post…, a draft's, the outbox's), and its row.
    var quotedPost: QuotedPost?
    /// A quote is being found through its network: Send waits.
    var findingQuote = false
    /// Quote look-ups asked so far: only the latest one's answer is taken.
    var quoteLookups = 0
    let quoteRow: QuoteRow

    init(
        options: ComposeOptions, initialText: String, drafts: DraftStore?, replyingTo parent: ReplyParent? = nil,
        quoting quote: QuotedPost? = nil, finish: @escaping @MainActor (ComposeApplication.Outcome) -> Void
    ) {
        self.options = options
        quotedPost = quote
        scheduleAt = options.scheduledAt
        replyParent = parent
        self.initialText = initialText
        self.finish = finish
        // Scripts' standard output needs nothing remembered; every other target reads and keeps
        // the person's choices. A draft whose outbox entry holds a post (a scheduled post opened
        // with `--draft NAME` alone) needs its accounts, so that Discard, Post now and an edit
        // reach the server that keeps it (#61: Discard sent nothing and kept the post).
        let preferences = options.target == .stdout && !Self.outboxHoldsAPost(options) ? nil : Preferences()
        self.preferences = preferences
        accountName = options.accountName
        // From the desktop the window checks them (attachOpened), after the draft's own.
        images = options.fromDesktop ? [] : options.images
        target = options.target ?? preferences?.target ?? .clipboard
        mastodonServer = options.mastodonServer ?? preferences?.mastodonServer
        if let server = options.mastodonServer { preferences?.mastodonServer = server }
        let layout = ComposeLayout()
        window = layout.window
        // "Post to: Mastodon (mastodon.social)" needs room beside the title and the buttons.
        let width = target == .stdout || options.widthGiven ? options.width : max(options.width, 600)
        gtk_window_set_default_size(window.cast(), gint(width), gint(options.height))
        if let title = options.title { gtk_header_bar_set_title(layout.header.cast(), title) }

        compose = layout.compose
        if let placeholder = options.placeholder { compose.placeholder = placeholder }
        compose.font = options.font
        compose.placeholderTextColor = options.placeholderColor.flatMap(PlaceholderColor.init(parsing:))
        sourceBuffer = compose.buffer.cast()
        // A code editor's feature: in prose it is a search around the caret on every keystroke.
        gtk_source_buffer_set_highlight_matching_brackets(sourceBuffer, 0)
        cancelButton = layout.cancelButton
        sendButton = layout.sendButton
        laterButton = layout.laterButton
        counterLabel = CounterLabel(layout.counterLabel)
        imageStrip = AttachmentStrip(box: layout.imageStrip)
        attachButton = layout.attachButton
        postOptionsRow = PostOptionsRow(column: layout.column, around: layout.compose.widget)
        linkCards = LinkCardPreview(
            row: LinkCardRow(column: layout.column, after: layout.compose.widget),
            text: { [unowned compose] in compose.text })
        infoBar = DraftInfoBar(column: layout.column)
        let view = compose
        infoBar.returnFocus = { [weak view] in view.map { gtk_widget_grab_focus($0.textView.asWidget) } }
        autosave = drafts.map { DraftAutosave(store: $0, currentText: { [unowned view] in view.text }) }
        let counter = CountTracker(view: view, rule: options.counting(for: target))
        self.counter = counter
        overflow = OverflowMarker(
            textView: view.textView, rule: options.counting(for: target), limit: options.limit(for: target),
            slice: counter.slice, scalarAt: counter.scalar)
        highlighter = Highlighter(
            view: view, rule: options.counting(for: target), slice: counter.slice, scalarAt: counter.scalar)
        replyHeader = layout.replyHeader
        quoteRow = QuoteRow(column: layout.column, above: layout.compose.widget)
        threadRow = ThreadRow(threadCheck: layout.threadCheck, numberCheck: layout.numberCheck, textView: view.textView)
        threadRow.start(thread: options.thread, numbered: options.numberPosts)
        alsoTo = options.alsoTo.map { network in
            let tracker = CountTracker(view: view, rule: options.counting(for: network))
            return (network, tracker)
        }
        connectWindow()
        autosave?.currentImages = { [unowned self] in self.images }
        // With the Bluesky accounts chosen from a mention list: a restored draft posts them as chosen.
        autosave?.currentOptions = { [unowned self] text in
            var options = self.postOptionsRow.options.withMentions(chosen: self.chosenMentions, in: text)
            options.quote = self.quotedPost
            return options
        }
        autosave?.currentLength = { [unowned view] in Int(gtk_text_buffer_get_char_count(view.buffer)) }
        installActions()
        if target != .stdout { setUpChooser(layout) }
        if options.draftName != nil {
            let drafts = DraftsList(header: layout.header, ownDraft: options.draftName, preferences: preferences)
            drafts.onFailure = { [weak self] message in self?.infoBar.showSendFailure(message) }
            draftsList = drafts
        }
        setUpMentions()
        loadInitialText(drafts: drafts)
        setUpPostOptions()
        setUpQuote()
        showReply()
        resumeOutbox()
        showImages()
        attachOpened()

        counter.onChange = { [weak self] _ in self?.textChanged() }
        linkCards.textChanged()  // the text given, or the draft's
        detectLanguages()
        // An edit of the text, never a recount (another network, the server's limits).
        counter.onEdit = { [weak self] in if self?.poster != nil { self?.postEdited() } }
        for (_, tracker) in alsoTo { tracker.onChange = { [weak self] _ in self?.updateCounter() } }
        threadRow.onChange = { [weak self] in self?.updateCounter(textChanged: false) }
        // The counter counts the post the caret is in.
        Signal.onNotify(compose.buffer, "cursor-position") { [weak self] in
            self?.updateCounter(textChanged: false)
        }
        autosave?.onResult = { [weak self] failure in self?.draftSaved(failure) }
        updateCounter()
        if let seconds = options.timeoutSeconds {
            timeout = MainLoopSource.timeout(seconds: UInt32(clamping: seconds)) { [weak self] in
                self?.finish(.timedOut)
                return false
            }
        }
        gtk_widget_show_all(window)
        // Present, not just show: on Wayland it hands over the launcher's activation token
        // (xdg-activation), on X11 the startup-notification time, so the window gets the focus.
        gtk_window_present(window.cast())
        gtk_widget_grab_focus(compose.textView.asWidget)
        postOptionsRow.unselectWarning()
        afterFirstFrame { [weak self] in
            guard let self else { return }
            // The icon (for X11 task switchers: a theme look-up of every size, ~35 M instructions)
            // and the dictionary (enchant loading it) are not needed to see the window and type.
            gtk_window_set_icon_name(self.window.cast(), ComposeApplication.applicationID)
            SpellChecking.attach(
                to: self.compose.textView, language: self.options.spellLanguage, enabled: self.options.spellChecking)
            self.removeUnusedPastedImages()
        }
    }

    /// Runs `work` once, when the main loop is idle after the window's first frame.
    private func afterFirstFrame(_ work: @escaping @MainActor () -> Void) {
        var drawn: SignalConnection?
        drawn = Signal.connect(
            window, "draw", after: true,
            returning: { _ in
                drawn?.disconnect()
                drawn = nil
                _ = MainLoopSource.idle {
                    work()
                    return false
                }
                return false
            })
    }

    private func connectWindow() {
        Signal.connect(cancelButton, "clicked") { [weak self] in self?.cancel() }
        Signal.connect(sendButton, "clicked") { [weak self] in self?.send() }
        connectSendLater()
        Signal.connect(attachButton, "clicked") { [weak self] in self?.chooseImages() }
        KeyboardShortcuts.endUnhandledKeyReleases(at: compose.textView.asWidget)
        imageStrip.onOpen = { [weak self] index in self?.openImage(index) }
        setUpPaste()
        setUpDrop()
        Signal.connect(
            window, "delete-event",
            returning: { [weak self] _ in
                self?.cancel()
                return true  // we decide whether the window goes
            })
    }

    /// The keys run what the buttons run (the buttons' "clicked", connected in connectWindow).
    private func installActions() {
        let send: VoidHandler = { [weak self] in self?.send() }
        let cancel: VoidHandler = { [weak self] in self?.cancel() }
        let escape: VoidHandler = { [weak self] in self?.escape() }
        let attach: VoidHandler = { [weak self] in self?.chooseImages() }
        let warning: VoidHandler = { [weak self] in self?.postOptionsRow.toggleContentWarning() }
        let endPost: VoidHandler = { [weak self] in self?.insertThreadMarker() }
        let drafts: VoidHandler = { [weak self] in self?.draftsList?.open() }
        let later: VoidHandler = { [weak self] in self?.sendLater() }
        let preview: VoidHandler = { [weak self] in self?.showPreview() }
        let quote: VoidHandler = { [weak self] in self?.askForQuote() }
        let redo: VoidHandler = { [weak self] in
            guard let self, gtk_source_buffer_can_redo(self.sourceBuffer) != 0 else { return }
            gtk_source_buffer_redo(self.sourceBuffer)
        }
        KeyboardShortcuts.install(
            on: window,
            [
                ("<Control>Return", send), ("<Control>KP_Enter", send), ("Escape", escape), ("<Control>w", cancel),
                ("<Control>y", redo), ("<Control><Shift>a", attach), ("<Control><Shift>w", warning),
                ("<Control><Shift>Return", endPost), ("<Control><Shift>KP_Enter", endPost),
                ("<Control><Shift>d", drafts), ("<Control><Shift>l", later), ("<Control><Shift>p", preview),
                ("<Control><Shift>q", quote),
            ])
        infoBar.onDiscardDraft = { [weak self] in
            self?.autosave?.discard()
            self?.replaceText(with: "")
        }
        infoBar.onRestoreDraft = { [weak self] draft in self?.restore(draft) }
    }

    private func textChanged() {
        if let store = offeredDraftStore {
            offeredDraftStore = nil
            // On the writer's thread, before the autosave this edit asks for (it keeps their order).
            StateWriter.shared.write { () -> DraftStore.Failure? in
                do throws(DraftStore.Failure) { try store.keepAside() } catch { return error }
                return nil
            } then: { [weak self] failure in
                if let failure { self?.infoBar.showSaveFailure(failure) }
            }
        }
        updateCounter()
        autosave?.textChanged()
        linkCards.textChanged()
        detectLanguages()
    }

    /// Unchanged or empty text goes at once; anything else is never dropped silently.
    func cancel() {
        // Closing ends a sign-in under way (its listener, its requests): nothing outlives the window.
        signingIn?.stop()
        // Send to a network did not finish: the draft and the outbox keep the post (exit 4).
        if let plan = poster?.plan, !plan.isConfirmedEverywhere {
            if let time = DeliveryFollowUp.whenAWindowCloses(plan, now: Poster.now) {
                UserTimer.arm(draft: timerDraft, at: time, environment: SystemIO.environment) { _ in }
            }
            if poster?.session.countingDown == true {
                reportError(
                    localized(
                        "closed before the post left for {0}; it was not sent, and the outbox keeps it for the next start",
                        plan.accountNames.joined(separator: ", ")))
            }
            return finish(.notPosted(confirmedLinks: plan.links))
        }
        let text = compose.text
        guard !text.isEmpty, text != initialText else { return finish(.cancelled) }
        DiscardDialog.ask(
            parent: window.cast(), offersDraft: autosave != nil, secondary: localized("What you wrote will be lost.")
        ) { [weak self] choice in
            guard let self, !self.closed else { return }
            switch choice {
            case .keepEditing: return
            case .saveDraft: self.finish(.cancelled)  // finishing saves the draft
            case .discard:
                self.autosave?.discard()
                self.finish(.cancelled)
            }
        }
    }

    func saveDraftNow() { autosave?.saveNow() }

    /// The draft removed (and the edit that would write it again cancelled).
    func discardDraft() { autosave?.discard() }

    /// The draft written now, whether or not the text was edited: a post is on its way.
    func keepDraftNow() { autosave?.saveNow(evenIfUnchanged: true) }

    /// The info bar says so in the window; a script's log gets one line per run of failures.
    private func draftSaved(_ failure: DraftStore.Failure?) {
        infoBar.showSaveFailure(failure)
        if let failure, !draftFailing {
            reportError(failure.description)
        }
        draftFailing = failure != nil
    }

    func close() {
        guard !closed else { return }
        closed = true
        signingIn?.stop()
        timeout?.cancel()
        retryTimer?.cancel()
        undoTicker?.cancel()
        autosave?.cancel()
        highlighter.cancel()
        gtk_widget_destroy(window)
    }
}
