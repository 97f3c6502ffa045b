import CComposeWindowFiles

#if canImport(Glibc)
    import Glibc
#endif

/// A caption file of a video (WebVTT) and the language it is in. Bluesky shows captions
/// (app.bsky.embed.video's `captions`: at most 20, each a text/vtt blob of at most 20,000 bytes);
/// Mastodon has none, so a caption goes to Bluesky only.
package struct VideoCaption: Hashable, Sendable {
    /// The file the person chose: absolute and canonical.
    package let path: String
    /// A BCP 47 language tag ("en", "pt-BR").
    package let language: String

    package init(path: String, language: String) {
        self.path = path
        self.language = language
    }

    /// The lexicon's limits: bytes of one caption, captions of one video.
    package static let mostBytes = 20_000
    package static let mostPerVideo = 20

    /// What the file chooser offers.
    package static let mimeType = "text/vtt"

    /// Whether `tag` may be a caption's language: a primary subtag of two or three ASCII letters,
    /// then subtags of one to eight letters or digits, at most 35 characters (what the lexicon's
    /// `language` format and the PDS take; a draft or outbox edited by hand is held to it too).
    package static func isLanguage(_ tag: String) -> Bool {
        guard (2...35).contains(tag.utf8.count) else { return false }
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy(\.isASCIILetter)
        else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigit) }
    }

    /// Why `bytes` cannot be a caption Bluesky takes, in words; nil when they can: at most
    /// 20,000 bytes, UTF-8, and WebVTT's signature first ("WEBVTT", after an optional byte order
    /// mark, then the end, a space, a tab or a line break).
    package static func problem(in bytes: [UInt8]) -> String? {
        guard bytes.count <= mostBytes else { return tooLarge }
        guard String(validating: bytes, as: UTF8.self) != nil else { return localized("not UTF-8 text") }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard body.starts(with: Array("WEBVTT".utf8)),
            body.dropFirst(6).first.map({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) ?? true
        else { return localized("not a WebVTT file (it must begin with WEBVTT)") }
        return nil
    }

    /// Why the file at `path` cannot be a caption, in words; nil when it can. Read whole (it is
    /// small, or refused before it is read), through a symbolic link: the person's own file.
    package static func problem(ofFile path: String) -> String? {
        switch read(path) {
        case .success(let bytes): problem(in: bytes)
        case .failure(let reason): reason.description
        }
    }

    /// The caption at `path`, checked, written to `file` (the post's media folder) as a file of
    /// its own, durably (fsync, rename, fsync of the folder), before the outbox names it. Every
    /// upload sends that copy: the bytes checked are the bytes sent, and a resume after the person
    /// changed or removed their file sends what Send was given.
    package static func copy(_ caption: VideoCaption, to file: String) -> Result<PreparedCaption, Problem> {
        let bytes: [UInt8]
        switch read(caption.path) {
        case .success(let read): bytes = read
        case .failure(let reason): return .failure(reason)
        }
        if let problem = problem(in: bytes) { return .failure(Problem(description: problem)) }
        let folder = g_path_get_dirname(file)!
        defer { g_free(folder) }
        g_mkdir_with_parents(folder, 0o700)
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        let flags = GFileSetContentsFlags(
            rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
        let written = bytes.withUnsafeBufferPointer {
            g_file_set_contents_full(file, $0.baseAddress, gssize($0.count), flags, 0o600, &error)
        }
        guard written != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            return .failure(Problem(description: reason.onOneLine))
        }
        return .success(PreparedCaption(file: file, language: caption.language))
    }

    /// Why a caption cannot be used, in words (one line).
    package struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
        package let description: String
    }

    private static var tooLarge: String {
        localized("larger than {0} bytes, the most Bluesky takes for a caption", String(mostBytes))
    }

    private static func read(_ path: String) -> Result<[UInt8], Problem> {
        // Its size first: SystemIO's own refusal speaks of megabytes.
        var info = stat()
        if stat(path, &info) == 0, info.st_size > mostBytes { return .failure(Problem(description: tooLarge)) }
        do throws(SystemIO.Failure) {
            guard let bytes = try SystemIO.contents(ofFile: path, most: mostBytes, following: true) else {
                return .failure(Problem(description: localized("no such file")))
            }
            return .success(bytes)
        } catch {
            if error.isNotRegularFile { return .failure(Problem(description: localized("not a regular file"))) }
            return .failure(Problem(description: error.description))
        }
    }

    /// `--caption LANG:FILE`: the language before the first colon, the file after it.
    package static func split(option value: String) -> (language: String, path: String)? {
        guard let colon = value.firstIndex(of: ":") else { return nil }
        let path = value[value.index(after: colon)...]
        guard !path.isEmpty else { return nil }
        return (String(value[..<colon]), String(path))
    }
}

/// A caption's bytes as Bluesky is sent them: a copy in the post's media folder, with its language.
package struct PreparedCaption: Hashable, Sendable {
    package let file: String
    package let language: String

    package init(file: String, language: String) {
        self.file = file
        self.language = language
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    fileprivate var isASCIILetterOrDigit: Bool { isASCIILetter || (0x30...0x39).contains(self) }
}
