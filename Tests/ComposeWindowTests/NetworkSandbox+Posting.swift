import Foundation
import XCTest

/// What the posting tests share: a sandbox with an account signed in, faults for the stand-ins,
/// the window opened and Send pressed, and what the servers and the outbox hold.
extension NetworkSandbox {
    static let appPassword = "pq7r-k2mx-w9ts-\(UUID().uuidString.prefix(4).lowercased())"

    /// A sandbox with one account signed in through the command line, as a person would.
    static func signedIn(
        _ network: String, mastodonLimit: Int = 500, mastodonURLLength: Int = 23, mastodonBeforeTheLock: Bool = false
    ) throws -> NetworkSandbox {
        let sandbox = try NetworkSandbox(
            bluesky: ["alice.bsky.social": appPassword], mastodonLimit: mastodonLimit,
            mastodonURLLength: mastodonURLLength, mastodonBeforeTheLock: mastodonBeforeTheLock)
        let signIn: (code: Int32, stdout: String, stderr: String)
        if network == "mastodon" {
            try sandbox.registerBrowser(.approve)
            signIn = try sandbox.composeWindow(["--sign-in", "mastodon", "--instance", "mastodon.social"])
        } else {
            signIn = try sandbox.composeWindow(
                ["--sign-in", "bluesky", "--handle", "alice.bsky.social"], stdin: appPassword + "\n")
        }
        XCTAssertEqual(signIn.code, 0, signIn.stderr)
        return sandbox
    }

    /// A sandbox with a Mastodon and a Bluesky account signed in.
    static func signedInToBoth() throws -> NetworkSandbox {
        let sandbox = try signedIn("mastodon")
        let bluesky = try sandbox.composeWindow(
            ["--sign-in", "bluesky", "--handle", "alice.bsky.social"], stdin: appPassword + "\n")
        XCTAssertEqual(bluesky.code, 0, bluesky.stderr)
        return sandbox
    }

    /// Faults the stand-ins apply to the next matching requests (standin.py).
    func inject(_ faults: [[String: Any]]) throws {
        try JSONSerialization.data(withJSONObject: faults).write(
            to: directory.appendingPathComponent("faults.json"), options: .atomic)
    }

    /// One of the window's settings, `key=value`, as GSettings' keyfile backend keeps it.
    func setting(_ line: String) throws {
        let keyfile = home.appendingPathComponent("config/glib-2.0/settings/keyfile")
        let group = "[io/github/gtkplaceholder/ComposeWindow]"
        var settings = (try? String(contentsOf: keyfile, encoding: .utf8)) ?? ""
        if !settings.contains(group) { settings += "\n" + group + "\n" }
        settings = settings.replacingOccurrences(of: group, with: group + "\n" + line)
        try FileManager.default.createDirectory(
            at: keyfile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try settings.write(to: keyfile, atomically: true, encoding: .utf8)
    }

    /// The window opened on `text` for `network` (standard input, as a script gives it). `faster`:
    /// its clocks run that many times faster (libfaketime, from outside: Mastodon's settle time and
    /// Retry-After waits pass in seconds). `spell`: the dictionary (none unless given).
    func window(
        _ text: String, to network: String, extra: [String] = [], faster: Int? = nil,
        environment more: [String: String] = [:], spell: String? = nil
    ) throws -> ComposeProcess {
        let window = try ComposeProcess(
            ["--to", network] + (spell.map { ["--spell", $0] } ?? ["--no-spell"]) + extra,
            stateHome: home.appendingPathComponent("state"),
            stdin: Data(text.utf8), environment: environment.merging(more) { $1 },
            launcher: composeLauncher(faster: faster))
        track(window)
        XCTAssertTrue(window.waitForWindow())
        return window
    }

    /// The window, opened on `text` for `network`, with Send pressed.
    func send(_ text: String, to network: String, extra: [String] = [], faster: Int? = nil) throws -> ComposeProcess {
        let window = try window(text, to: network, extra: extra, faster: faster)
        window.key("ctrl+Return")
        return window
    }

    /// The window started again with the same (default) draft name and no text given, as after a
    /// crash: it shows whatever the draft and the outbox kept.
    func reopen(to network: String, faster: Int? = nil) throws -> ComposeProcess {
        let window = try ComposeProcess(
            ["--to", network, "--no-spell"], stateHome: home.appendingPathComponent("state"), environment: environment,
            launcher: composeLauncher(faster: faster))
        track(window)
        XCTAssertTrue(window.waitForWindow())
        return window
    }

    /// The window opened on `text` for `network` under strace, which kills it (SIGKILL, as kill -9)
    /// when it enters system call `syscall` on `path` for the `nth` time: a crash pinned to one
    /// step of Send, from outside the app.
    func windowKilled(
        at syscall: String, on path: URL, nth: Int, text: String, to network: String, extra: [String] = []
    ) throws -> ComposeProcess {
        let strace = [
            "-f", "-qq", "-o", "/dev/null", "-P", path.path, "-e", "trace=" + syscall,
            "-e", "inject=\(syscall):signal=KILL:when=\(nth)", ComposeProcess.binary.path,
        ]
        let window = try ComposeProcess(
            ["--to", network, "--no-spell"] + extra, stateHome: home.appendingPathComponent("state"),
            stdin: Data(text.utf8), environment: environment, launcher: launcher("/usr/bin/strace") + strace)
        track(window)
        XCTAssertTrue(window.waitForWindow())
        return window
    }

    private func composeLauncher(faster: Int?) -> [String] {
        guard let faster else { return launcher(ComposeProcess.binary.path) }
        return launcher("/usr/bin/faketime") + ["-f", "+0 x\(faster)", ComposeProcess.binary.path]
    }

    var outboxDirectory: URL { home.appendingPathComponent("state/compose-window/outbox") }
    var outboxFile: URL { home.appendingPathComponent("state/compose-window/outbox/default.json") }
    var draftFile: URL { home.appendingPathComponent("state/compose-window/drafts/default.txt") }
    var statuses: [[String: Any]] { state["statuses"] as? [[String: Any]] ?? [] }
    var records: [[String: Any]] { state["records"] as? [[String: Any]] ?? [] }

    /// Every token and client secret the stand-ins issued, and every app password they accept.
    var postingSecrets: [String] {
        let accounts = (try? Data(contentsOf: directory.appendingPathComponent("accounts.json")))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let appPasswords = (accounts?["bluesky"] as? [String: String]).map { Array($0.values) } ?? []
        return (state["tokens"] as? [[String: Any]] ?? []).compactMap { $0["token"] as? String }
            + (state["apps"] as? [[String: Any]] ?? []).compactMap { $0["client_secret"] as? String }
            + sessions.flatMap { [$0["accessJwt"] as? String ?? "", $0["refreshJwt"] as? String ?? ""] }
            + appPasswords
    }
}
