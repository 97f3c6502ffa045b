#if canImport(Glibc)
    import Glibc
#endif

/// The few system calls the app needs, on plain file descriptors: no Foundation, so the statically
/// linked binary carries no ICU data (Foundation made it 58 MB stripped).
public enum SystemIO {
    /// Why a read or write failed: the system's reason (strerror), translated by libc.
    public struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        /// `strerror(errno)` at the time of the failure.
        public let description: String
        /// A directory, a FIFO or a device stood where a file was to be read.
        public let isNotRegularFile: Bool

        init(errno number: Int32, isNotRegularFile: Bool = false) {
            description = String(cString: strerror(number))
            self.isNotRegularFile = isNotRegularFile
        }

        init(description: String) {
            self.description = description
            isNotRegularFile = false
        }
    }

    /// Every byte of the regular file at `path` (not followed through a symbolic link unless
    /// `following`: a person's own file, which a sync folder may link), nil when there is none; a
    /// Failure for anything else, or past `most` bytes.
    public static func contents(ofFile path: String, most: Int, following: Bool = false) throws(Failure) -> [UInt8]? {
        // O_NONBLOCK: a FIFO in its place never holds the open up (a regular file ignores it).
        let descriptor = open(path, O_RDONLY | (following ? 0 : O_NOFOLLOW) | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw Failure(errno: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(errno: EINVAL, isNotRegularFile: true)
        }
        guard info.st_size <= most else { throw tooLarge(most) }
        return try readAll(from: descriptor, most: most)
    }

    /// Up to the first `count` bytes of the file at `path` (what a type is sniffed from),
    /// through a symbolic link when `following`.
    public static func prefix(ofFile path: String, count: Int, following: Bool = false) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | (following ? 0 : O_NOFOLLOW) | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(errno: errno) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(errno: errno)
            }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// The file at `from`, written by another (a GStreamer sink), made durable and named `to`:
    /// fsync, rename, fsync of the folder. False with errno set when a step failed.
    public static func moveDurably(_ from: String, to: String) -> Bool {
        let file = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return false }
        let synced = fsync(file) == 0
        close(file)
        guard synced, rename(from, to) == 0 else { return false }
        var folder = to
        while let last = folder.last, last != "/" { folder.removeLast() }
        let directory = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return false }
        defer { close(directory) }
        return fsync(directory) == 0
    }

    /// Every byte until end of file; interrupted reads are retried.
    /// Past `most` bytes, a Failure: a state file or a cache is input, and a huge one is refused,
    /// never read whole into memory.
    public static func readAll(from descriptor: Int32, most: Int = .max) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(errno: errno)
            }
            guard bytes.count + count <= most else { throw tooLarge(most) }
            bytes += chunk[..<count]
        }
    }

    static func tooLarge(_ most: Int) -> Failure {
        Failure(description: localized("larger than {0} MB", String(max(1, most >> 20))))
    }

    /// Writes every byte (write() may write part of them, or be interrupted).
    public static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) throws(Failure) {
        let contiguous = Array(bytes)
        var offset = 0
        while offset < contiguous.count {
            let written = contiguous[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(errno: errno)
            }
            offset += written
        }
    }

    /// The process environment as a dictionary (the first of repeated names, as getenv does).
    public static var environment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                let name = String(pair[..<equals])
                if result[name] == nil { result[name] = String(pair[pair.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// The value of one environment variable.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The absolute, symlink-free path of the running executable (not argv[0], which is a bare
    /// name when the program was found through PATH).
    public static var executablePath: String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` exists (any kind of file).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The file descriptors above standard error open in this process now (from /proc/self/fd).
    public static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var found: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let descriptor = Int32(name), descriptor > STDERR_FILENO, descriptor != own { found.append(descriptor) }
        }
        return found
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (not newlines).
    public var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { character in
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        let start = firstIndex { !isSpace($0) } ?? endIndex
        let end = lastIndex { !isSpace($0) }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs (not newlines).
    public var trimmingSpaces: Substring { self[...].trimmingSpaces }
}
