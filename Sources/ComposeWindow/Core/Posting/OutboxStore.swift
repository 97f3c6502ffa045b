import CComposeWindowFiles
import Glibc

/// The outbox of one draft name: `$XDG_STATE_HOME/compose-window/outbox/NAME.json`, a StateFile
/// like the draft beside it (0700/0600, atomic replace, fsync). It holds a post from before its
/// first request until every network has confirmed it; its content is Outbox.json as JSON text.
package struct OutboxStore: Sendable {
    private let file: StateFile
    /// This post's prepared images (`forPost`), removed with the entry.
    private var postMedia: String?

    /// `draftName` as validated by DraftStore; `environment` is the process environment.
    package init(draftName: String, environment: [String: String]) throws(StateFile.Failure) {
        try self.init(fileName: draftName + ".json", environment: environment)
    }

    init(fileName: String, environment: [String: String]) throws(StateFile.Failure) {
        file = try StateFile(folder: "outbox", fileName: fileName, wording: .outbox, environment: environment)
    }

    package var path: String { file.path }
    var directory: String { file.directory }

    /// Whether an entry (or anything else) is there.
    package var exists: Bool { file.exists }

    package func load() throws(StateFile.Failure) -> String? { try file.load() }
    package func save(_ json: String) throws(StateFile.Failure) { try file.save(json) }

    /// The images prepared for the post go, then the entry: a crash in between leaves an entry
    /// that is posted or abandoned, which needs them no more.
    package func remove() throws(StateFile.Failure) {
        if let postMedia { Self.removeFolder(postMedia) }
        try file.remove()
    }

    /// This entry as the store of `plan`'s post: its images are kept in `outbox/media/POST/`, POST
    /// named by the post's first key, so that an entry set aside and taken over keeps its own.
    package func forPost(_ plan: PostingPlan) -> OutboxStore {
        var store = self
        store.postMedia = directory + "/media/" + plan.mediaName
        return store
    }

    /// Where this post's prepared images are kept (nil until `forPost`).
    package var mediaFolder: String? { postMedia }

    private static func removeFolder(_ path: String) {
        guard let folder = g_dir_open(path, 0, nil) else { return }
        while let name = g_dir_read_name(folder) {
            unlink(path + "/" + String(cString: name))
        }
        g_dir_close(folder)
        rmdir(path)
    }
}

extension StateFile.Wording {
    /// The outbox's messages.
    static var outbox: Self {
        Self(
            read: localized("cannot read the outbox {0}: {1}"),
            notRegularFile: localized("cannot read the outbox {0}: not a regular file"),
            notUTF8: localized("the outbox {0} is not valid UTF-8"),
            write: localized("cannot write the outbox {0}: {1}"),
            remove: localized("cannot remove the outbox {0}: {1}"),
            useDirectory: localized("cannot use the outbox directory {0}: {1}"),
            protectDirectory: localized("cannot protect the outbox directory {0}: {1}"))
    }
}
