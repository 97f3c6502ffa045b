#if canImport(Glibc)
    import Glibc
#endif

/// Whose post an outbox entry is. An entry belongs to the draft it came from (its file is named
/// after the draft); a `--no-draft` run has an entry of its own (`.run-PID-TIME.json`), so a script
/// never shows or sends another invocation's post, and its standard output gets only its own. A post
/// a run leaves behind is not lost: the next start without text of its own (the desktop's) takes it
/// over. Names that start with '.' can never be a draft's.
extension OutboxStore {
    /// What a window does with its draft's outbox entry, given the text it was started with.
    package enum Claim: Equatable, Sendable {
        /// It shows and sends that post (no text of its own, or the same text: a script run again
        /// after a crash sends its post exactly once).
        case resume
        /// It has a text of its own: the entry is set aside for a later start, never sent in its place.
        case setAside
    }

    package static func claim(outboxText: String, initialText: String) -> Claim {
        initialText.isEmpty || initialText == outboxText ? .resume : .setAside
    }

    /// Whether a start takes over a post some run left behind: only a window that is empty (no
    /// text given, no draft in progress) and whose own entry holds nothing, so that a draft being
    /// written is never mistaken for an edit of someone else's post.
    package static func takesOverLeftBehind(ownEntryExists: Bool, initialText: String, shownText: String) -> Bool {
        !ownEntryExists && initialText.isEmpty && shownText.isEmpty
    }

    /// The entry of one `--no-draft` run: this process's, from `secondsSinceEpoch`.
    package init(runOf processID: Int32, at secondsSinceEpoch: Int64, environment: [String: String])
        throws(StateFile.Failure)
    {
        try self.init(fileName: ".run-\(processID)-\(secondsSinceEpoch).json", environment: environment)
    }

    /// Moves this entry aside (`.stranded-TIME-PID.json`) for a later start; its name then.
    @discardableResult
    package func setAside(at secondsSinceEpoch: Int64, processID: Int32) throws(StateFile.Failure) -> String {
        let name = ".stranded-\(secondsSinceEpoch)-\(processID).json"
        try move(from: path, to: directory + "/" + name)
        return name
    }

    /// Moves this entry out of the way (`.unreadable-TIME-PID.json`) when it holds what
    /// compose-window never writes: kept for the person to look at, never taken over; its name then.
    @discardableResult
    package func setAsideUnreadable(at secondsSinceEpoch: Int64, processID: Int32) throws(StateFile.Failure) -> String {
        let name = ".unreadable-\(secondsSinceEpoch)-\(processID).json"
        try move(from: path, to: directory + "/" + name)
        return name
    }

    /// Entries no running process owns, oldest first: set aside, or left by a `--no-draft` run that
    /// ended before every network had its post.
    package func strandedEntries(isRunning: (Int32) -> Bool) -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var found: [(time: Int64, name: String)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".json") else { continue }
            let parts = name.dropLast(5).split(separator: "-")
            guard parts.count == 3, let first = Int64(parts[1]), let second = Int64(parts[2]) else { continue }
            switch parts[0] {
            case ".stranded": found.append((first, name))
            case ".run" where !isRunning(Int32(truncatingIfNeeded: first)): found.append((second, name))
            default: continue
            }
        }
        return found.sorted { ($0.time, $0.name) < ($1.time, $1.name) }.map(\.name)
    }

    /// Takes stranded entry `name` over as this one; false when this one exists already (nothing moves).
    package func adopt(_ name: String) throws(StateFile.Failure) -> Bool {
        // link then unlink: never replaces an entry of ours.
        if link(directory + "/" + name, path) != 0 {
            if errno == EEXIST { return false }
            throw StateFile.Failure(description: localized("cannot take over the outbox {0}: {1}", name, Self.reason))
        }
        unlink(directory + "/" + name)
        return true
    }

    private func move(from old: String, to new: String) throws(StateFile.Failure) {
        guard rename(old, new) == 0 else {
            throw StateFile.Failure(description: localized("cannot set the outbox {0} aside: {1}", old, Self.reason))
        }
    }

    private static var reason: String { String(cString: strerror(errno)) }
}
