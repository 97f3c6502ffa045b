import Foundation
import Testing

@testable import ComposeWindowCore

/// The outbox file beside the drafts: kept as a draft is (the same StateFile), in its own folder and
/// with its own words when it fails.
@Suite struct OutboxStoreTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)").path

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    @Test func anOutboxIsKeptBesideTheDraftsAsCarefully() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let environment = ["XDG_STATE_HOME": root, "HOME": "/nonexistent"]
        let store = try OutboxStore(draftName: "default", environment: environment)
        #expect(store.path == root + "/compose-window/outbox/default.json")
        #expect(try store.load() == nil)
        let outbox = OutboxTests.crossPost()
        // The app writes Outbox.json with json-glib; the store keeps whatever text it is given.
        let text = String(describing: outbox.json)
        try store.save(text)
        #expect(try store.load() == text)
        #expect(try mode(store.directory) == 0o700)
        #expect(try mode(store.path) == 0o600)
        let drafts = try DraftStore(name: "default", environment: environment)
        #expect(try drafts.load() == nil, "the outbox is not the draft")
        try store.remove()
        #expect(try store.load() == nil)
    }

    @Test func itsFailuresNameTheOutbox() throws {
        let store = try OutboxStore(draftName: "default", environment: ["XDG_STATE_HOME": root])
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        #expect {
            try store.save("{}")
        } throws: { error in
            (error as? StateFile.Failure)?.description.hasPrefix("cannot write the outbox " + store.path) == true
        }
    }
}
