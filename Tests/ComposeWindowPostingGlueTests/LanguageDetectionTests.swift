import ComposeWindowPostingGlue
import Testing

@testable import ComposeWindowCore

/// CLD2 itself (libcld2, loaded on demand) on the texts the issue names: Chinese, Japanese written
/// with kanji, Korean, Han-only text, mixed text, and too little to tell.
@Suite struct LanguageDetectionTests {
    @Test(arguments: [
        ("今天天气真好，我们去公园散步", ["zh"]),
        ("分享新鲜事", ["zh"]),
        ("這是繁體中文的句子，我們明天見", ["zh"]),
        ("今日はいい天気ですね", ["ja"]),
        ("東京都の天気予報を確認しました", ["ja"]),
        ("오늘 날씨가 좋네요", ["ko"]),
        ("Hello world, this is a short test of the detector", ["en"]),
        ("Meeting at 3pm 明天下午开会讨论项目进度", ["zh", "en"]),
        ("我", []),
        ("12345 67890", []),
    ])
    func theTextsLanguagesAreFound(text: String, expected: [String]) {
        #expect(DetectedLanguages.languages(LanguageDetection.detect(text)) == expected, "\(text)")
    }

    /// A long text is read from its start, cut at a character (6,000 Chinese characters: 18,000
    /// bytes, and 16,384 falls inside one).
    @Test func aLongTextIsCutAtACharacter() {
        let text = String(repeating: "今天天气真好我们去公园散步", count: 462)
        #expect(text.utf8.count > DetectedLanguages.longestText)
        #expect(DetectedLanguages.languages(LanguageDetection.detect(text)) == ["zh"])
    }
}
