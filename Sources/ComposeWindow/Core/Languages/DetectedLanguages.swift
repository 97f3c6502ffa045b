/// The post's languages when the person chose none (Auto): what the text reads as, by CLD2
/// (LanguageDetection), as the networks take them: ISO 639-1 codes (Mastodon's `language`
/// takes the first, Bluesky's `langs` up to three). CLD2 tells Japanese written in kanji from
/// Chinese, and Traditional from Simplified Chinese, which a script count cannot.
package enum DetectedLanguages {
    /// CLD2's answer: its codes ("zh", "zh-Hant", "ja", "en", "un" for unknown) with the share of
    /// the text each holds, and whether it is sure.
    package struct Answer: Equatable, Sendable {
        package let codes: [String]
        package let percents: [Int]
        package let reliable: Bool

        package init(codes: [String], percents: [Int], reliable: Bool) {
            self.codes = codes
            self.percents = percents
            self.reliable = reliable
        }
    }

    /// A second or third language counts from this share of the text (a name or a link in another
    /// language is not the post's language).
    static let leastPercent = 20
    /// What is read of a long text: its start says enough.
    package static let longestText = 16_384
    /// The typing pause after which the text is read, in milliseconds.
    package static let pauseMilliseconds: UInt32 = 700

    /// The languages, the main one first; none when CLD2 is not sure (a word or two, numbers).
    package static func languages(_ answer: Answer) -> [String] {
        guard answer.reliable else { return [] }
        var found: [String] = []
        for (code, percent) in zip(answer.codes, answer.percents) where percent > 0 {
            guard found.isEmpty || percent >= leastPercent, let iso = PostOptions.languageCode(of: code),
                iso != "un", !found.contains(iso)
            else { continue }
            found.append(iso)
        }
        return Array(found.prefix(PostOptions.mostLanguages))
    }

    /// Whether the languages the person chose disagree with the text: its main language is none of
    /// them (Chinese text tagged English). The window says so once, quietly, before Send.
    package static func disagree(chosen: [String], detected: [String]) -> Bool {
        guard let main = detected.first, !chosen.isEmpty else { return false }
        return !chosen.contains(main)
    }
}

extension PostOptions {
    /// These options with the text's `detected` languages when none was chosen (Auto), else the
    /// spell checker's: what Send records.
    package func withLanguages(detected: [String], orSpellChecker spellLanguage: String?) -> PostOptions {
        guard languages.isEmpty, !detected.isEmpty else { return withLanguage(orSpellChecker: spellLanguage) }
        var options = self
        options.languages = Array(detected.prefix(Self.mostLanguages))
        return options
    }
}
