import ComposeWindowCore
import GtkPlaceholder

/// A video's captions in the window (Bluesky's only): the language they begin in, and the check
/// Send makes of them before anything leaves.
extension ComposeWindow {
    /// The language a video's new caption begins in: the post's, else the locale's messages'
    /// (as gettext reads it), else English.
    var captionLanguage: String {
        if let language = postOptions.languages.first { return language }
        if let names = g_get_language_names(), let first = names[0],
            let code = PostOptions.languageCode(of: String(cString: first))
        {
            return code
        }
        return "en"
    }
}
