import Foundation
import XCTest

/// A private desktop and network for the posting tests (Tests/Support/Networks/sandbox.sh under
/// `unshare -n -m`): the networks' real host names served by HTTPS stand-ins on 127.0.0.1:443 with
/// a test CA the system trusts there, and a D-Bus session with gnome-keyring's Secret Service.
/// compose-window joins it through `nsenter`, as it is: no hook, no option of its own.
final class NetworkSandbox {
    struct SandboxFailure: Error, CustomStringConvertible {
        let description: String
    }

    let directory: URL
    private let process = Process()
    /// Every sandbox made since SandboxTestCase last looked for secrets in them.
    nonisolated(unsafe) static var made: [NetworkSandbox] = []
    /// What the app printed here (each run's stdout and stderr, each window's stderr).
    private(set) var outputs: [String: String] = [:]
    private var windows: [ComposeProcess] = []

    /// `bluesky`: handle → app password the stand-in accepts. `mastodon`: the user the browser is
    /// signed in as on the Mastodon stand-in; `mastodonLimit` and `mastodonURLLength`: its servers' post
    /// limit and URL weight (/api/v2/instance); `mastodonBeforeTheLock`: a server from before Mastodon's
    /// idempotency lock (a repeat during a slow first request makes a second status). `keyring`: false for a session bus
    /// with no Secret Service. `trusted`: false keeps the test CA out of the trust bundle.
    init(
        bluesky: [String: String] = [:], mastodon: String = "alice", mastodonLimit: Int = 500,
        mastodonURLLength: Int = 23, mastodonBeforeTheLock: Bool = false, keyring: Bool = true, trusted: Bool = true
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONSerialization.data(
            withJSONObject: [
                "bluesky": bluesky, "mastodon": mastodon, "mastodonLimit": mastodonLimit,
                "mastodonURLLength": mastodonURLLength, "mastodonBeforeTheLock": mastodonBeforeTheLock,
            ] as [String: Any]
        ).write(
            to: directory.appendingPathComponent("accounts.json"))
        let script = Shell.packageRoot.appendingPathComponent("Tests/Support/Networks/sandbox.sh")
        Self.made.append(self)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-n", "-m", "--", script.path, directory.path]
        var environment = ProcessInfo.processInfo.environment
        environment["KEYRING"] = keyring ? "gnome-keyring" : "none"
        environment["TEST_CA"] = trusted ? "trusted" : "untrusted"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The script says "ready" once the servers and the keyring answer.
        guard Self.firstOutput(of: output, within: 60) == "ready\n" else {
            stop()
            let errors = (try? String(contentsOf: directory.appendingPathComponent("standin.err"), encoding: .utf8))
            throw SandboxFailure(description: "the sandbox did not start: " + (errors ?? "no stand-in output"))
        }
    }

    deinit { stop() }

    /// What a process first writes to `pipe`, read as it arrives (a blocking read, on a thread, with
    /// a deadline); nil when nothing came in time.
    static func firstOutput(of pipe: Pipe, within seconds: Double) -> String? {
        let arrived = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var data = Data()
        Thread {
            data = pipe.fileHandleForReading.availableData
            arrived.signal()
        }.start()
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// How the browser answers an authorization page (Tests/Support/Networks/oauth-browser.sh).
    enum BrowserDecision: String {
        case approve, deny
        /// Opened, never answered: the person walked away.
        case ignore
        /// A forged redirect to the loopback listener first, then approve.
        case forgeThenApprove = "forge-then-approve"
    }

    /// Registers the default browser (x-scheme-handler/https) in the sandbox's home, as a desktop
    /// does; what it did goes to `browserOutput`.
    func registerBrowser(_ decision: BrowserDecision) throws {
        let applications = home.appendingPathComponent("data/applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: browserOutput, withIntermediateDirectories: true)
        let script = Shell.packageRoot.appendingPathComponent("Tests/Support/Networks/oauth-browser.sh").path
        try """
        [Desktop Entry]
        Type=Application
        Name=Browser
        Exec=\(script) \(browserOutput.path) \(decision.rawValue) %u
        MimeType=x-scheme-handler/http;x-scheme-handler/https;
        NoDisplay=true

        """.write(to: applications.appendingPathComponent("browser.desktop"), atomically: true, encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/https=browser.desktop\n".write(
            to: home.appendingPathComponent("config/mimeapps.list"), atomically: true, encoding: .utf8)
    }

    var browserOutput: URL { directory.appendingPathComponent("browser") }

    /// The lines the browser wrote to `name` in `browserOutput`.
    func browserLines(_ name: String) -> [String] {
        let text = (try? String(contentsOf: browserOutput.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// The person's home, with the XDG folders under it.
    var home: URL { directory.appendingPathComponent("home") }

    var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=" + directory.appendingPathComponent("bus").path,
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path, "XDG_RUNTIME_DIR": home.path,
            "GSETTINGS_BACKEND": "keyfile",
        ]
    }

    /// The sandbox script's process, whose descendants are its servers and its keyring.
    var scriptPID: pid_t { process.processIdentifier }

    /// Runs `command` inside the sandbox's network and mounts.
    func launcher(_ command: String) -> [String] {
        if command == "/usr/bin/faketime" { Self.removeStaleFaketimeLocks() }
        return ["/usr/bin/nsenter", "-t", String(process.processIdentifier), "-n", "-m", "--", command]
    }

    /// faketime keeps a semaphore and a shared-memory file named by its PID in /dev/shm, removed
    /// as it exits; one killed leaves them, and a later faketime given the same PID fails
    /// ("sem_open: File exists", as a CI run did). Those of processes that are gone are removed.
    static func removeStaleFaketimeLocks() {
        let folder = "/dev/shm/"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names {
            guard let prefix = ["faketime_shm_", "sem.faketime_sem_"].first(where: name.hasPrefix),
                let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: folder + name)
        }
    }

    /// Where the sandbox's /etc/hosts points the networks' names: `address`, or nowhere (nil: the
    /// names do not resolve). The file is rewritten in place, so its bind mount sees the change.
    func pointNetworkNames(at address: String?) throws {
        let file = directory.appendingPathComponent("hosts")
        var text = try String(contentsOf: directory.appendingPathComponent("hosts.base"), encoding: .utf8)
        if !text.hasSuffix("\n") { text += "\n" }
        if let address {
            text += address + " " + (try String(contentsOf: directory.appendingPathComponent("names"), encoding: .utf8))
        }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// compose-window run inside, to its end: exit code, stdout, stderr.
    func composeWindow(_ arguments: [String], stdin: String = "", timeout: Double = 60) throws -> (
        code: Int32, stdout: String, stderr: String
    ) {
        let run = try ComposeProcess(
            arguments, stateHome: home.appendingPathComponent("state"), stdin: Data(stdin.utf8),
            environment: environment, launcher: launcher(ComposeProcess.binary.path))
        guard let finished = run.finish(timeout: timeout) else {
            XCTFail("compose-window \(arguments) did not exit within \(timeout) s")
            return (-1, "", "")
        }
        let stdout = String(decoding: finished.stdout, as: UTF8.self)
        outputs["\(arguments) stdout"] = stdout
        outputs["\(arguments) stderr"] = finished.stderr
        return (finished.code, stdout, finished.stderr)
    }

    /// A window opened here, whose standard error is searched for secrets too.
    func track(_ window: ComposeProcess) { windows.append(window) }

    /// Where a token or the app password can be read outside the keyring (placesHolding).
    var leakedSecrets: [String] {
        var everything = outputs
        for (index, window) in windows.enumerated() { everything["window \(index) stderr"] = window.stderrSoFar }
        return placesHolding(postingSecrets, outputs: everything)
    }

    /// What the stand-ins have seen and kept (state.json): sessions, records, requests.
    var state: [String: Any] {
        let data = (try? Data(contentsOf: directory.appendingPathComponent("state.json"))) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    var sessions: [[String: Any]] { state["sessions"] as? [[String: Any]] ?? [] }

    /// (host, path) of every request the stand-ins received, in order.
    var requests: [(host: String, path: String, verb: String)] {
        (state["requests"] as? [[String: Any]] ?? []).map {
            (($0["host"] as? String) ?? "", ($0["path"] as? String) ?? "", ($0["verb"] as? String) ?? "")
        }
    }

    /// The keyring's secret for the account, read with libsecret's own secret-tool.
    func keyringSecret(network: String, account: String) throws -> String? {
        let command = launcher("/usr/bin/secret-tool") + ["lookup", "network", network, "account", account]
        let found = try Shell.run(command[0], Array(command.dropFirst()), environment: environment)
        return found.code == 0 ? found.stdout.trimmingCharacters(in: .newlines) : nil
    }

    /// Every place outside the keyring where one of `secrets` can be read: a file under the home
    /// (config, data, cache, state), `outputs`, and any process's command line or environment.
    func placesHolding(_ secrets: [String], outputs: [String: String]) -> [String] {
        var places: [String] = []
        let needles = secrets.filter { !$0.isEmpty }.map { Data($0.utf8) }
        func holds(_ data: Data) -> Bool { needles.contains { data.range(of: $0) != nil } }
        let files = FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if let data = try? Data(contentsOf: file), holds(data) { places.append(file.path) }
        }
        for (name, text) in outputs where holds(Data(text.utf8)) { places.append(name) }
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in processes where Int(pid) != nil {
            for part in ["cmdline", "environ"] {
                if let data = FileManager.default.contents(atPath: "/proc/\(pid)/\(part)"), holds(data) {
                    places.append("/proc/\(pid)/\(part)")
                }
            }
        }
        return places
    }
}
