import CComposeWindowFiles

extension ComposeOptions {
    /// `--caption LANG:FILE` values, each file made absolute (the outbox names it); whether each
    /// is WebVTT, and which attachment is the video, are checked as the window starts.
    /// `networks`: where Send goes (nil: the window asks), which must include Bluesky.
    static func captions(
        _ values: [String], attached: Bool, networks: [PostTarget]?
    ) throws(UsageError) -> [VideoCaption] {
        guard !values.isEmpty else { return [] }
        guard attached else {
            throw UsageError(description: localized("--caption: no video is attached (--attach a video)"))
        }
        guard values.count <= VideoCaption.mostPerVideo else {
            throw UsageError(
                description: localized("--caption: at most {0} captions", String(VideoCaption.mostPerVideo)))
        }
        if let networks, !networks.contains(.bluesky) {
            throw UsageError(
                description: localized("--caption: Bluesky shows captions, Mastodon does not (--to bluesky)"))
        }
        return try values.map { value throws(UsageError) in
            guard let (language, path) = VideoCaption.split(option: value), !path.utf8.contains(0) else {
                throw UsageError(
                    description: localized("--caption: give LANG:FILE, e.g. en:subs.vtt, not “{0}”", value.onOneLine))
            }
            guard VideoCaption.isLanguage(language) else {
                throw UsageError(
                    description: localized(
                        "--caption: “{0}” is not a language tag (e.g. en or pt-BR)", language.onOneLine))
            }
            let absolute = g_canonicalize_filename(path, nil)!
            defer { g_free(absolute) }
            return VideoCaption(path: String(cString: absolute), language: language)
        }
    }
}
