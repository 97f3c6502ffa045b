import Foundation
import Testing

@testable import ComposeWindowCore

/// One owner per draft: a second claim on a draft someone holds gets the next free name; once the
/// holder lets go (its process ended), the draft is free again.
@Suite struct DraftLockTests {
    static func environment() throws -> [String: String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("draft-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return ["XDG_STATE_HOME": home.path]
    }

    @Test func aSecondClaimTakesTheNextFreeName() throws {
        let environment = try Self.environment()
        var first: DraftLock? = try DraftLock.claim("default", environment: environment)
        let second = try DraftLock.claim("default", environment: environment)
        let third = try DraftLock.claim("default", environment: environment)
        #expect(first?.name == "default")
        #expect(second.name == "default-2")
        #expect(third.name == "default-3")
        first = nil  // the holder ends
        #expect(try DraftLock.claim("default", environment: environment).name == "default")
        #expect(try DraftLock.claim("notes", environment: environment).name == "notes", "another draft is free")
    }
}
