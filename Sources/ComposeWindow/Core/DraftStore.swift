#if canImport(Glibc)
    import Glibc
#endif

/// One draft file per name under `$XDG_STATE_HOME/compose-window/drafts/` (default
/// `~/.local/state/…`): directory 0700, files 0600 whatever the umask, replaced atomically (temporary
/// file in the same directory, fsync, rename, fsync of the directory), never followed through a
/// symbolic link. A failed write leaves the previous draft intact.
public struct DraftStore: Sendable {
    /// Why a draft could not be read, written or removed; translated, one line.
    public struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        /// The message, naming the path and the system's reason.
        public let description: String
    }

    /// The drafts directory.
    public let directory: String
    /// The draft name (`--draft`).
    public let name: String

    /// The draft file.
    public var path: String { directory + "/" + fileName }
    private var fileName: String { name + ".txt" }

    /// `environment` is the process environment (XDG_STATE_HOME, HOME).
    public init(name: String, environment: [String: String]) throws(Failure) {
        guard DraftStore.isValidName(name) else {
            throw Failure(
                description: localized(
                    "invalid draft name “{0}”: use letters, digits, '-', '_' or '.', not starting with '.'", name))
        }
        let state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else if let home = environment["HOME"], !home.isEmpty {
            state = home + "/.local/state"
        } else {
            throw Failure(
                description: localized("cannot find the state directory: neither XDG_STATE_HOME nor HOME is set"))
        }
        self.directory = state + "/compose-window/drafts"
        self.name = name
    }

    /// Whether `name` is a safe file name: letters, digits, `-`, `_`, `.`, not starting with `.`.
    public static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 200, !name.hasPrefix(".") else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || "-_.".unicodeScalars.contains(scalar)
        }
    }

    /// The saved draft, or nil when there is none.
    public func load() throws(Failure) -> String? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure(localized("cannot read the draft {0}: {1}"), path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(description: localized("cannot read the draft {0}: not a regular file", path))
        }
        let bytes: [UInt8]
        do throws(SystemIO.Failure) { bytes = try SystemIO.readAll(from: descriptor) } catch {
            throw Failure(description: localized("cannot read the draft {0}: {1}", path, error.description))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(description: localized("the draft {0} is not valid UTF-8", path))
        }
        return text
    }

    /// Replaces the draft with `text` atomically.
    public func save(_ text: String) throws(Failure) {
        let directoryDescriptor = try openDirectory()
        defer { close(directoryDescriptor) }
        var template = Array((directory + "/." + fileName + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(localized("cannot write the draft {0}: {1}"), directory) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(descriptor) }
        do throws(Failure) {
            guard fchmod(descriptor, 0o600) == 0 else {
                throw failure(localized("cannot write the draft {0}: {1}"), temporary)
            }
            // POSIX calls, so a full disk or a file-size limit reads "No space left on device" or
            // "File too large", from errno.
            do throws(SystemIO.Failure) { try SystemIO.writeAll(text.utf8, to: descriptor) } catch {
                throw Failure(description: localized("cannot write the draft {0}: {1}", path, error.description))
            }
            guard fsync(descriptor) == 0 else { throw failure(localized("cannot write the draft {0}: {1}"), path) }
            // rename() replaces a symbolic link itself, never the file it points to.
            guard rename(temporary, path) == 0 else {
                throw failure(localized("cannot write the draft {0}: {1}"), path)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        fsync(directoryDescriptor)
    }

    /// Where ``keepAside()`` puts the previous draft (`~` cannot occur in a draft name).
    public var asidePath: String { path + "~" }

    /// Moves the saved draft to ``asidePath`` (replacing an older one there), so that saving a new
    /// text under the same name keeps it. A missing draft is not an error.
    public func keepAside() throws(Failure) {
        if rename(path, asidePath) != 0 && errno != ENOENT {
            throw failure(localized("cannot write the draft {0}: {1}"), asidePath)
        }
    }

    /// Removes the draft; removing a missing draft is not an error.
    public func remove() throws(Failure) {
        if unlink(path) != 0 && errno != ENOENT { throw failure(localized("cannot remove the draft {0}: {1}"), path) }
    }

    /// Creates the directories as needed; the drafts directory itself must be a real directory,
    /// ours, and is (re)set to 0700.
    private func openDirectory() throws(Failure) -> Int32 {
        var partial = ""
        for component in directory.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw failure(localized("cannot create {0}: {1}"), partial)
            }
        }
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(localized("cannot use the drafts directory {0}: {1}"), directory) }
        if fchmod(descriptor, 0o700) != 0 {
            close(descriptor)
            throw failure(localized("cannot protect the drafts directory {0}: {1}"), directory)
        }
        return descriptor
    }

    /// `translatedFormat` has {0} for the path and {1} for the system's reason (errno).
    private func failure(_ translatedFormat: String, _ path: String) -> Failure {
        let reason = String(cString: strerror(errno))
        return Failure(description: substitute(translatedFormat, [path, reason]))
    }
}
