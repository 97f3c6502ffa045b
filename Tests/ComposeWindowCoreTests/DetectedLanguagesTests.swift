import Testing

@testable import ComposeWindowCore

/// What the post's languages are when the person chose none: CLD2's answer made the networks'
/// codes, a minor language dropped, an unsure answer none; a chosen language that disagrees.
@Suite struct DetectedLanguagesTests {
    typealias Answer = DetectedLanguages.Answer

    @Test func cld2sCodesBecomeTheNetworksAndMinorOnesAreDropped() {
        #expect(DetectedLanguages.languages(Answer(codes: ["zh"], percents: [97], reliable: true)) == ["zh"])
        #expect(DetectedLanguages.languages(Answer(codes: ["zh-Hant"], percents: [97], reliable: true)) == ["zh"])
        #expect(
            DetectedLanguages.languages(Answer(codes: ["zh", "en"], percents: [69, 27], reliable: true)) == [
                "zh", "en",
            ])
        #expect(
            DetectedLanguages.languages(Answer(codes: ["en", "fr"], percents: [90, 8], reliable: true)) == ["en"],
            "a French name in English text")
        #expect(DetectedLanguages.languages(Answer(codes: ["un"], percents: [0], reliable: false)).isEmpty)
        #expect(DetectedLanguages.languages(Answer(codes: ["ja"], percents: [90], reliable: false)).isEmpty, "unsure")
        #expect(
            DetectedLanguages.languages(Answer(codes: ["haw", "en"], percents: [60, 40], reliable: true)) == ["en"])
    }

    @Test func autoTakesTheDetectedLanguagesAndAChoiceThatDisagreesIsNoticed() {
        let auto = PostOptions().withLanguages(detected: ["zh", "en"], orSpellChecker: "en_US")
        #expect(auto.languages == ["zh", "en"])
        #expect(PostOptions().withLanguages(detected: [], orSpellChecker: "en_US").languages == ["en"])
        let chosen = PostOptions(languages: ["en"]).withLanguages(detected: ["zh"], orSpellChecker: nil)
        #expect(chosen.languages == ["en"], "the person's choice is sent as chosen")
        #expect(DetectedLanguages.disagree(chosen: ["en"], detected: ["zh"]))
        #expect(!DetectedLanguages.disagree(chosen: ["zh", "en"], detected: ["zh"]))
        #expect(!DetectedLanguages.disagree(chosen: [], detected: ["zh"]), "Auto never disagrees")
        #expect(!DetectedLanguages.disagree(chosen: ["en"], detected: []), "nothing sure: nothing said")
    }
}
