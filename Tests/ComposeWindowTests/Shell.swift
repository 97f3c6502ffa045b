import Foundation

/// A command run to completion with its output captured: the system tools the install and packaging
/// tests check with (appstreamcli, mandoc, bash, ldd, dpkg, make).
enum Shell {
    struct Result {
        let code: Int32
        let stdout: String
        let stderr: String
    }

    /// The package's root directory (this file is Tests/ComposeWindowTests/Shell.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @discardableResult
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
        replacing: Bool = false, input: Data? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // `replacing`: exactly `environment`, nothing inherited from the test process.
        process.environment = replacing ? environment : ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = directory ?? packageRoot
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes while it runs, so a large output cannot block it.
        nonisolated(unsafe) var errorData = Data()
        let readerDone = DispatchSemaphore(value: 0)
        let reader = Thread {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            readerDone.signal()
        }
        reader.start()
        if let inputPipe, let input {
            try inputPipe.fileHandleForWriting.write(contentsOf: input)
            try inputPipe.fileHandleForWriting.close()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        readerDone.wait()
        return Result(
            code: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// `bash -c script` with positional arguments $1….
    @discardableResult
    static func bash(_ script: String, _ arguments: String..., environment: [String: String] = [:]) throws -> Result {
        try run("/bin/bash", ["--norc", "--noprofile", "-c", script, "bash"] + arguments, environment: environment)
    }
}
