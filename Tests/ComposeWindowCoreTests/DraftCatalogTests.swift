import Foundation
import Testing

@testable import ComposeWindowCore

/// The Drafts list and `--drafts`/`--outbox` read the state folders as they are: every draft with
/// its first line, images and state; every network's waiting post with its time and why it failed;
/// hostile text kept to its column; nothing created or changed by reading.
@Suite struct DraftCatalogTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)").path
    var environment: [String: String] { ["XDG_STATE_HOME": root, "HOME": "/nonexistent"] }
    static let now = OutboxTests.now

    /// The app reads JSON with json-glib; here each file's text maps back to the value written.
    final class Files: @unchecked Sendable {
        var values: [String: JSONValue] = [:]
        func text(of value: JSONValue) -> String {
            let text = String(describing: value)
            values[text] = value
            return text
        }
        func parse(_ text: String) -> JSONValue? { values[text] }
    }

    func touch(_ path: String, at seconds: Int64) {
        var times = [timespec(tv_sec: Int(seconds), tv_nsec: 0), timespec(tv_sec: Int(seconds), tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func nothingSavedListsNothingAndCreatesNothing() {
        let files = Files()
        #expect(DraftCatalog.listing(environment: environment, now: Self.now, parseJSON: files.parse).drafts.isEmpty)
        #expect(DraftCatalog.listing(environment: environment, now: Self.now, parseJSON: files.parse).outbox.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    @Test func everyDraftWithItsFirstLineImagesAndStateNewestFirst() throws {
        let files = Files()
        let older = try DraftStore(name: "older", environment: environment)
        try older.save("\n  \nFirst real line\nsecond")
        try older.saveImages(files.text(of: PostImage.listJSON([PostImage(path: "/p/a.png", alt: "A")])))
        touch(older.path, at: Self.now - 3_600)
        let waiting = try DraftStore(name: "default", environment: environment)
        try waiting.save("分享新鲜事")
        touch(waiting.path, at: Self.now - 60)
        try OutboxStore(draftName: "default", environment: environment).save(
            files.text(of: OutboxTests.crossPost().json))
        var later = OutboxTests.crossPost()
        later.hold = Outbox.Hold(until: Self.now + 7_200, kind: .scheduled)
        let scheduled = try DraftStore(name: "later", environment: environment)
        try scheduled.save("分享新鲜事")
        touch(scheduled.path, at: Self.now - 120)
        try OutboxStore(draftName: "later", environment: environment).save(files.text(of: later.json))
        try scheduled.keepAside()  // an aside copy (later.txt~) is no draft of its own
        try scheduled.save("分享新鲜事")
        touch(scheduled.path, at: Self.now - 120)

        let listed = DraftCatalog.listing(environment: environment, now: Self.now, parseJSON: files.parse).drafts
        #expect(listed.map(\.name) == ["default", "later", "older"])
        #expect(listed[2].firstLine == "First real line")
        #expect(listed[2].imageCount == 1)
        #expect(listed[2].state == .written)
        #expect(listed[0].state == .waitingToRetry)
        #expect(listed[0].accounts == ["@alice@mastodon.social", "@alice.bsky.social"])
        #expect(listed[1].state == .scheduled(at: Self.now + 7_200))
        let columns = listed[1].line.split(separator: "\t", omittingEmptySubsequences: false)
        #expect(columns.count == 6)
        #expect(columns[0] == "later" && columns[3] == "0" && columns[5] == "分享新鲜事")
        #expect(columns[2].hasPrefix("scheduled 20"))
        #expect(columns[4] == "@alice@mastodon.social,@alice.bsky.social")
    }

    @Test func hostileTextKeepsToItsColumnAndALongLineIsCut() {
        let summary = DraftSummary(
            name: "x", text: "\u{1B}[31mred\ttab " + String(repeating: "长", count: 200) + "\u{2028}next line",
            edited: Self.now, imageCount: 0, accounts: ["@a\tb\u{2028}c"])
        #expect(summary.line.split(separator: "\t", omittingEmptySubsequences: false).count == 6)
        #expect(!summary.line.contains("\n") && !summary.line.contains("\u{1B}") && !summary.line.contains("\u{2028}"))
        #expect(summary.firstLine.count == 80 && summary.firstLine.hasSuffix("…"))
    }

    /// Each outbox entry is read once for the whole listing: its draft's line and its own.
    @Test func eachEntryIsParsedOnce() throws {
        let files = Files()
        try DraftStore(name: "default", environment: environment).save("Waiting")
        try OutboxStore(draftName: "default", environment: environment).save(
            files.text(of: OutboxTests.crossPost().json))
        var parsed = 0
        let listing = DraftCatalog.listing(environment: environment, now: Self.now) { text in
            parsed += 1
            return files.parse(text)
        }
        #expect(listing.drafts.first?.accounts.count == 2 && listing.outbox.count == 2)
        #expect(parsed == 1)
    }

    @Test func eachNetworksPostWithItsTimeAndWhyItFailed() throws {
        let files = Files()
        var post = OutboxTests.crossPost()
        post.willSend(0, .postStatus(idempotencyKey: "idem-1"), now: Self.now - 10)
        post.received(0, .failure(.outcomeUnknown(.timeout)), now: Self.now - 5)
        post.willSend(1, .createRecord(recordKey: "3kzzzzzzzzzz2"), now: Self.now - 10)
        post.received(1, .failure(.rateLimited(retryAfterSeconds: 100)), now: Self.now - 10)
        try OutboxStore(draftName: "default", environment: environment).save(files.text(of: post.json))
        let stranded = try OutboxStore(fileName: ".stranded-5-77.json", environment: environment)
        try stranded.save("{ not what compose-window writes")

        let listed = DraftCatalog.listing(environment: environment, now: Self.now, parseJSON: files.parse).outbox
        #expect(listed.count == 3)
        let mastodon = try #require(listed.first { $0.network == .mastodon && $0.entry == "default" })
        #expect(mastodon.state == .mayBeThere)
        #expect(mastodon.time == Self.now - 5 + Outbox.mastodonSettleSeconds, "looked up after the settle time")
        #expect(!mastodon.detail.isEmpty)
        let bluesky = try #require(listed.first { $0.network == .bluesky })
        #expect(bluesky.state == .failed)
        #expect(bluesky.time == Self.now - 10 + 101, "the server's Retry-After")
        let unreadable = try #require(listed.first { $0.entry == ".stranded-5-77" })
        #expect(unreadable.state == .failed && unreadable.detail.contains("cannot read"))
        for summary in listed {
            #expect(summary.line.split(separator: "\t", omittingEmptySubsequences: false).count == 6)
        }
    }

    @Test func aScheduledPostSaysWhenItGoesAndAPostedOneItsLink() throws {
        var post = OutboxTests.crossPost()
        post.hold = Outbox.Hold(until: Self.now + 600, kind: .scheduled)
        post.received(1, .success("https://bsky.app/profile/alice.bsky.social/post/3kzzzzzzzzzz2"), now: Self.now)
        let listed = OutboxSummary.of(post, entry: "default", now: Self.now)
        #expect(listed.map(\.state) == [.scheduled, .posted])
        #expect(listed[0].time == Self.now + 600)
        #expect(listed[1].time == nil && listed[1].detail.hasPrefix("https://bsky.app/"))
    }

    @Test func timesAreISO8601InLocalTimeWithTheirOffset() throws {
        let text = LocalTime.iso8601(Self.now)
        #expect(text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d/) != nil, "\(text)")
        let read = try #require(ISO8601DateFormatter().date(from: text))
        #expect(Int64(read.timeIntervalSince1970) == Self.now)
    }
}

/// Delete in the Drafts list is undoable for a day; a draft another process holds is known as such.
@Suite struct DraftTrashTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("trash-\(UUID().uuidString)").path
    var environment: [String: String] { ["XDG_STATE_HOME": root] }
    static let now = OutboxTests.now

    @Test func deleteHidesTheDraftWholeAndUndoBringsItBack() throws {
        let store = try DraftStore(name: "idea", environment: environment)
        try store.save("Half a thought")
        try store.saveOptions("{\"cw\":\"x\"}")
        let deleted = try store.delete(now: Self.now)
        #expect(try store.load() == nil && (try store.loadOptions()) == nil)
        #expect(DraftCatalog.listing(environment: environment, now: Self.now, parseJSON: { _ in nil }).drafts.isEmpty)
        #expect(try store.restoreDeleted(deleted))
        #expect(try store.load() == "Half a thought")
        #expect(try store.loadOptions() == "{\"cw\":\"x\"}")
    }

    @Test func undoNeverOverwritesADraftWrittenSince() throws {
        let store = try DraftStore(name: "idea", environment: environment)
        try store.save("Old")
        let deleted = try store.delete(now: Self.now)
        try store.save("New")
        #expect(try !store.restoreDeleted(deleted))
        #expect(try store.load() == "New")
        let kept = try #require(
            FileManager.default.contentsOfDirectory(atPath: store.directory).first { $0.hasPrefix(".deleted-") })
        #expect(
            try String(contentsOfFile: store.directory + "/" + kept, encoding: .utf8) == "Old", "still there to find")
    }

    @Test func deletedDraftsGoForGoodOnlyAfterADay() throws {
        let store = try DraftStore(name: "idea", environment: environment)
        try store.save("Gone tomorrow")
        let deleted = try store.delete(now: Self.now)
        DraftStore.purgeDeleted(environment: environment, now: Self.now + DraftStore.deletedLifetime)
        #expect(FileManager.default.fileExists(atPath: store.directory + "/" + deleted + ".txt"))
        DraftStore.purgeDeleted(environment: environment, now: Self.now + DraftStore.deletedLifetime + 1)
        #expect(!FileManager.default.fileExists(atPath: store.directory + "/" + deleted + ".txt"))
    }

    @Test func aDraftHeldByAProcessIsKnownSoAndFreedWhenItLetsGo() throws {
        #expect(!DraftLock.isHeld("idea", environment: environment))
        var lock: DraftLock? = try DraftLock.claim("idea", environment: environment)
        #expect(lock?.name == "idea")
        #expect(DraftLock.isHeld("idea", environment: environment))
        #expect(!DraftLock.isHeld("other", environment: environment))
        lock = nil
        #expect(!DraftLock.isHeld("idea", environment: environment))
    }
}
