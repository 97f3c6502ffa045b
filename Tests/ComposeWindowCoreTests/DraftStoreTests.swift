import Foundation
import Testing

@testable import ComposeWindowCore

@Suite struct DraftStoreTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("drafts-\(UUID().uuidString)").path

    func store(_ name: String = "default") throws -> DraftStore {
        try DraftStore(name: name, environment: ["XDG_STATE_HOME": root, "HOME": "/nonexistent"])
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    @Test func saveLoadRemoveRoundTrip() throws {
        let drafts = try store()
        #expect(drafts.path == root + "/compose-window/drafts/default.txt")
        #expect(try drafts.load() == nil)
        try drafts.save("分享新鲜事\r\n👍🏽")
        #expect(try drafts.load() == "分享新鲜事\r\n👍🏽")
        try drafts.save("second")
        #expect(try drafts.load() == "second")
        try drafts.remove()
        #expect(try drafts.load() == nil)
        try drafts.remove()  // twice is fine
    }

    @Test func keepAsideMovesTheDraftOutOfTheWay() throws {
        let drafts = try store()
        try drafts.keepAside()  // nothing to move: fine
        try drafts.save("old")
        try drafts.keepAside()
        #expect(try drafts.load() == nil)
        #expect(try String(contentsOfFile: drafts.asidePath, encoding: .utf8) == "old")
        #expect(!DraftStore.isValidName("a~"), "no draft name can collide with an aside file")
    }

    @Test func permissionsWhateverTheUmask() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let drafts = try store()
        try drafts.save("secret")
        #expect(try mode(drafts.directory) == 0o700)
        #expect(try mode(drafts.path) == 0o600)
    }

    @Test func homeFallbackAndBadNames() throws {
        let drafts = try DraftStore(name: "x", environment: ["HOME": "/home/u"])
        #expect(drafts.directory == "/home/u/.local/state/compose-window/drafts")
        #expect(throws: DraftStore.Failure.self) { try DraftStore(name: "../etc", environment: ["HOME": "/h"]) }
        #expect(throws: DraftStore.Failure.self) { try DraftStore(name: "x", environment: [:]) }
    }

    @Test func neverWritesThroughASymlink() throws {
        let drafts = try store()
        try drafts.save("first")
        let victim = root + "/victim.txt"
        try "untouched".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: drafts.path)
        try FileManager.default.createSymbolicLink(atPath: drafts.path, withDestinationPath: victim)
        #expect(throws: DraftStore.Failure.self) { try drafts.load() }
        try drafts.save("new draft")  // replaces the link itself
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        #expect(try drafts.load() == "new draft")
    }

    /// A state file is input (#61): one past its size is refused with one line, never read whole;
    /// one at its size still reads.
    @Test func aFileLargerThanItsKindIsRefusedWithOneLine() throws {
        let drafts = try store()
        try drafts.saveOptions("{}")
        let options = drafts.directory + "/default.options.json"
        let atTheLimit = String(repeating: " ", count: StateFile.mostSideFileBytes - 2) + "{}"
        try atTheLimit.write(toFile: options, atomically: false, encoding: .utf8)
        #expect(try drafts.loadOptions()?.utf8.count == StateFile.mostSideFileBytes)
        try (atTheLimit + " ").write(toFile: options, atomically: false, encoding: .utf8)
        let failure = #expect(throws: DraftStore.Failure.self) { try drafts.loadOptions() }
        #expect(failure?.description == "cannot read the draft \(options): larger than 16 MB")
        let cache = root + "/limits.json"
        try (atTheLimit + " ").write(toFile: cache, atomically: false, encoding: .utf8)
        #expect(throws: SystemIO.Failure.self) { try SystemIO.contents(ofFile: cache, most: 1 << 20) }
        #expect(try SystemIO.contents(ofFile: root + "/missing.json", most: 1 << 20) == nil)
        try FileManager.default.createDirectory(atPath: root + "/dir.json", withIntermediateDirectories: true)
        #expect(throws: SystemIO.Failure.self) { try SystemIO.contents(ofFile: root + "/dir.json", most: 1 << 20) }
    }

    @Test func directoryInTheWayIsAClearErrorAndNothingIsLeftBehind() throws {
        let drafts = try store()
        try FileManager.default.createDirectory(atPath: drafts.path, withIntermediateDirectories: true)
        #expect(throws: DraftStore.Failure.self) { try drafts.save("text") }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: drafts.directory).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty, "temporary files cleaned up: \(leftovers)")
    }
}
