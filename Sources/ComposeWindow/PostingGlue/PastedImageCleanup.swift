import CComposeWindowPixbuf
import ComposeWindowCore
import Glibc

/// Removes the pasted pictures no draft and no outbox entry names any more (PastedImages decides),
/// from the state folder `state` (…/compose-window). Disk work: run it on a worker thread.
package enum PastedImageCleanup {
    /// The names removed.
    @discardableResult
    package static func run(state: String) -> [String] {
        let pasted = state + "/pasted"
        var files: [(name: String, modifiedSeconds: Int64)] = []
        for name in names(in: pasted) {
            var info = stat()
            guard lstat(pasted + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            files.append((name, Int64(info.st_mtim.tv_sec)))
        }
        guard !files.isEmpty else { return [] }
        var documents: [String] = []
        for (folder, suffix) in [("drafts", ".images.json"), ("outbox", ".json")] {
            for name in names(in: state + "/" + folder) where name.hasSuffix(suffix) {
                if let text = contents(state + "/" + folder + "/" + name) { documents.append(text) }
            }
        }
        let unused = PastedImages.unused(files, documents: documents, nowSeconds: Int64(g_get_real_time() / 1_000_000))
        return unused.filter { unlink(pasted + "/" + $0) == 0 }
    }

    private static func names(in folder: String) -> [String] {
        guard let directory = g_dir_open(folder, 0, nil) else { return [] }
        defer { g_dir_close(directory) }
        var names: [String] = []
        while let name = g_dir_read_name(directory) { names.append(String(cString: name)) }
        return names
    }

    private static func contents(_ path: String) -> String? {
        var bytes: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &bytes, &length, nil) != 0, let bytes else { return nil }
        defer { g_free(bytes) }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }
}
