/// Pictures pasted or dropped (not files: a browser's image, a screenshot) are kept as PNG files in
/// the state folder's `pasted/` for as long as a post may need them: while a draft or the outbox
/// names them. After that they are the person's pictures lying about: they go.
package enum PastedImages {
    /// A file younger than this may be another window's, pasted a moment before its draft is written.
    package static let graceSeconds: Int64 = 3600

    /// The files to remove: older than the grace period, and named by none of `documents` (the
    /// drafts' image lists and the outbox's entries, as their JSON text: a name is digits and
    /// ".png", which JSON never escapes).
    package static func unused(
        _ files: [(name: String, modifiedSeconds: Int64)], documents: [String], nowSeconds: Int64
    ) -> [String] {
        files.filter { file in
            file.name.hasSuffix(".png") && nowSeconds - file.modifiedSeconds >= graceSeconds
                && !documents.contains { Self.mentions($0, file.name) }
        }.map(\.name)
    }

    private static func mentions(_ text: String, _ name: String) -> Bool { !name.isEmpty && text.contains(bytes: name) }
}
