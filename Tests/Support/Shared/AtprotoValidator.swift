import Foundation

/// A createRecord body checked by the atproto SDK's models (PyPI, `make atproto`;
/// scripts/check-bluesky-record.py): a validator no one here wrote. The core's record tests and the
/// window tests (what the stand-in received) share it.
public enum AtprotoValidator {
    /// The validator's exit status and what it printed, for `body` (JSON) and the checkout at
    /// `root`; a missing validator is a failure the caller reports, never a skip.
    public static func check(_ body: Data, root: URL) throws -> (status: Int32, output: String) {
        let python = root.appendingPathComponent(".build/atproto/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            return (-1, "no atproto validator at \(python.path): `make test` makes it (make atproto)")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [root.appendingPathComponent("scripts/check-bluesky-record.py").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(body)
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }
}
