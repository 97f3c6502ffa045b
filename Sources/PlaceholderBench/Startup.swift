import CGtk
import Foundation

/// Time from exec to the first mapped toplevel, seen as the X server's MapNotify on the root
/// window (no window manager under Xvfb reparents it), and the process's RSS at that moment.
@MainActor
enum Startup {
    struct Measurement {
        let seconds: Double
        let residentBytes: Int
    }

    static func measure(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
        -> Measurement?
    {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { XCloseDisplay(display) }
        let root = XDefaultRootWindow(display)
        XSelectInput(display, root, SubstructureNotifyMask)
        XSync(display, 0)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        do { try process.run() } catch { return nil }
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(30)
        var event = XEvent()
        while Date() < deadline {
            if XPending(display) == 0 {
                usleep(200)
                continue
            }
            XNextEvent(display, &event)
            if event.type == MapNotify && event.xmap.override_redirect == 0 {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                let status =
                    (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
                return Measurement(seconds: seconds, residentBytes: rssBytes(fromStatus: status))
            }
        }
        return nil
    }
}
