import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The Drafts list's actions on a post in the outbox, without opening its window: Post now (a
/// scheduled post) and Retry (one waiting) make it due and start `--deliver`, which sends it as
/// the timer would, exactly once; Discard… abandons it after the window's own confirmation. Each
/// holds the draft's lock while it changes the files, so a window or a timer is never between; a
/// draft open in a window is left to it. Files are read and written on the state writer's thread.
extension DraftsList {
    /// Post now, or Retry. A post still scheduled for later (its server refused or did not answer
    /// at Send) keeps its time: Retry opens its window, whose Retry settles that server alone.
    func sendNow(_ name: String) {
        deliver(name) { plan, now in
            if plan.isScheduledForLater(now: now), !plan.waitsForItsTime { return DraftsList.openInstead }
            return plan.goesNow(now: now) ? nil : localized("It is being posted now: it can no longer be withdrawn.")
        }
    }

    /// What `deliver`'s change returns to open the post's window instead.
    nonisolated static let openInstead = "\u{0}open"

    /// `change` made to draft `name`'s post under its lock, then `--deliver` acts on it.
    private func deliver(_ name: String, change: @escaping @Sendable (inout PostingPlan, Int64) -> String?) {
        let environment = SystemIO.environment
        let now = Poster.now
        StateWriter.shared.write { () -> String? in
            Self.withPost(name, environment: environment) { plan, store in
                if let refused = change(&plan, now) { return refused }
                let text: String
                do throws(JSONText.Failure) { text = try JSONText.text(of: plan.file) } catch {
                    return String(describing: error)
                }
                do throws(StateFile.Failure) { try store.save(text) } catch { return error.description }
                return nil
            }
        } then: { [weak self] failure in
            guard let self else { return }
            if failure == Self.openInstead { return self.startWindow(draft: name) }
            if let failure { return self.failed(failure) }
            let program = SystemIO.executablePath ?? CommandLine.arguments[0]
            if let failure = ProcessLauncher.start([program, "--deliver"]) { self.failed(failure) }
            self.refresh()
        }
    }

    /// Discard…: the post's state is read first, for the confirmation to say where it may already
    /// be; confirmed, its outbox entry (with its images), draft and timer go.
    func discard(_ name: String) {
        let environment = SystemIO.environment
        StateWriter.shared.write { () -> (PostingPlan?, String?) in
            var found: PostingPlan?
            let failure = Self.withPost(name, environment: environment) { plan, _ in
                found = plan
                return nil
            }
            return (found, failure)
        } then: { [weak self] read in
            guard let self else { return }
            if let plan = read.0 { return self.confirmDiscard(name, plan: plan) }
            self.failed(read.1 ?? "")
        }
    }

    private func confirmDiscard(_ name: String, plan: PostingPlan) {
        let secondary =
            switch PostingSession(plan: plan).discardWarning {
            case .nothingSent, .stillPosting: localized("What you wrote will be lost.")
            case .mayBeOn(let accounts):
                localized(
                    "It may already be on {0}: discarding does not remove it there.", accounts.joined(separator: ", "))
            case .isOn(let links):
                localized("It is already at {0}: only the rest is abandoned.", links.joined(separator: " "))
            case .keptBy(let accounts):
                localized("{0} keeps it for its time: it is withdrawn there first.", accounts.joined(separator: ", "))
            }
        guard let parent = gtk_widget_get_toplevel(button) else { return }
        DiscardDialog.ask(parent: parent.cast(), offersDraft: false, secondary: secondary) { [weak self] choice in
            guard choice == .discard else { return }
            if plan.isKeptByAServer {
                // Withdrawn there by `--deliver`, which then abandons it.
                self?.deliver(name) { plan, now in
                    plan.withdraw(now: now) ? nil : localized("It is being posted now: it can no longer be withdrawn.")
                }
                return
            }
            let environment = SystemIO.environment
            StateWriter.shared.write { () -> String? in
                Self.withPost(name, environment: environment) { plan, store in
                    do throws(StateFile.Failure) {
                        try store.forPost(plan).remove()
                        try DraftStore(name: name, environment: environment).remove()
                    } catch {
                        return error.description
                    }
                    DeliveryTimer.remove(draft: name, environment: environment)
                    return nil
                }
            } then: { [weak self] failure in
                if let failure { self?.failed(failure) }
                self?.refresh()
            }
        }
    }

    private func failed(_ failure: String) {
        onFailure?(failure)
        refresh()
    }

    /// `change` on draft `name`'s post, its lock held; nil, or one line saying why not.
    nonisolated private static func withPost(
        _ name: String, environment: [String: String], _ change: (inout PostingPlan, OutboxStore) -> String?
    ) -> String? {
        do throws(StateFile.Failure) {
            guard let lock = try DraftLock.claimOnly(name, environment: environment) else {
                return localized("the draft {0} is open in a window, which posts it", name)
            }
            defer { withExtendedLifetime(lock) {} }
            let store = try OutboxStore(draftName: name, environment: environment)
            guard let text = try store.load(), let file = try? JSONText.value(of: text),
                var plan = PostingPlan(file: file)
            else {
                return localized("the outbox entry of draft {0} cannot be read; it was left as it is", name)
            }
            return change(&plan, store)
        } catch {
            return error.description
        }
    }
}
