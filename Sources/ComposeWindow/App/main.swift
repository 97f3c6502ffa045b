import ComposeWindowCore
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

// compose-window: a GTK compose window for people and shell scripts. See `--help`.
// What the caller left open to us, before anything of ours opens a file: the clipboard's background
// copy closes these, so that nobody waiting on them (a pipe's reader) waits for it.
ClipboardHandoff.inheritedDescriptors = SystemIO.openDescriptors()
Localization.setUp()
// Until the window exists (reading standard input, starting GTK) nothing has been typed, so
// SIGINT/SIGTERM/SIGHUP mean a plain cancel: exit 1. GLib takes these signals over with the window.
for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber) { _ in _exit(1) } }
// Past a file-size limit (RLIMIT_FSIZE) a draft write must fail with EFBIG and be reported, not
// kill the process and the text with it.
signal(SIGXFSZ, SIG_IGN)
let status: ExitCode = MainActor.assumeIsolated {
    var options: ComposeOptions
    let initialText: String
    do throws(Invocation.Failure) { (options, initialText) = try Invocation.parse() } catch {
        reportError(error.description)
        return error.code
    }
    do throws(Invocation.Failure) { try AccountChoice.apply(to: &options) } catch {
        reportError(error.description)
        return error.code
    }
    if let command = options.accountCommand { return AccountCommands.run(command) }
    if let listing = options.listing { return StateListing.print(listing) }
    if options.deliver { return ScheduledDelivery.run() }
    if options.measure { return Measurement.report(initialText, options: options) }
    if options.preview { return PreviewCommand.print(initialText, options: options) }
    // The desktop file's name: GTK makes it the Wayland app_id and the X11 WM_CLASS, which is how
    // docks and task switchers find the window's icon and name.
    g_set_prgname(ComposeApplication.applicationID)
    gdk_set_program_class(ComposeApplication.applicationID)
    guard gtk_init_check(nil, nil) != 0 else {
        // Both, as GTK tries Wayland first and then X11: either may be the one that is wrong.
        reportError(
            localized(
                "cannot open a display (WAYLAND_DISPLAY “{0}”, DISPLAY “{1}”)",
                SystemIO.environment("WAYLAND_DISPLAY") ?? "", SystemIO.environment("DISPLAY") ?? ""))
        return .failure
    }
    return ComposeApplication(options: options, initialText: initialText).run()
}
exit(status.rawValue)
