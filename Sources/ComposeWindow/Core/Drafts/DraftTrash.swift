#if canImport(Glibc)
    import Glibc
#endif

/// The Drafts list's Delete, undoable: a draft's files (text, images, options) move aside as
/// `.deleted-TIME-NAME…` in the drafts folder, where no listing or start sees them; Undo moves them
/// back; they are removed for good only a day later. Nothing else ever removes a draft's text from
/// the list (`remove()` after a post is the post's own).
extension DraftStore {
    /// How long a deleted draft stays restorable (seconds).
    package static let deletedLifetime: Int64 = 86_400

    private var suffixes: [String] { [".txt", ".images.json", ".options.json"] }

    /// Moves the draft aside; the name Undo gives back to `restoreDeleted`.
    package func delete(now: Int64) throws(Failure) -> String {
        let deleted = ".deleted-" + String(now) + "-" + name
        for suffix in suffixes where rename(directory + "/" + name + suffix, directory + "/" + deleted + suffix) != 0 {
            guard errno == ENOENT else {
                throw Failure(
                    description: localized("cannot delete the draft {0}: {1}", path, String(cString: strerror(errno))))
            }
        }
        return deleted
    }

    /// Undo of `delete`: its files back under this draft's name, unless a draft of that name was
    /// written since (then false, and nothing moves: neither text is lost).
    package func restoreDeleted(_ deleted: String) throws(Failure) -> Bool {
        guard access(path, F_OK) != 0 else { return false }
        for suffix in suffixes where rename(directory + "/" + deleted + suffix, directory + "/" + name + suffix) != 0 {
            guard errno == ENOENT else {
                throw Failure(
                    description: localized("cannot restore the draft {0}: {1}", path, String(cString: strerror(errno))))
            }
        }
        return true
    }

    /// Removes what was deleted more than a day before `now`.
    package static func purgeDeleted(environment: [String: String], now: Int64) {
        guard let folder = try? StateFile.folder("drafts", environment: environment) else { return }
        for suffix in [".txt", ".images.json", ".options.json"] {
            for file in StateFolder.files(in: folder, endingWith: suffix) where file.name.hasPrefix(".deleted-") {
                let time = file.name.dropFirst(".deleted-".count).prefix { $0 != "-" }
                guard let deletedAt = Int64(time), deletedAt + deletedLifetime < now else { continue }
                unlink(folder + "/" + file.name)
            }
        }
    }
}

extension DraftLock {
    /// Whether a running process (another window, a script) holds draft `name`.
    package static func isHeld(_ name: String, environment: [String: String]) -> Bool {
        guard let folder = try? StateFile.folder("locks", environment: environment) else { return false }
        let descriptor = open(folder + "/" + name + ".lock", O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }
}
