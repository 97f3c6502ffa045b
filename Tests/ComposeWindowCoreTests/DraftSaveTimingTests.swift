import Testing

@testable import ComposeWindowCore

/// When the autosave writes: as before up to 256 Ki characters, less often in longer texts while
/// typing goes on, at once after a pause.
struct DraftSaveTimingTests {
    /// Saves of continuous typing (a key every 15 ms for `seconds`) into `characters`, at the
    /// times DraftAutosave would write them.
    static func saves(typingFor seconds: Int64, into characters: Int) -> [Int64] {
        var saves: [Int64] = []
        var firstUnsaved: Int64?
        var lastEdit: Int64 = 0
        for time in stride(from: Int64(0), through: seconds * 1_000_000 + 10_000_000, by: 15_000) {
            if let first = firstUnsaved,
                time >= DraftSaveTiming.saveAt(firstUnsaved: first, lastEdit: lastEdit, characters: characters)
            {
                saves.append(time)
                firstUnsaved = nil
            }
            if time <= seconds * 1_000_000 {
                lastEdit = time
                if firstUnsaved == nil { firstUnsaved = time }
            }
        }
        return saves
    }

    @Test func aShortTextIsSavedEverySecondOfTyping() {
        let saves = Self.saves(typingFor: 10, into: 5_000)
        #expect(saves.count == 10, "one a second, the last just after the last key: \(saves)")
        #expect(saves.last! >= 10_000_000 && saves.last! <= 11_000_000)
        #expect(zip(saves, saves.dropFirst()).allSatisfy { $1 - $0 <= 1_015_000 })
        #expect(DraftSaveTiming.longestWait(characters: 262_144) == 1_000_000)
    }

    @Test func aMillionCharactersWaitLongerWhileTypingGoesOn() {
        #expect(DraftSaveTiming.longestWait(characters: 1_048_576) == 4_000_000)
        #expect(DraftSaveTiming.longestWait(characters: 100_000_000) == DraftSaveTiming.longest)
        let saves = Self.saves(typingFor: 10, into: 1_048_576)
        #expect(saves.count == 3, "at 4 s, at 8 s, and a second after the last key: \(saves)")
        #expect(saves.allSatisfy { $0 >= 4_000_000 })
        #expect(saves.last! <= 11_015_000)
    }

    @Test func aPauseSavesALongTextAfterASecond() {
        let saveAt = DraftSaveTiming.saveAt(firstUnsaved: 0, lastEdit: 500_000, characters: 2_000_000)
        #expect(saveAt == 1_500_000)
        #expect(DraftSaveTiming.saveAt(firstUnsaved: 0, lastEdit: 0, characters: -5) == 1_000_000)
    }
}
