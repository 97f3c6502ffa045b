import Foundation
import XCTest

/// The keyring glue against a real gnome-keyring on a private D-Bus session (and against a session
/// with no Secret Service at all), through compose-window-keyring-probe: GIO keeps the first
/// session bus a process gets, so each keyring lives in processes of its own. XCTest, not Swift
/// Testing: its tests run on the main thread, whose children get signals (a child of a Swift Testing
/// worker thread inherits its blocked signals, and the session's daemons then ignore SIGTERM).
final class AccountSecretsTests: XCTestCase {
    static let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("compose-window-keyring-probe").path

    /// Runs `script` under `dbus-run-session` in a fresh HOME, with `input` on standard input.
    static func session(_ script: String, input: String, config: String? = nil) throws -> (
        status: Int32, output: String, errors: String, home: String
    ) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("keyring-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = (config.map { ["--config-file=\($0)"] } ?? []) + ["--", "/bin/sh", "-c", script]
        process.environment = [
            "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_RUNTIME_DIR": home, "PATH": "/usr/bin:/bin",
            "PROBE": probe,
        ]
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors, home)
    }

    func testASecretIsStoredFoundReplacedAndRemovedInTheKeyring() throws {
        // The keyring daemon runs in the foreground, ended with the session (it daemonizes otherwise,
        // and outlives it); `gdbus wait` waits for its name on the bus. The secret arrives on the
        // shell's standard input and reaches the probe through printf, a shell builtin: never an
        // argument.
        let script = """
            printf 'unlock\\n' | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null 2>&1 &
            keyring=$!
            trap 'kill $keyring' EXIT
            gdbus wait --session --timeout 20 org.freedesktop.secrets || exit 9
            read -r secret
            printf '%s\\n' "$secret" | "$PROBE" store bluesky @alice.bsky.social || exit 1
            printf '%s\\n' "$secret" | "$PROBE" lookup bluesky @alice.bsky.social
            printf 'other\\n' | "$PROBE" lookup bluesky @alice.bsky.social
            printf '%s\\n' "$secret" | "$PROBE" lookup mastodon @alice.bsky.social
            printf 'replaced\\n' | "$PROBE" store bluesky @alice.bsky.social || exit 1
            printf 'replaced\\n' | "$PROBE" lookup bluesky @alice.bsky.social
            printf '\\n' | "$PROBE" remove bluesky @alice.bsky.social || exit 1
            printf '\\n' | "$PROBE" remove bluesky @alice.bsky.social || exit 1
            printf '%s\\n' "$secret" | "$PROBE" lookup bluesky @alice.bsky.social
            """
        let secret = "app-password-\(UUID().uuidString)"
        let run = try Self.session(script, input: secret + "\n")
        XCTAssertEqual(run.status, 0, run.output + run.errors)
        XCTAssertEqual(
            run.output.split(separator: "\n").map(String.init), ["same", "different", "none", "same", "none"])
        // The keyring's own file is encrypted: the secret is in no file under HOME.
        let files = FileManager.default.enumerator(atPath: run.home)?.compactMap { $0 as? String } ?? []
        for file in files {
            let contents = FileManager.default.contents(atPath: run.home + "/" + file) ?? Data()
            XCTAssertNil(contents.range(of: Data(secret.utf8)), "the secret is in \(file)")
        }
    }

    /// A session bus whose configuration lists no service directory has no Secret Service: storing
    /// fails with libsecret's reason, and nothing is written.
    func testWithNoSecretServiceStoringFailsClearly() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString).conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let run = try Self.session(
            #"read -r secret; printf '%s\n' "$secret" | "$PROBE" store bluesky @alice.bsky.social"#, input: "s3cret\n",
            config: config.path)
        XCTAssertEqual(run.status, 3, run.output + run.errors)
        XCTAssertTrue(run.errors.contains("org.freedesktop.secrets"), run.errors)
        XCTAssertFalse((run.output + run.errors).contains("s3cret"))
    }
}
