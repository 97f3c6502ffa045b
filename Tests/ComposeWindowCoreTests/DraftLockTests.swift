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

    /// A scheduled post's draft (#61): a name whose window has closed but whose draft, kept-aside
    /// draft or outbox entry is still there is never taken again; fifty posts for one minute each
    /// get their own.
    @Test func aScheduledPostsNameIsNeverOneInUse() throws {
        let environment = try Self.environment()
        var names: [String] = []
        for number in 0..<50 {
            let lock = try DraftLock.claimUnused("scheduled-20261207-0900", environment: environment)
            // Half write the draft, half only the outbox entry, as a crash between them leaves it.
            if number.isMultiple(of: 2) {
                try DraftStore(name: lock.name, environment: environment).save("post \(number)")
            } else {
                try OutboxStore(draftName: lock.name, environment: environment).save("{}")
            }
            names.append(lock.name)
        }  // each lock let go, as each window closes
        #expect(Set(names).count == 50)
        #expect(
            names.prefix(3) == ["scheduled-20261207-0900", "scheduled-20261207-0900-2", "scheduled-20261207-0900-3"])
        // Every draft still says its own post.
        for (number, name) in names.enumerated() where number.isMultiple(of: 2) {
            #expect(try DraftStore(name: name, environment: environment).load() == "post \(number)")
        }
        // A draft kept aside holds its name too; once everything of a name is gone, it is free.
        let aside = try DraftLock.claimUnused("scheduled-20261208-0900", environment: environment).name
        let store = try DraftStore(name: aside, environment: environment)
        try store.save("kept aside")
        try store.keepAside()
        #expect(try DraftLock.claimUnused(aside, environment: environment).name == aside + "-2")
        try FileManager.default.removeItem(atPath: store.asidePath)
        #expect(try DraftLock.claimUnused(aside, environment: environment).name == aside)
        // The plain claim still reuses a name nobody holds (the person's own draft).
        #expect(try DraftLock.claim("scheduled-20261207-0900", environment: environment).name == names[0])
    }
}
