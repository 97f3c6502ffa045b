import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

/// `--deliver`, which the timer runs: every scheduled post whose time has come goes, without a
/// window, exactly once, with the keys and look-ups Send uses (Poster and PostingSession decide).
/// A post a window holds is left to it (DraftLock). Posted: its draft, outbox entry and timer go,
/// and standard output and a notification give the links. Not taken: it stays in the outbox, one
/// line says why, a notification opens its window; a network that asked to wait gets the timer
/// again for that time.
@MainActor
enum ScheduledDelivery {
    /// How long a notification waits for a click; posts that fall due meanwhile go after it (the
    /// timers that fired then found this process still running).
    static let notificationSeconds: UInt32 = 120

    static func run() -> ExitCode {
        let environment = SystemIO.environment
        var status = ExitCode.sent
        var tried = Set<String>()
        // Woken before the network is back (at resume): nothing is asked of a server that cannot
        // be reached; each post due is looked at again a minute on, until the network is back.
        if g_network_monitor_get_network_available(g_network_monitor_get_default()) == 0 {
            let due = DraftCatalog.duePosts(environment: environment, now: Poster.now, parseJSON: parse)
            for name in due {
                let time = DeliveryFollowUp.withoutNetwork(now: Poster.now)
                reportError(
                    localized(
                        "no network: the post scheduled in draft {0} is tried again at {1}", name, TimeWords.clock(time)
                    ))
                arm(name, at: time, environment: environment)
            }
            StateWriter.shared.waitForAll()
            return status
        }
        while true {
            let due = DraftCatalog.duePosts(environment: environment, now: Poster.now, parseJSON: parse)
                .filter { !tried.contains($0) }
            guard !due.isEmpty else { break }
            var posted: [String] = []
            var failed: [(draft: String, reason: String)] = []
            for name in due {
                tried.insert(name)
                switch deliver(name, environment: environment) {
                case .posted(let links): posted += links
                case .notPosted(let reason):
                    failed.append((name, reason))
                    status = .notPosted
                case .leftToItsWindow, .waiting: break
                case .unreadable: status = .failure
                }
            }
            for failure in failed {
                PostedNotification.showNotPosted(
                    draft: failure.draft, reason: failure.reason, waitSeconds: notificationSeconds)
            }
            PostedNotification.show(posted, waitSeconds: notificationSeconds)
        }
        let stillDue = Set(DraftCatalog.duePosts(environment: environment, now: Poster.now, parseJSON: parse))
        for (name, time) in DeliveryFollowUp.afterThisRun(armed: armedThisRun, stillDue: stillDue, now: Poster.now) {
            reportError(localized("the post scheduled in draft {0} is tried again at {1}", name, TimeWords.clock(time)))
            arm(name, at: time, environment: environment)
        }
        StateWriter.shared.waitForAll()
        return status
    }

    /// Each draft's last timer this run set (DeliveryFollowUp.afterThisRun).
    private static var armedThisRun: [String: Int64] = [:]

    private static func arm(_ name: String, at time: Int64, environment: [String: String]) {
        armedThisRun[name] = time
        UserTimer.arm(draft: name, at: time, environment: environment) { _ in }
    }

    /// Without a systemd user manager nothing fires at a post's time: each window's start looks
    /// (on the state writer's thread) and starts `--deliver` on its own when a post is due besides
    /// the window's own (which the window posts; a `--deliver` started for it would find it held
    /// and set its timer later than the window's run does). A timer that fires too finds nothing
    /// left.
    static func startIfDue(besides ownDraft: String?) {
        let environment = SystemIO.environment
        let now = Poster.now
        StateWriter.shared.write {
            DraftCatalog.duePosts(environment: environment, now: now, parseJSON: parse).contains { $0 != ownDraft }
        } then: { due in
            guard due else { return }
            let program = SystemIO.executablePath ?? CommandLine.arguments[0]
            if let failure = ProcessLauncher.start([program, "--deliver"]) { reportError(failure) }
        }
    }

    nonisolated private static func parse(_ text: String) -> JSONValue? { try? JSONText.value(of: text) }

    private enum Result {
        case posted([String])
        case notPosted(String)
        case leftToItsWindow
        case unreadable
        /// Nothing failed: a server keeps it and is asked again at its time (the timer is armed).
        case waiting
    }

    private static func deliver(_ name: String, environment: [String: String]) -> Result {
        let lock: DraftLock?
        do throws(StateFile.Failure) { lock = try DraftLock.claimOnly(name, environment: environment) } catch {
            reportError(error.description)
            return .unreadable
        }
        guard let lock else {
            // The window posts it; asked again later all the same, so that a window that cannot
            // (asleep past the time, the person editing) never leaves it undone for ever.
            reportError(localized("the draft {0} is open in a window, which posts it", name))
            let plan = (try? OutboxStore(draftName: name, environment: environment))
                .flatMap { try? $0.load() }.flatMap(parse).flatMap(PostingPlan.init(file:))
            let retry = DeliveryFollowUp.ifLeftUndone(plan, now: Poster.now)
            arm(name, at: retry, environment: environment)
            StateWriter.shared.waitForAll()
            return .leftToItsWindow
        }
        defer { withExtendedLifetime(lock) {} }
        guard let store = try? OutboxStore(draftName: name, environment: environment),
            let plan = (try? store.load()).flatMap({ $0 }).flatMap(parse).flatMap(PostingPlan.init(file:))
        else {
            reportError(localized("the outbox entry of draft {0} cannot be read; it was left as it is", name))
            return .unreadable
        }
        // Killed during the run (the machine off, the session ended), it is looked at again.
        arm(name, at: DeliveryFollowUp.ifThisRunDies(now: Poster.now), environment: environment)
        StateWriter.shared.waitForAll()
        let known = Preferences().accounts
        var accounts: [PostingAccount] = []
        for network in plan.networks {
            guard let account = plan.continuingAccount(on: network, chosen: nil, among: known) else {
                let reason = localized(
                    "{0} is not signed in: the post scheduled in draft {1} waits in the outbox",
                    plan.startedWith(on: network) ?? network.rawValue, name)
                reportError(reason)
                // Said once: no later run says it again before the person's own Send or Retry.
                return askThePerson(name, reason: reason, plan: plan, environment: environment)
            }
            accounts.append(account)
        }
        let poster = Poster(session: PostingSession(plan: plan), store: store)
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        var outcome: Poster.Outcome?
        let started = poster.send(
            plan.text, images: plan.images, options: plan.options, parts: plan.parts, replyTo: nil, to: accounts,
            known: known
        ) { finished in
            outcome = finished
            g_main_loop_quit(loop)
        }
        if started == .run, outcome == nil { g_main_loop_run(loop) }
        StateWriter.shared.waitForAll()
        switch (started, outcome) {
        case (.alreadyPosted(let links), _), (_, .posted(let links)?):
            return posted(name, links: links, postedText: plan.text, outbox: poster.store, environment: environment)
        case (_, .withdrawn(let links)?):
            return withdrawn(name, links: links, postedText: plan.text, outbox: poster.store, environment: environment)
        case (_, .scheduled(let retryAt)?):
            return followUp(
                name, lines: [], plan: poster.session.plan ?? plan, retryAt: retryAt, environment: environment)
        case (_, .failed(let lines, let retryAt)?):
            return followUp(
                name, lines: lines, plan: poster.session.plan ?? plan, retryAt: retryAt, environment: environment)
        default:
            // Nothing ran, or it ended without saying why: the person is told, once.
            return askThePerson(
                name, reason: localized("the post scheduled in draft {0} was not posted", name),
                plan: poster.session.plan ?? plan, environment: environment)
        }
    }

    /// Not posted this run (DeliveryFollowUp): what only the person can settle is said once, with
    /// a notification that opens the post, and left for them; anything else is tried again later
    /// (a minute on without a network, else later each time), saying so on one line; a server that
    /// keeps the post is asked again at the time it gave, without a word.
    private static func followUp(
        _ name: String, lines: [String], plan: PostingPlan, retryAt: Int64?, environment: [String: String]
    ) -> Result {
        let reason =
            lines.isEmpty
            ? localized("the post scheduled in draft {0} was not posted", name) : lines.joined(separator: " ")
        // Asked now: a name that did not resolve with the network up is its server's, backed off.
        let networkIsUp = g_network_monitor_get_network_available(g_network_monitor_get_default()) != 0
        switch DeliveryFollowUp.afterRun(
            plan, failed: !lines.isEmpty, retryAt: retryAt, now: Poster.now, networkIsUp: networkIsUp)
        {
        case .retry(let time) where lines.isEmpty && retryAt != nil:
            arm(name, at: time, environment: environment)
            StateWriter.shared.waitForAll()
            return .waiting
        case .askThePerson:
            reportError(localized("the post scheduled in draft {0} was not posted: {1}", name, reason))
            return askThePerson(name, reason: reason, plan: plan, environment: environment)
        case .retry(let time):
            reportError(
                localized(
                    "the post scheduled in draft {0} was not posted yet: {1}; it is tried again at {2}", name, reason,
                    TimeWords.clock(time)))
            arm(name, at: time, environment: environment)
            StateWriter.shared.waitForAll()
            return .waiting
        }
    }

    /// Left for the person (the notification says `reason`): no timer, and recorded, so that no
    /// later run (a timer, a window's start) asks the server again.
    private static func askThePerson(
        _ name: String, reason: String, plan: PostingPlan, environment: [String: String]
    ) -> Result {
        DeliveryTimer.remove(draft: name, environment: environment)
        recordAsked(plan, draft: name, environment: environment)
        return .notPosted(reason)
    }

    /// The outbox entry records that the person was told (PostingPlan.askedThePerson), written
    /// before `--deliver` goes on.
    private static func recordAsked(_ plan: PostingPlan, draft name: String, environment: [String: String]) {
        var asked = plan
        asked.askedThePerson(now: Poster.now)
        guard let text = try? JSONText.text(of: asked.file),
            let store = try? OutboxStore(draftName: name, environment: environment)
        else { return }
        StateWriter.shared.write {
            try? store.save(text)
        } then: { _ in
        }
        StateWriter.shared.waitForAll()
    }

    /// Discarded from the Drafts list and withdrawn from its server: its entry, draft and timer go
    /// (as posted, when a network had published it first).
    private static func withdrawn(
        _ name: String, links: [String], postedText: String, outbox: OutboxStore, environment: [String: String]
    ) -> Result {
        if !links.isEmpty {
            return posted(name, links: links, postedText: postedText, outbox: outbox, environment: environment)
        }
        do {
            try DraftStore(name: name, environment: environment).remove()
            try outbox.remove()
        } catch {
            reportError(error.description)
        }
        DeliveryTimer.remove(draft: name, environment: environment)
        return .waiting
    }

    /// As a window's post: the draft first (an outbox left behind says the post is there, a draft
    /// alone would be sent again), unless it was edited since; then the entry and the timer; the
    /// links on standard output.
    private static func posted(
        _ name: String, links: [String], postedText: String, outbox: OutboxStore, environment: [String: String]
    ) -> Result {
        // A draft edited since the post was scheduled (and never sent) is the person's: it stays.
        do {
            let draft = try DraftStore(name: name, environment: environment)
            if let text = try draft.load(), text != postedText {
                reportError(localized("the draft {0} was edited after it was scheduled; the edit is kept there", name))
            } else {
                try draft.remove()
            }
        } catch {
            reportError(error.description)
        }
        do { try outbox.remove() } catch { reportError(error.description) }
        DeliveryTimer.remove(draft: name, environment: environment)
        let lines = links.map { $0 + "\n" }.joined()
        do throws(SystemIO.Failure) { try SystemIO.writeAll(lines.utf8, to: STDOUT_FILENO) } catch {}
        return .posted(links)
    }
}
