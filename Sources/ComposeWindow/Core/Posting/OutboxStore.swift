import CComposeWindowFiles
import Glibc

/// The outbox of one draft name: `$XDG_STATE_HOME/compose-window/outbox/NAME.json`, a StateFile
/// like the draft beside it (0700/0600, atomic replace, fsync). It holds a post from before its
/// first request until every network has confirmed it; its content is Outbox.json as JSON text.
package struct OutboxStore: Sendable {
    private let file: StateFile

    /// `draftName` as validated by DraftStore; `environment` is the process environment.
    package init(draftName: String, environment: [String: String]) throws(StateFile.Failure) {
        try self.init(fileName: draftName + ".json", environment: environment)
    }

    init(fileName: String, environment: [String: String]) throws(StateFile.Failure) {
        file = try StateFile(folder: "outbox", fileName: fileName, wording: .outbox, environment: environment)
    }

    var path: String { file.path }
    var directory: String { file.directory }

    package func load() throws(StateFile.Failure) -> String? { try file.load() }
    package func save(_ json: String) throws(StateFile.Failure) { try file.save(json) }

    /// The outbox goes, then the images prepared for it (a crash in between leaves only files
    /// nothing names, which the next post of this name replaces).
    package func remove() throws(StateFile.Failure) {
        try file.remove()
        removeMedia()
    }

    /// Where the post's images are kept as each network is sent them: `NAME.media/` beside the
    /// outbox (0700, made when the first image is prepared).
    package var mediaFolder: String { String(path.dropLast(".json".count)) + ".media" }

    private func removeMedia() {
        guard let folder = g_dir_open(mediaFolder, 0, nil) else { return }
        while let name = g_dir_read_name(folder) {
            unlink(mediaFolder + "/" + String(cString: name))
        }
        g_dir_close(folder)
        rmdir(mediaFolder)
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
