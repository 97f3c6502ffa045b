import Foundation
import PlaceholderXProbe

/// One program measured from outside through PlaceholderXProbe: started with text on standard input, timed to
/// its first map and frame, then typed into with X key events at a person's pace.
@MainActor
struct AppProbe {
    /// What a run is compared by: a program and its arguments.
    struct Subject: Hashable {
        let name: String
        let argv: [String]
    }

    struct Startup {
        let mappedSeconds: Double
        let firstFrameSeconds: Double
        let residentBytes: Double
        /// CPU time to the first frame: steadier than the wall clock on a busy machine.
        let cpuSeconds: Double
        /// Resident 300 ms after the first frame, once what waits for it (the window icon, the
        /// dictionary) has run: where #51's goal was measured.
        let residentLaterBytes: Double
    }

    struct Typing {
        let settleCPUSeconds: Double
        let cpuSecondsPerKey: Double
        let latenciesMilliseconds: [Double]
        let unanswered: Int
        let residentBytes: Double
    }

    /// Same for every subject: no caret blinking (its redraws would be taken for the keystroke's
    /// frame), no accessibility bus, a private state directory, the C locale (no dictionary unless
    /// asked for with --spell), and GSettings in a key file that lists one Mastodon account (on a
    /// server that never resolves: nothing leaves the machine), for the window that posts through
    /// one; no other subject reads it.
    let environment: [String]
    /// compose-window saves drafts there, as it does for people; emptied before every start so that
    /// no run finds the last one's draft.
    private let stateDirectory: URL

    init(scratch: URL) {
        let configuration = scratch.appendingPathComponent("config/gtk-3.0")
        try? FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        try? "[Settings]\ngtk-cursor-blink=false\n".write(
            to: configuration.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
        let settings = scratch.appendingPathComponent("config/glib-2.0/settings")
        try? FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try? """
        [io/github/gtkplaceholder/ComposeWindow]
        accounts=[{'network': 'mastodon', 'name': '@bench@bench.invalid', 'host': 'bench.invalid', 'identity': ''}]

        """.write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        stateDirectory = scratch.appendingPathComponent("state")
        environment["XDG_STATE_HOME"] = stateDirectory.path
        environment["NO_AT_BRIDGE"] = "1"
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LANGUAGE"] = nil
        self.environment = environment.map { "\($0.key)=\($0.value)" }
    }

    /// Starts `subject` with `inputPath` on standard input; nil when it did not map and draw in 30 s.
    func launch(_ subject: Subject, inputPath: String) -> xprobe_launch_result? {
        try? FileManager.default.removeItem(at: stateDirectory)
        var result = xprobe_launch_result()
        let status = withCStrings(subject.argv) { argv in
            withCStrings(environment) { envp in xprobe_launch(argv, envp, inputPath, 30, &result) }
        }
        guard status == 0 else {
            if result.pid > 0 { xprobe_stop(result.pid) }
            return nil
        }
        return result
    }

    func startup(_ subject: Subject, inputPath: String) -> Startup? {
        guard let launched = launch(subject, inputPath: inputPath) else { return nil }
        defer { xprobe_stop(launched.pid) }
        usleep(300_000)
        return Startup(
            mappedSeconds: launched.mapped_ms / 1e3, firstFrameSeconds: launched.first_frame_ms / 1e3,
            residentBytes: Double(launched.resident_kb) * 1024, cpuSeconds: launched.cpu_ms / 1e3,
            residentLaterBytes: Self.residentBytes(of: launched.pid))
    }

    /// VmRSS of `pid` now (the second field of /proc/PID/statm, in pages); NaN once it is gone.
    static func residentBytes(of pid: pid_t) -> Double {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/statm"),
            let data = try? file.readToEnd(), let text = String(data: data, encoding: .utf8)
        else { return .nan }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Types `text` at the end of the initial text, once the view has settled.
    func typing(_ subject: Subject, inputPath: String, text: String, intervalMilliseconds: Double = 15) -> Typing? {
        guard let launched = launch(subject, inputPath: inputPath) else { return nil }
        defer { xprobe_stop(launched.pid) }
        var settled = xprobe_settle(launched.pid, 500, 5, 120)
        xprobe_control_end(launched.window)
        settled += xprobe_settle(launched.pid, 500, 5, 120)
        var latencies = [Double](repeating: .nan, count: text.utf8.count)
        var result = xprobe_typing_result()
        guard xprobe_type(launched.pid, launched.window, text, intervalMilliseconds, 1_000, &latencies, &result) == 0
        else { return nil }
        return Typing(
            settleCPUSeconds: settled, cpuSecondsPerKey: result.cpu_seconds / Double(text.utf8.count),
            latenciesMilliseconds: latencies, unanswered: Int(result.unanswered),
            residentBytes: Double(result.resident_kb) * 1024)
    }

    /// Lower-case words and spaces, as a person types (letters only: no keymap changes).
    static func prose(count: Int) -> String {
        var text = ""
        for index in 0..<count {
            text.unicodeScalars.append(index % 7 == 6 ? " " : UnicodeScalar(UInt8(97 + index % 26)))
        }
        return text
    }
}

/// A NULL-terminated C array of C strings, alive for `body`.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result)
    -> Result
{
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
