import Foundation
import XCTest

/// A headless Wayland desktop with no Xwayland: sway (pixman renderer, no input devices) run as an
/// unprivileged user, as sway refuses to run as root. Programs run in it as that user with only
/// WAYLAND_DISPLAY set, so GTK can only use its Wayland backend; wtype types, grim takes pictures.
final class WaylandSession {
    struct Failure: Error { let message: String }

    static let user = "65534"  // nobody / nogroup
    let directory: URL
    let runtime: URL
    let home: URL
    private let compositor = Process()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayland-\(UUID().uuidString)")
        runtime = directory.appendingPathComponent("runtime")
        home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        if getuid() == 0 { for url in [runtime, home] { chown(url.path, 65534, 65534) } }
        let config = directory.appendingPathComponent("sway.conf")
        try "xwayland disable\noutput HEADLESS-1 resolution 800x600\n".write(
            to: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)

        compositor.executableURL = URL(fileURLWithPath: Self.asUser[0])
        compositor.arguments = Array(Self.asUser.dropFirst()) + ["/usr/bin/sway", "-c", config.path]
        compositor.environment = baseEnvironment.merging([
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        ]) { $1 }
        let log = directory.appendingPathComponent("sway.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        compositor.standardOutput = FileHandle.nullDevice
        compositor.standardError = try FileHandle(forWritingTo: log)
        try compositor.run()
        let socket = runtime.appendingPathComponent("wayland-1").path
        guard waitUntil(timeout: 10, { FileManager.default.fileExists(atPath: socket) }) else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("sway.log"), encoding: .utf8)) ?? ""
            stop()
            throw Failure(message: "sway did not start: \(log.suffix(2_000))")
        }
    }

    /// The command prefix that runs a program as the session's user: root drops to nobody (sway
    /// refuses root); anyone else is already unprivileged. Both exec the program: same pid.
    static let asUser =
        getuid() == 0
        ? ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups", "--"] : ["/usr/bin/env"]

    /// What every program in the session gets: no DISPLAY, so nothing can fall back to X11.
    var baseEnvironment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_RUNTIME_DIR": runtime.path, "LANG": "C.UTF-8",
            "NO_AT_BRIDGE": "1",
        ]
    }

    var clientEnvironment: [String: String] {
        baseEnvironment.merging(["WAYLAND_DISPLAY": "wayland-1", "GDK_BACKEND": "wayland"]) { $1 }
    }

    /// A program run to completion in the session, as the session's user.
    @discardableResult
    func run(_ command: [String]) throws -> Shell.Result {
        try Shell.run(
            Self.asUser[0], Array(Self.asUser.dropFirst()) + command, environment: clientEnvironment, replacing: true)
    }

    /// A program started in the session, as the session's user.
    func launch(_ command: [String], environment: [String: String], stdout: URL, stderr: URL) throws -> Process {
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.asUser[0])
        process.arguments = Array(Self.asUser.dropFirst()) + command
        process.environment = clientEnvironment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        return process
    }

    /// Types with wtype. Each wtype run brings its own keymap and GTK drops the first key after a
    /// keymap change, so a Shift tap goes first.
    func type(_ arguments: String...) throws {
        let result = try run(["/usr/bin/wtype", "-k", "Shift_L", "-d", "20"] + arguments)
        XCTAssertEqual(result.code, 0, result.stderr)
    }

    /// Asks the focused window to close, as its × or Alt+F4 would (xdg_toplevel.close).
    func closeFocusedWindow() throws {
        let result = try swaymsg(["kill"])
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
    }

    /// The focused window's app_id (xdg_toplevel.set_app_id): how a dock finds its desktop file.
    func focusedAppID() throws -> String? {
        try windows().first { $0.focused }?.appID
    }

    /// The compositor's windows (its tree's leaves with an app_id): a dialog is one more.
    func windows() throws -> [(appID: String, focused: Bool)] {
        let result = try swaymsg(["-t", "get_tree"])
        XCTAssertEqual(result.code, 0, result.stderr)
        func leaves(of node: Any) -> [(appID: String, focused: Bool)] {
            guard let node = node as? [String: Any] else { return [] }
            let own = (node["app_id"] as? String).map { [($0, node["focused"] as? Bool == true)] } ?? []
            return own + ["nodes", "floating_nodes"].flatMap { (node[$0] as? [Any] ?? []).flatMap(leaves) }
        }
        return leaves(of: try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)))
    }

    private func swaymsg(_ arguments: [String]) throws -> Shell.Result {
        let socket = try XCTUnwrap(
            try FileManager.default.contentsOfDirectory(atPath: runtime.path).first { $0.hasPrefix("sway-ipc.") })
        return try Shell.run(
            Self.asUser[0], Array(Self.asUser.dropFirst()) + ["/usr/bin/swaymsg"] + arguments,
            environment: clientEnvironment.merging(["SWAYSOCK": runtime.appendingPathComponent(socket).path]) { $1 },
            replacing: true)
    }

    /// The output's pixels (grim, as PPM), row by row, 3 bytes each.
    func screenshot() throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let file = runtime.appendingPathComponent("shot.ppm")
        let result = try run(["/usr/bin/grim", "-t", "ppm", file.path])
        XCTAssertEqual(result.code, 0, result.stderr)
        let bytes = Array(try Data(contentsOf: file))
        // "P6\n800 600\n255\n" then the pixels.
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            var field = ""
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A) {
                field.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            index += 1
            if !field.isEmpty { fields.append(field) }
        }
        return (Int(fields[1]) ?? 0, Int(fields[2]) ?? 0, Array(bytes[index...]))
    }

    func stop() {
        if compositor.isRunning {
            compositor.terminate()
            compositor.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
