import CComposeWindowOnDemand
import ComposeWindowCore

/// The languages of a post's text as CLD2 finds them (libcld2, loaded the first time: a start that
/// never guesses never loads it). Safe on any thread; run it off the main one.
package enum LanguageDetection {
    /// CLD2's answer for `text`: up to three codes with their share of the text, and whether it is
    /// sure; DetectedLanguages makes the post's languages of it.
    package static func detect(_ text: String) -> DetectedLanguages.Answer {
        var codes: [UnsafePointer<CChar>?] = [nil, nil, nil]
        var percents: [Int32] = [0, 0, 0]
        var reliable: gboolean = 0
        // Cut at a character: CLD2's fast path reads as many bytes as a lead byte announces.
        var bytes = Array(text.utf8.prefix(DetectedLanguages.longestText + 4))
        if bytes.count > DetectedLanguages.longestText {
            var end = DetectedLanguages.longestText
            while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            bytes.removeSubrange(end...)
        }
        let found = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                compose_window_detect_languages(chars.baseAddress, Int32(chars.count), &codes, &percents, &reliable)
            }
        }
        return DetectedLanguages.Answer(
            codes: (0..<Int(found)).map { codes[$0].map { String(cString: $0) } ?? "" },
            percents: (0..<Int(found)).map { Int(percents[$0]) }, reliable: reliable != 0)
    }
}
