#if canImport(Glibc)
    import Glibc
#endif

/// What a state folder (drafts, outbox) holds, read without changing it: a listing never creates
/// the folder, follows no symbolic link and skips anything that is not a regular file.
enum StateFolder {
    struct Entry: Equatable, Sendable {
        let name: String
        /// When it was last written, seconds since the epoch.
        let modified: Int64
    }

    /// The regular files in `directory` whose names end with `suffix`, by name; none when the
    /// folder does not exist (nothing was ever saved).
    static func files(in directory: String, endingWith suffix: String) -> [Entry] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var found: [Entry] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(suffix), name.count > suffix.count else { continue }
            var facts = stat()
            guard lstat(directory + "/" + name, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG else { continue }
            found.append(Entry(name: name, modified: Int64(facts.st_mtim.tv_sec)))
        }
        return found.sorted { $0.name < $1.name }
    }
}
