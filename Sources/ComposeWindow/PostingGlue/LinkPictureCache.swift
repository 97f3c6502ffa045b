import CComposeWindowSoup

/// A link card's picture, kept where the card can name it until Send has made it a thumb:
/// `$XDG_CACHE_HOME/compose-window/link-pictures`, each named by its address's hash (the same
/// picture is kept once). A cache the desktop clears costs the card its picture, never the post.
package enum LinkPictureCache {
    /// Writes `bytes` (on the caller's thread: an image thread, never the main one); the file's
    /// path, or nil when it cannot be written.
    package static func keep(_ bytes: [UInt8], from address: String) -> String? {
        let folder = String(cString: g_get_user_cache_dir()) + "/compose-window/link-pictures"
        guard g_mkdir_with_parents(folder, 0o700) == 0,
            let hash = g_compute_checksum_for_string(G_CHECKSUM_SHA256, address, -1)
        else { return nil }
        defer { g_free(hash) }
        let path = folder + "/" + String(cString: hash)
        let contents = bytes.map { CChar(bitPattern: $0) }
        return g_file_set_contents(path, contents, gssize(contents.count), nil) != 0 ? path : nil
    }
}
