import Foundation
import XCTest

/// What the scheduling tests share: the scheduled draft `--outbox` lists, the timer's unit run as
/// systemd runs it under faketime, a window on a draft.
extension NetworkSandbox {
    /// Signed in to the Mastodon stand-in, Mastodon not given the time: a scheduled post waits here.
    static func waitingHere() throws -> NetworkSandbox {
        let sandbox = try signedIn("mastodon")
        try sandbox.setting("mastodon-keeps-scheduled=false")
        return sandbox
    }

    var userUnits: URL { home.appendingPathComponent("config/systemd/user") }

    /// The one scheduled draft's name, as `--outbox` lists it.
    func scheduledDraft(state: String = "scheduled") throws -> String {
        let listed = try composeWindow(["--outbox"])
        XCTAssertEqual(listed.code, 0, listed.stderr)
        let fields = listed.stdout.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        XCTAssertGreaterThan(fields.count, 3, listed.stdout)
        XCTAssertEqual(fields.count > 2 ? fields[2] : "", state, listed.stdout)
        return fields.first ?? ""
    }

    /// Takes the sandbox's default route away (offline, as GIO's network monitor judges it) or
    /// back.
    func setOnline(_ online: Bool) throws {
        let command = launcher("/usr/sbin/ip") + ["route", online ? "add" : "del", "default", "dev", "lo"]
        let route = try Shell.run(command[0], Array(command.dropFirst()))
        XCTAssertEqual(route.code, 0, route.stderr)
    }

    /// The service's `ExecStart` and `Environment`, run as systemd runs them, inside the sandbox,
    /// with the clock `shift` ahead (faketime's offset, e.g. "+2h").
    func runTheUnit(clockAhead shift: String) throws -> (
        code: Int32, stdout: String, stderr: String
    ) {
        let service = try String(
            contentsOf: userUnits.appendingPathComponent("compose-window-deliver.service"), encoding: .utf8)
        var environment = self.environment
        var command: [String] = []
        for line in service.split(separator: "\n") {
            if line.hasPrefix("Environment=\"") {
                let assignment = line.dropFirst("Environment=\"".count).dropLast()
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                environment[parts[0]] = parts[1]
            } else if line.hasPrefix("ExecStart=\"") {
                let words = line.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
                command = [String(words[0].dropFirst().dropLast())] + words.dropFirst()
            }
        }
        XCTAssertEqual(command.dropFirst(), ["--deliver"], service)
        let stateHome = URL(fileURLWithPath: environment["XDG_STATE_HOME"] ?? "/nonexistent")
        let run = try ComposeProcess(
            Array(command.dropFirst()), stateHome: stateHome, environment: environment,
            launcher: launcher("/usr/bin/faketime") + ["-f", shift, command[0]])
        let finished = try XCTUnwrap(run.finish(timeout: 60))
        return (finished.code, String(decoding: finished.stdout, as: UTF8.self), finished.stderr)
    }

    /// A window on the scheduled draft, its clock `clockAhead` (faketime's offset) if given; `to`
    /// nil opens it as the docs say, with `--draft NAME` alone.
    func open(
        _ draft: String, clockAhead: String? = nil, to network: String? = "mastodon", waitsForItsWindow: Bool = true
    ) throws -> ComposeProcess {
        let binary = ComposeProcess.binary.path
        let window = try ComposeProcess(
            (network.map { ["--to", $0] } ?? []) + ["--no-spell", "--draft", draft],
            stateHome: home.appendingPathComponent("state"),
            environment: environment,
            launcher: clockAhead.map { launcher("/usr/bin/faketime") + ["-f", $0, binary] }
                ?? launcher(binary))
        track(window)
        if waitsForItsWindow { XCTAssertTrue(window.waitForWindow()) }
        return window
    }
}
