import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue

/// The post's language when Auto is chosen: the text read by CLD2 (LanguageDetection) on the text
/// thread after a pause in typing, only while the post goes through an account (the language goes
/// nowhere else, and libcld2 loads the first time). Send takes the latest reading, never waits for one.
extension ComposeWindow {
    func detectLanguages() {
        languagePause?.cancel()
        guard !accountNetworks.isEmpty else { return }
        languagePause = MainLoopSource.timeout(milliseconds: DetectedLanguages.pauseMilliseconds) { [weak self] in
            guard let self else { return false }
            self.languagePause = nil
            let text = self.compose.text
            self.languageReadingsAsked += 1
            let asked = self.languageReadingsAsked
            StateWriter.textWork.write {
                DetectedLanguages.languages(LanguageDetection.detect(text))
            } then: { [weak self] detected in
                guard let self, asked == self.languageReadingsAsked else { return }  // a later one comes
                self.languageReadingAnswered = asked
                guard detected != self.detectedLanguages else { return }
                self.detectedLanguages = detected
                self.postOptionsRow.showDetectedLanguages(detected)
                self.fitPostOptions()
            }
            return false
        }
    }
}
