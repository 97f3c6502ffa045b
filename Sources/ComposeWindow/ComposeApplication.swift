import ComposeCore
import GLibSwift
import Glibc
import GtkPlaceholder

/// The GtkApplication around one compose window: non-unique (two scripts get two windows), and
/// the one place that turns the outcome into stdout and an exit code.
@MainActor
final class ComposeApplication {
    static let applicationID = "io.github.gtkplaceholder.ComposeWindow"

    enum Outcome {
        case sent(String)
        case cancelled
        case timedOut
    }

    private let options: ComposeOptions
    private let initialText: String
    private let application: UnsafeMutablePointer<GtkApplication>
    private var window: ComposeWindow?
    private var outcome: Outcome = .cancelled
    private var drafts: DraftStore?
    private var signalSources: [MainLoopSource] = []

    init(options: ComposeOptions, initialText: String) {
        self.options = options
        self.initialText = initialText
        application = gtk_application_new(Self.applicationID, G_APPLICATION_NON_UNIQUE)!
    }

    func run() -> ExitCode {
        if let name = options.draftName {
            do { drafts = try DraftStore(name: name, environment: SystemIO.environment) } catch {
                reportError(error.description)
                return .failure
            }
        }
        Signal.connect(application, "activate") { [unowned self] in self.activate() }
        // Ending by a signal keeps what was typed: save the draft first, then exit 1.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            signalSources.append(
                MainLoopSource.unixSignal(signal) { [unowned self] in
                    self.finish(.cancelled)
                    return false
                })
        }
        for (action, keys) in [
            ("win.send", ["<Control>Return", "<Control>KP_Enter"]), ("win.cancel", ["Escape", "<Control>w"]),
            ("win.redo", ["<Control>y"]),
        ] {
            withCStringArray(keys) { gtk_application_set_accels_for_action(application, action, $0) }
        }
        g_application_run(application.cast(), 0, nil)
        for source in signalSources { source.cancel() }
        g_object_unref(application.asGPointer)
        return deliver()
    }

    private func activate() {
        guard window == nil else { return }
        window = ComposeWindow(application: application, options: options, initialText: initialText, drafts: drafts) {
            [unowned self] outcome in self.finish(outcome)
        }
    }

    /// Saves the draft (unless sending), closes the window and leaves the main loop.
    private func finish(_ outcome: Outcome) {
        self.outcome = outcome
        if case .sent = outcome {} else { window?.saveDraftNow() }
        window?.close()
        window = nil
        g_application_quit(application.cast())
    }

    /// Standard output gets exactly the text on Send; the draft goes only once that has worked.
    private func deliver() -> ExitCode {
        switch outcome {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .sent(let text):
            do throws(SystemIO.Failure) { try SystemIO.writeAll(text.utf8, to: STDOUT_FILENO) } catch {
                reportError(localized("cannot write standard output; the draft is kept"))
                return .failure
            }
            do { try drafts?.remove() } catch {
                reportError(error.description)
            }
            return .sent
        }
    }
}
