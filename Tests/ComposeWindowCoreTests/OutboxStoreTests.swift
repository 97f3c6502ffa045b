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

    /// Each post keeps its prepared images in a folder of its own (named by its first key), so an
    /// entry set aside keeps its own while another post of the same draft comes and goes.
    @Test func eachPostsImagesGoWithItAlone() throws {
        let environment = ["XDG_STATE_HOME": root]
        let store = try OutboxStore(draftName: "default", environment: environment)
        let first = PostingPlanImagesTests.plan()
        let second = PostingPlanImagesTests.plan()
        let firstFolder = try #require(store.forPost(first).mediaFolder)
        let secondFolder = try #require(store.forPost(second).mediaFolder)
        #expect(firstFolder != secondFolder && firstFolder.hasPrefix(store.directory + "/media/"))
        for folder in [firstFolder, secondFolder] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("jpeg".utf8).write(to: URL(fileURLWithPath: folder + "/0-0.jpg"))
        }
        try store.save("{}")
        try store.forPost(second).remove()
        #expect(!FileManager.default.fileExists(atPath: secondFolder), "its images go with it")
        #expect(FileManager.default.fileExists(atPath: firstFolder + "/0-0.jpg"), "the other post's stay")
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

    /// A run's entry never collides with a draft's; an entry set aside or left by a run that ended is
    /// offered oldest first (never one whose run is still going), and taking it over never replaces
    /// an entry of the draft's own.
    @Test func strandedPostsAreOfferedOldestFirstAndNeverReplaceTheDraftsOwn() throws {
        let environment = ["XDG_STATE_HOME": root]
        let desktop = try OutboxStore(draftName: "default", environment: environment)
        let runs = [
            try OutboxStore(runOf: 4_000_001, at: 300, environment: environment),
            try OutboxStore(runOf: 4_000_002, at: 100, environment: environment),
        ]
        for (index, run) in runs.enumerated() { try run.save("run \(index)") }
        #expect(!DraftStore.isValidName(String(runs[0].path.split(separator: "/").last!)))
        let other = try OutboxStore(draftName: "other", environment: environment)
        try other.save("other draft")
        try other.setAside(at: 200, processID: 7)
        let stillRunning: (Int32) -> Bool = { $0 == 4_000_002 }
        #expect(desktop.strandedEntries(isRunning: stillRunning) == [".stranded-200-7.json", ".run-4000001-300.json"])
        #expect(desktop.strandedEntries(isRunning: { _ in false }).first == ".run-4000002-100.json")
        try desktop.save("the draft's own")
        #expect(try desktop.adopt(".stranded-200-7.json") == false)
        #expect(try desktop.load() == "the draft's own")
        try desktop.remove()
        #expect(try desktop.adopt(".stranded-200-7.json"))
        #expect(try desktop.load() == "other draft")
        #expect(desktop.strandedEntries(isRunning: stillRunning) == [".run-4000001-300.json"])
    }

    @Test func aWindowResumesOnlyItsOwnPost() {
        #expect(OutboxStore.claim(outboxText: "left behind", initialText: "") == .resume)
        #expect(OutboxStore.claim(outboxText: "same", initialText: "same") == .resume, "a script run again")
        #expect(OutboxStore.claim(outboxText: "left behind", initialText: "mine") == .setAside)
    }

    @Test func onlyAnEmptyWindowTakesOverAPostLeftBehind() {
        #expect(OutboxStore.takesOverLeftBehind(ownEntryExists: false, initialText: "", shownText: ""))
        #expect(
            !OutboxStore.takesOverLeftBehind(ownEntryExists: true, initialText: "", shownText: ""),
            "its own post first")
        #expect(
            !OutboxStore.takesOverLeftBehind(ownEntryExists: false, initialText: "a script's", shownText: "a script's"))
        #expect(
            !OutboxStore.takesOverLeftBehind(ownEntryExists: false, initialText: "", shownText: "a draft in progress"),
            "a restored draft is not an edit of that post")
    }
}
