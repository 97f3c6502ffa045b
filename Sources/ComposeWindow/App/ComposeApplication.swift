import ComposeWindowCore
import ComposeWindowGlue
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The process around one compose window, and the one place that turns the outcome into stdout
/// and an exit code. Not a GtkApplication: a non-unique window has no use for the session bus, and
/// registering on it (or, with no bus, failing to autolaunch one) was the largest single cost
/// between exec and the first frame.
@MainActor
final class ComposeApplication {
    static let applicationID = "io.github.gtkplaceholder.ComposeWindow"

    enum Outcome {
        /// Send with standard output as the target: the text goes there.
        case sent(String)
        /// A network's compose page took the post (GIO launched the browser with it).
        case handedOff
        /// Send with the clipboard as the target.
        case copied(String)
        /// Every network Send posted to has the post: their links, and the outbox that recorded it.
        case posted([String], outbox: OutboxStore)
        /// Closed while a network had not taken the post (exit 4): draft and outbox keep it. The
        /// links of the networks that did (posting to several), in the order given.
        case notPosted(confirmedLinks: [String])
        /// Send later: the post waits in the outbox of a draft of its own (or, `keepDraft`, of
        /// this window's draft, which was already the scheduled post's).
        case scheduled(keepDraft: Bool)
        case cancelled
        case timedOut
    }

    private var options: ComposeOptions
    /// This process's hold on its draft (DraftLock), until it exits.
    private var draftLock: DraftLock?
    /// Said in the window once it opens: the draft it writes is not the one asked for.
    private var draftNotice: String?
    private let initialText: String
    private var window: ComposeWindow?
    /// A plain GLib loop, not gtk_main: gtk_main flushes the display when it returns, and on Wayland,
    /// after a nested loop (the discard dialog) was left by a signal, that round trip never ended.
    private let loop = g_main_loop_new(nil, 0)!
    private var outcome: Outcome = .cancelled
    private var finished = false
    /// What the window knew of a post that went, read before it closes (`deliver` runs after): an
    /// edit made too late for the server that kept the post, kept as the draft; a server that
    /// published a scheduled post at once.
    private var editKeptInDraft = false
    private var publishedEarly: String?
    private var drafts: DraftStore?
    private var signalSources: [MainLoopSource] = []
    private var clipboardLost = false
    private var servingLoop: OpaquePointer?

    init(options: ComposeOptions, initialText: String) {
        self.options = options
        self.initialText = initialText
    }

    func run() -> ExitCode {
        if let wanted = options.draftName {
            do throws(StateFile.Failure) {
                let lock = try DraftLock.claim(wanted, environment: SystemIO.environment)
                draftLock = lock
                if lock.name != wanted {
                    options.draftName = lock.name
                    let notice = localized(
                        "The draft “{0}” is open in another window; this one keeps its text as the draft “{1}”.",
                        wanted,
                        lock.name)
                    draftNotice = notice
                    reportError(notice)
                }
            } catch {
                // Said, and the window opens all the same: its text is never held back by a lock
                // (an unwritable state folder fails the draft's saves too, each said).
                reportError(error.description)
            }
        }
        if let name = options.draftName {
            do { drafts = try DraftStore(name: name, environment: SystemIO.environment) } catch {
                reportError(error.description)
                return .failure
            }
        }
        // Ending by a signal keeps what was typed: save the draft first, then exit 1.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            signalSources.append(
                MainLoopSource.unixSignal(signal) { [unowned self] in
                    self.finish(.cancelled)
                    return false
                })
        }
        if options.replyTo != nil || options.quote != nil {
            // The posts answered and quoted are found first: no window for a post that cannot be.
            if let refusal = findPostsThenOpen() {
                g_main_loop_unref(loop)
                for source in signalSources { source.cancel() }
                reportError(refusal)
                return .usage
            }
        } else {
            openWindow(replyingTo: nil, quoting: nil)
        }
        if !finished { g_main_loop_run(loop) }
        g_main_loop_unref(loop)
        for source in signalSources { source.cancel() }
        return deliver()
    }

    private func openWindow(replyingTo parent: ReplyParent?, quoting quote: QuotedPost?) {
        window = ComposeWindow(
            options: options, initialText: initialText, drafts: drafts, replyingTo: parent, quoting: quote
        ) { [unowned self] outcome in self.finish(outcome) }
        if let draftNotice { window?.infoBar.showNotice(draftNotice) }
        ScheduledDelivery.startIfDue(besides: window?.options.draftName)
    }

    /// Runs the main loop until `--reply-to`'s post is found through the account's network and
    /// `--quote`'s as QuoteFinder finds it, then opens the window on them; nil then, or the line
    /// that says why one was not found (exit 2).
    private func findPostsThenOpen() -> String? {
        let accounts = Preferences().accounts
        var refusal: String?
        var answered = false
        let refuse = { [unowned self] (words: String) in
            answered = true
            refusal = words
            g_main_loop_quit(self.loop)
        }
        let findQuote = { [unowned self] (parent: ReplyParent?) in
            guard let quote = self.options.quote else {
                answered = true
                if !self.finished { self.openWindow(replyingTo: parent, quoting: nil) }
                return
            }
            QuoteFinder.find(quote, accountName: self.options.accountName, among: accounts) { result in
                switch result {
                case .success(let found):
                    answered = true
                    if !self.finished { self.openWindow(replyingTo: parent, quoting: found) }
                case .failure(let failure): refuse(failure.description)
                }
            }
        }
        if let reply = options.replyTo {
            let network: PostTarget = if case .bluesky = reply { .bluesky } else { .mastodon }
            guard let account = AccountChoice.account(for: network, preferred: options.accountName, among: accounts)
            else {
                return localized(
                    "--reply-to: no {0} account is signed in (compose-window --sign-in {1})",
                    network == .bluesky ? "Bluesky" : "Mastodon", network.rawValue)
            }
            ReplyResolver.resolve(reply, with: account) { result in
                switch result {
                case .success(let parent): findQuote(parent)
                case .failure(let failure): refuse(failure.description)
                }
            }
        } else {
            findQuote(nil)
        }
        if !answered { g_main_loop_run(loop) }
        return refusal
    }

    /// Saves the draft (unless sending), closes the window and leaves the main loop.
    private func finish(_ outcome: Outcome) {
        guard !finished else { return }
        switch outcome {
        case .sent, .handedOff: break
        case .posted:
            editKeptInDraft = window?.textDiffersFromPost == true
            if editKeptInDraft { window?.saveDraftNow() }
            publishedEarly = window?.publishedEarly
        case .copied(let text):
            let taken = ClipboardHandoff.take(text) { [unowned self] in
                self.clipboardLost = true
                if let loop = self.servingLoop { g_main_loop_quit(loop) }
            }
            guard taken else {
                window?.handOffFailed(localized("The text could not be put on the clipboard."))
                return
            }
        case .cancelled, .timedOut, .notPosted, .scheduled(keepDraft: true): window?.saveDraftNow()
        case .scheduled: break
        }
        finished = true
        self.outcome = outcome
        window?.preferences?.sync()
        window?.close()
        window = nil
        g_main_loop_quit(loop)
    }

    /// Standard output gets exactly the text on Send; the draft goes only once that has worked.
    private func deliver() -> ExitCode {
        // The window is gone: the draft and outbox writes it asked for are on disk before anything
        // is removed or the exit code says so, and what they came back with is heard (a draft
        // Discard could not remove is reported).
        StateWriter.shared.waitForAll()
        var dispatched = 0
        while dispatched < 100, g_main_context_iteration(nil, 0) != 0 { dispatched += 1 }
        switch outcome {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .notPosted(let links):
            // A script learns where the post already is; the outbox keeps the rest for the next start.
            if !options.fromDesktop {
                do throws(SystemIO.Failure) {
                    try SystemIO.writeAll(links.map { $0 + "\n" }.joined().utf8, to: STDOUT_FILENO)
                } catch {
                    reportError(localized("cannot write standard output; the post was sent"))
                }
            }
            return .notPosted
        case .posted(let links, let outbox):
            // The draft first: an outbox left behind says the post is there, a draft alone would
            // be sent again. One edited too late for the server that kept the post stays.
            if editKeptInDraft {
                reportError(
                    localized("the post went out as it was scheduled; your later changes are kept in the draft"))
            } else {
                removeDraft()
            }
            do { try outbox.remove() } catch { reportError(error.description) }
            if let publishedEarly { reportError(publishedEarly) }
            // Where the post is: for a script, one link per line; from the desktop (no one reads
            // standard output there) a notification.
            if options.fromDesktop {
                PostedNotification.show(links, early: publishedEarly)
            } else {
                let lines = links.map { $0 + "\n" }.joined()
                do throws(SystemIO.Failure) { try SystemIO.writeAll(lines.utf8, to: STDOUT_FILENO) } catch {
                    reportError(localized("cannot write standard output; the post was sent"))
                    return .failure
                }
            }
            return .sent
        case .handedOff, .scheduled(keepDraft: false):
            removeDraft()
            return .sent
        case .scheduled: return .sent
        case .copied:
            // The clipboard holds the text: the draft can go.
            removeDraft()
            ClipboardHandoff.keep(isLost: { clipboardLost }, serve: serveClipboard)
            return .sent
        case .sent(let text):
            do throws(SystemIO.Failure) { try SystemIO.writeAll(text.utf8, to: STDOUT_FILENO) } catch {
                reportError(localized("cannot write standard output; the draft is kept"))
                return .failure
            }
            removeDraft()
            return .sent
        }
    }

    private func removeDraft() {
        do { try drafts?.remove() } catch {
            reportError(error.description)
        }
    }

    /// Without a window, until another program takes the clipboard (or the time is up).
    private func serveClipboard() {
        let loop = g_main_loop_new(nil, 0)!
        servingLoop = loop
        let limit = MainLoopSource.timeout(milliseconds: ClipboardHandoff.servingLimitSeconds * 1_000) {
            g_main_loop_quit(loop)
            return false
        }
        if !clipboardLost { g_main_loop_run(loop) }
        limit.cancel()
        servingLoop = nil
        g_main_loop_unref(loop)
    }
}
