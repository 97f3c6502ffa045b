import CComposeWindowFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A file of compose-window's own state under `$XDG_STATE_HOME/compose-window/FOLDER/` (default
/// `~/.local/state/…`), kept as carefully as a person's text deserves: directory 0700, file 0600
/// whatever the umask, replaced atomically and durably by GLib's g_file_set_contents_full
/// (temporary file in the same directory, fsync, rename, fsync of the directory), never followed
/// through a symbolic link (rename replaces the link itself). A failed write leaves the previous
/// content intact. Drafts (DraftStore) and the outbox (OutboxStore) are such files.
public struct StateFile: Sendable {
    /// Why the file could not be read, written or removed; translated, one line.
    public struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        /// The message, naming the path and the system's reason.
        public let description: String
    }

    /// The messages for one kind of file, each translated, {0} the path and {1} the system's reason.
    public struct Wording: Sendable {
        let read: String
        let notRegularFile: String
        let notUTF8: String
        let write: String
        let remove: String
        let useDirectory: String
        let protectDirectory: String
    }

    /// The folder.
    public let directory: String
    /// The file's name in it.
    public let fileName: String
    let wording: Wording
    /// The largest file read back: a file past it is refused with one line, never read whole.
    let mostBytes: Int

    /// A file that holds the person's text (a draft, an outbox entry): far past any post, and past
    /// the 50 MB that standard input is tested with.
    public static let mostTextBytes = 256 << 20
    /// A file beside it (a draft's images or options): a few kilobytes as written.
    public static let mostSideFileBytes = 16 << 20

    /// The file.
    public var path: String { directory + "/" + fileName }

    /// `folder` under compose-window's state directory; `environment` is the process environment
    /// (XDG_STATE_HOME, HOME).
    public init(
        folder: String, fileName: String, wording: Wording, mostBytes: Int = mostTextBytes,
        environment: [String: String]
    ) throws(Failure) {
        directory = try Self.folder(folder, environment: environment)
        self.fileName = fileName
        self.wording = wording
        self.mostBytes = mostBytes
    }

    /// `folder` under compose-window's state directory (`$XDG_STATE_HOME/compose-window/FOLDER`).
    package static func folder(_ folder: String, environment: [String: String]) throws(Failure) -> String {
        let state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            state = home + "/.local/state"
        } else {
            throw Failure(
                description: localized("cannot find the state directory: neither XDG_STATE_HOME nor HOME is set"))
        }
        return state + "/compose-window/" + folder
    }

    /// Whether anything is at the path (a file, or a link or folder in its place).
    package var exists: Bool { Self.pathExists(path) }

    /// Whether anything is at `path`; one that cannot be looked at counts as there.
    package static func pathExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 || errno != ENOENT
    }

    /// The content, or nil when there is no file.
    public func load() throws(Failure) -> String? {
        let read: [UInt8]?
        do throws(SystemIO.Failure) { read = try SystemIO.contents(ofFile: path, most: mostBytes) } catch {
            if error.isNotRegularFile { throw Failure(description: substitute(wording.notRegularFile, [path])) }
            throw Failure(description: substitute(wording.read, [path, error.description]))
        }
        guard let bytes = read else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(description: substitute(wording.notUTF8, [path]))
        }
        return text
    }

    /// Replaces the content with `text` atomically and durably.
    public func save(_ text: String) throws(Failure) {
        try prepareDirectory()
        var error: UnsafeMutablePointer<GError>?
        let flags = GFileSetContentsFlags(
            rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        // The whole UTF-8 (a NUL typed into the text included): the length is given.
        let written = text.withCString {
            g_file_set_contents_full(path, $0, gssize(text.utf8.count), flags, 0o600, &error)
        }
        guard written == 0 else { return }
        defer { g_clear_error(&error) }
        // GLib's words name the temporary file and end with the system's reason ("File too large").
        let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        throw Failure(description: substitute(wording.write, [path, reason.onOneLine]))
    }

    /// Removes the file; removing a missing file is not an error.
    public func remove() throws(Failure) {
        if unlink(path) != 0 && errno != ENOENT { throw failure(wording.remove, path) }
    }

    /// Creates the directories as needed; the last one must be a real directory (not a link to
    /// one), ours, and is (re)set to 0700. Checked by lstat, with no descriptor of its own: the
    /// only opening of the folder is GLib's, to fsync it (which the kill tests count on).
    private func prepareDirectory() throws(Failure) {
        if g_mkdir_with_parents(directory, 0o700) != 0 {
            throw failure(localized("cannot create {0}: {1}"), directory)
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw failure(wording.useDirectory, directory) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            errno = (info.st_mode & S_IFMT) == S_IFLNK ? ELOOP : ENOTDIR
            throw failure(wording.useDirectory, directory)
        }
        if info.st_mode & 0o777 != 0o700, chmod(directory, 0o700) != 0 {
            throw failure(wording.protectDirectory, directory)
        }
    }

    /// `translatedFormat` has {0} for the path and {1} for the system's reason (errno).
    private func failure(_ translatedFormat: String, _ path: String) -> Failure {
        let reason = String(cString: strerror(errno))
        return Failure(description: substitute(translatedFormat, [path, reason]))
    }
}
