#if canImport(Glibc)
    import Glibc
#endif

/// One draft file per name under `$XDG_STATE_HOME/compose-window/drafts/` (a StateFile: 0700/0600,
/// atomic replace, fsync, no symbolic links followed). A failed write leaves the previous draft intact.
public struct DraftStore: Sendable {
    /// Why a draft could not be read, written or removed; translated, one line.
    public typealias Failure = StateFile.Failure

    private let file: StateFile
    /// The draft's images (`NAME.images.json`, PostImage.listJSON as text), beside its text.
    private let imagesFile: StateFile
    /// The post's options (`NAME.options.json`, PostOptions' JSON as text): a content warning is
    /// text the person wrote.
    private let optionsFile: StateFile
    /// The draft name (`--draft`).
    public let name: String

    /// The drafts directory.
    public var directory: String { file.directory }
    /// The draft file.
    public var path: String { file.path }

    /// `environment` is the process environment (XDG_STATE_HOME, HOME).
    public init(name: String, environment: [String: String]) throws(Failure) {
        guard DraftStore.isValidName(name) else {
            throw Failure(
                description: localized(
                    "invalid draft name “{0}”: use letters, digits, '-', '_' or '.', not starting with '.'", name))
        }
        file = try StateFile(folder: "drafts", fileName: name + ".txt", wording: .draft, environment: environment)
        imagesFile = try StateFile(
            folder: "drafts", fileName: name + ".images.json", wording: .draft,
            mostBytes: StateFile.mostSideFileBytes, environment: environment)
        optionsFile = try StateFile(
            folder: "drafts", fileName: name + ".options.json", wording: .draft,
            mostBytes: StateFile.mostSideFileBytes, environment: environment)
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

    /// Whether the name holds anything: the text, its images, its options, or one kept aside.
    package var isUsed: Bool {
        [file.path, imagesFile.path, optionsFile.path].contains {
            StateFile.pathExists($0) || StateFile.pathExists($0 + "~")
        }
    }

    /// The saved draft, or nil when there is none.
    public func load() throws(Failure) -> String? { try file.load() }

    /// Replaces the draft with `text` atomically.
    public func save(_ text: String) throws(Failure) { try file.save(text) }

    /// Removes the draft, its images and its options; removing a missing draft is not an error.
    public func remove() throws(Failure) {
        try file.remove()
        try imagesFile.remove()
        try optionsFile.remove()
    }

    /// The post's options as JSON text, or nil when none was set.
    package func loadOptions() throws(Failure) -> String? { try optionsFile.load() }

    /// Replaces the post's options (JSON text; nil: none set).
    package func saveOptions(_ json: String?) throws(Failure) {
        if let json { try optionsFile.save(json) } else { try optionsFile.remove() }
    }

    /// The draft's images as JSON text, or nil when it has none.
    package func loadImages() throws(Failure) -> String? { try imagesFile.load() }

    /// Replaces the draft's images (JSON text; nil: it has none).
    package func saveImages(_ json: String?) throws(Failure) {
        if let json { try imagesFile.save(json) } else { try imagesFile.remove() }
    }

    /// Where ``keepAside()`` puts the previous draft (`~` cannot occur in a draft name).
    public var asidePath: String { path + "~" }

    /// Moves the saved draft to ``asidePath`` (replacing an older one there), so that saving a new
    /// text under the same name keeps it. A missing draft is not an error.
    public func keepAside() throws(Failure) {
        let moves = [path, imagesFile.path, optionsFile.path].map { ($0, $0 + "~") }
        for (from, to) in moves where rename(from, to) != 0 {
            guard errno == ENOENT else {
                throw Failure(
                    description: localized("cannot write the draft {0}: {1}", to, String(cString: strerror(errno))))
            }
        }
    }
}

extension StateFile.Wording {
    /// A draft's messages.
    static var draft: Self {
        Self(
            read: localized("cannot read the draft {0}: {1}"),
            notRegularFile: localized("cannot read the draft {0}: not a regular file"),
            notUTF8: localized("the draft {0} is not valid UTF-8"), write: localized("cannot write the draft {0}: {1}"),
            remove: localized("cannot remove the draft {0}: {1}"),
            useDirectory: localized("cannot use the drafts directory {0}: {1}"),
            protectDirectory: localized("cannot protect the drafts directory {0}: {1}"))
    }
}
