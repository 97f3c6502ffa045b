#if canImport(Glibc)
    import Glibc
#endif

/// One owner per draft: a process writing a draft (and its outbox entry, named after it) holds an
/// flock on `locks/NAME.lock` while it runs (beside the drafts folder, which holds only drafts). A second window or script on the same draft takes
/// the next free name, `NAME-2`, `NAME-3`, …, and says so: two processes never write, resume or
/// send the same draft. The kernel lets go of the lock when the process ends, however it ends
/// (kill -9 too), so a crash never leaves a draft locked.
package final class DraftLock: Sendable {
    package let name: String
    private let descriptor: Int32

    private init(name: String, descriptor: Int32) {
        self.name = name
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The most names tried after `wanted` before giving up.
    static let mostTries = 99

    /// The lock of `wanted`, or of the first free name after it.
    package static func claim(_ wanted: String, environment: [String: String]) throws(StateFile.Failure) -> DraftLock {
        try claim(wanted, tries: mostTries, environment: environment) { _ throws(StateFile.Failure) in true }
    }

    /// The lock of `wanted`, or of the first name after it that no process holds and that no draft,
    /// kept-aside draft or outbox entry uses: a scheduled post's draft never takes another's place,
    /// however many share its minute. Checked while holding the lock, so no other process can take
    /// the name between the check and the first write.
    package static func claimUnused(_ wanted: String, environment: [String: String]) throws(StateFile.Failure)
        -> DraftLock
    {
        try claim(wanted, tries: 999, environment: environment) { name throws(StateFile.Failure) in
            let draft = try DraftStore(name: name, environment: environment)
            let outbox = try OutboxStore(draftName: name, environment: environment)
            return !draft.isUsed && !outbox.exists
        }
    }

    private static func claim(
        _ wanted: String, tries: Int, environment: [String: String],
        accepts: (String) throws(StateFile.Failure) -> Bool
    ) throws(StateFile.Failure) -> DraftLock {
        let folder = try StateFile.folder("locks", environment: environment)
        try makeFolders(folder)
        for number in 1...tries {
            let name = number == 1 ? wanted : wanted + "-" + String(number)
            guard DraftStore.isValidName(name) else { break }
            // A lock taken on a name in use is let go (its deinit) and the next name is tried.
            if let lock = try take(name, in: folder), try accepts(name) { return lock }
        }
        throw StateFile.Failure(
            description: localized("every draft name from “{0}” on is open in another window", wanted))
    }

    /// The lock of `name` in `folder`, or nil while another process holds it.
    private static func take(_ name: String, in folder: String) throws(StateFile.Failure) -> DraftLock? {
        let path = folder + "/" + name + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return DraftLock(name: name, descriptor: descriptor) }
        let busy = errno == EWOULDBLOCK
        close(descriptor)
        guard busy else { throw failure(path) }
        return nil
    }

    /// The lock of `name` itself, or nil while another process holds it (`--deliver` leaves a
    /// post to the window that has it open).
    package static func claimOnly(_ name: String, environment: [String: String]) throws(StateFile.Failure) -> DraftLock?
    {
        let folder = try StateFile.folder("locks", environment: environment)
        try makeFolders(folder)
        return try take(name, in: folder)
    }

    private static func failure(_ path: String) -> StateFile.Failure {
        StateFile.Failure(
            description: localized("cannot lock the draft {0}: {1}", path, String(cString: strerror(errno))))
    }

    /// The folder and its parents, 0700, as the state files make them.
    private static func makeFolders(_ path: String) throws(StateFile.Failure) {
        var made = ""
        for part in path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o700) != 0 && errno != EEXIST { throw failure(made) }
        }
    }
}
