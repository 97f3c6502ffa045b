import ComposeCore
import GLibSwift
import Glibc
import GtkPlaceholder

/// The process around one compose window, and the one place that turns the outcome into stdout
/// and an exit code. Not a GtkApplication: a non-unique window has no use for the session bus, and
/// registering on it (or, with no bus, failing to autolaunch one) was the largest single cost
/// between exec and the first frame.
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
    private var window: ComposeWindow?
    /// A plain GLib loop, not gtk_main: gtk_main flushes the display when it returns, and on Wayland,
    /// after a nested loop (the discard dialog) was left by a signal, that round trip never ended.
    private let loop = g_main_loop_new(nil, 0)!
    private var outcome: Outcome = .cancelled
    private var finished = false
    private var drafts: DraftStore?
    private var signalSources: [MainLoopSource] = []

    init(options: ComposeOptions, initialText: String) {
        self.options = options
        self.initialText = initialText
    }

    func run() -> ExitCode {
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
        window = ComposeWindow(options: options, initialText: initialText, drafts: drafts) {
            [unowned self] outcome in self.finish(outcome)
        }
        if !finished { g_main_loop_run(loop) }
        g_main_loop_unref(loop)
        for source in signalSources { source.cancel() }
        return deliver()
    }

    /// Saves the draft (unless sending), closes the window and leaves the main loop.
    private func finish(_ outcome: Outcome) {
        guard !finished else { return }
        finished = true
        self.outcome = outcome
        if case .sent = outcome {} else { window?.saveDraftNow() }
        window?.close()
        window = nil
        g_main_loop_quit(loop)
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
