import Foundation

/// compose-window run with its arguments as raw bytes (Foundation's Process takes only Strings, and
/// the fuzzer must pass invalid UTF-8), standard input from /dev/null, output to files.
struct RawProcess {
    struct Outcome {
        /// The exit status, or nil if a signal ended it.
        let code: Int32?
        let signal: Int32?
        let stdout: Data
        let stderr: Data
        let timedOut: Bool
    }

    static func run(
        _ binary: URL, arguments: [[UInt8]], environment: [String: String], timeout: Double
    ) -> Outcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([Array(binary.path.utf8)] + arguments).map { bytes -> UnsafeMutablePointer<CChar>? in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv { pointer?.deallocate() }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv + [nil], envp + [nil])
        guard spawned == 0 else {
            return Outcome(code: nil, signal: nil, stdout: Data(), stderr: Data(), timedOut: false)
        }
        var status: Int32 = 0
        let timedOut = !waitUntil(timeout: timeout) { waitpid(pid, &status, WNOHANG) != 0 }
        if timedOut {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        let exited = status & 0x7f == 0
        return Outcome(
            code: exited ? (status >> 8) & 0xff : nil, signal: exited ? nil : status & 0x7f,
            stdout: FileManager.default.contents(atPath: outPath) ?? Data(),
            stderr: FileManager.default.contents(atPath: errPath) ?? Data(), timedOut: timedOut)
    }
}
