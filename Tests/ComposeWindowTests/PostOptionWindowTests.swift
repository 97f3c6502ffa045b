import Foundation
import XCTest

/// A post's content warning, visibility, languages, sensitivity and label, posted for real through
/// the stand-ins (which refuse what Mastodon's model or the atproto lexicon would), chosen on the
/// command line or in the window, and kept by the outbox for a post that has not gone yet.
final class PostOptionWindowTests: SandboxTestCase {
    func testMastodonGetsEveryOptionTheCommandLineGives() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let window = try sandbox.send(
            "The twist is in the last scene", to: "mastodon",
            extra: [
                "--cw", "Film spoilers", "--visibility", "private", "--language", "fr", "--sensitive",
                "--attach", pictures.appendingPathComponent("small.png").path, "--alt", "An orange rectangle",
            ])
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let status = try XCTUnwrap(sandbox.statuses.first)
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(status["spoiler_text"] as? String, "Film spoilers")
        XCTAssertEqual(status["visibility"] as? String, "private")
        XCTAssertEqual(status["language"] as? String, "fr")
        XCTAssertEqual(status["sensitive"] as? Bool, true)
    }

    /// Mastodon counts the warning with the text: 12 + 20 characters do not fit a limit of 30, so
    /// Send does nothing; with the warning turned off (Ctrl+Shift+W) the text alone goes, once.
    func testTheWarningCountsWithTheTextOnMastodon() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon", mastodonLimit: 30)
        let window = try sandbox.window("12345678901234567890", to: "mastodon", extra: ["--cw", "0123456789ab"])
        window.key("ctrl+Return")  // over the limit with the warning: nothing leaves
        window.key("ctrl+shift+w")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(
            sandbox.requests.filter { $0.path == "/api/v1/statuses" }.count, 1, "one request, the fitting one")
        XCTAssertEqual(sandbox.statuses.first?["spoiler_text"] as? String, "")
        let measured = try sandbox.composeWindow(
            ["--measure", "--to", "mastodon", "--cw", "0123456789ab", "--text", "12345678901234567890"])
        XCTAssertEqual(measured.stdout, "32/500\n", "--measure counts the warning too")
    }

    func testBlueskyGetsThreeLanguagesAndALabelTheLexiconAccepts() throws {
        let sandbox = try NetworkSandbox.signedIn("bluesky")
        let pictures = try sandbox.testImages()
        let window = try sandbox.send(
            "Three languages", to: "bluesky",
            extra: [
                "--language", "en", "--language", "zh", "--language", "ja", "--label", "nudity",
                "--attach", pictures.appendingPathComponent("small.png").path, "--alt", "An orange rectangle",
            ])
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let record = try XCTUnwrap(sandbox.records.first)
        let value = try XCTUnwrap(record["value"] as? [String: Any])
        XCTAssertEqual(value["langs"] as? [String], ["en", "zh", "ja"])
        let labels = try XCTUnwrap(value["labels"] as? [String: Any])
        XCTAssertEqual(labels["$type"] as? String, "com.atproto.label.defs#selfLabels")
        XCTAssertEqual((labels["values"] as? [[String: String]])?.first?["val"], "nudity")
        try assertTheLexiconAccepts(record)
    }

    /// Chosen with the keyboard: Ctrl+Shift+W and the warning's text, then Tab to the visibility
    /// (which starts at the account's own default, unlisted here) and one step down, Tab to who may
    /// reply and one step down (people you follow), Tab to the language, whose search takes "japan"
    /// and Return, and Alt+S for Sensitive.
    func testTheOptionsChosenInTheWindowAreThePosts() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let window = try sandbox.window(
            "Chosen in the window", to: "mastodon",
            extra: ["--attach", pictures.appendingPathComponent("small.png").path, "--alt", "An orange rectangle"],
            spell: "en_US")
        window.key("ctrl+shift+w")
        window.type("Film spoilers")
        window.key("Tab")  // to the text
        window.key("ctrl+Tab")  // out of it, to CW
        window.key("Tab")  // to the visibility
        window.key("Down")
        window.key("Tab")  // to who may reply
        window.key("Down")
        window.key("Tab")  // to the language
        window.key("Return")  // its popover, the search focused
        window.type("japan")
        window.key("Return")  // the first match
        window.key("alt+s")
        let cache = sandbox.home.appendingPathComponent("cache/compose-window/mastodon/mastodon.social.json")
        XCTAssertTrue(waitUntil(timeout: 20) { FileManager.default.fileExists(atPath: cache.path) }, "4.5, asked")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        let status = try XCTUnwrap(sandbox.statuses.first)
        XCTAssertEqual(status["text"] as? String, "Chosen in the window")
        XCTAssertEqual(status["spoiler_text"] as? String, "Film spoilers")
        XCTAssertEqual(status["visibility"] as? String, "private", "one below the account's unlisted")
        XCTAssertEqual(status["sensitive"] as? Bool, true)
        XCTAssertEqual(status["language"] as? String, "ja", "picked over the spell checker's (en)")
        XCTAssertEqual(status["quote_approval_policy"] as? String, "nobody", "a followers-only post: nobody quotes")
    }

    /// Refused once (422), closed, started again without any option: the outbox's post goes with
    /// the options it was sent with, not the new window's.
    func testAPostLeftInTheOutboxKeepsItsOptions() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        try sandbox.inject([["method": "/api/v1/statuses", "status": 422, "json": ["error": "Try again"]]])
        let first = try sandbox.send(
            "Kept for later", to: "mastodon", extra: ["--cw", "Kept warning", "--visibility", "direct"])
        XCTAssertTrue(waitUntil(timeout: 30) { sandbox.requests.contains { $0.path == "/api/v1/statuses" } })
        XCTAssertTrue(first.waitForStderr(containing: "did not take the post", timeout: 30))
        first.key("Escape")
        let closed = try XCTUnwrap(first.finish(timeout: 20))
        XCTAssertEqual(closed.code, 4, "not posted: kept")
        XCTAssertEqual(sandbox.statuses.count, 0)
        let again = try sandbox.reopen(to: "mastodon")
        again.waitForText("Kept for later")
        again.key("ctrl+Return")
        let finished = try XCTUnwrap(again.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.count, 1)
        XCTAssertEqual(sandbox.statuses.first?["spoiler_text"] as? String, "Kept warning")
        XCTAssertEqual(sandbox.statuses.first?["visibility"] as? String, "direct")
    }

    /// Types `warning` as the content warning (Ctrl+Shift+W), waits until the draft's options file
    /// holds it, and kills the window; the options file.
    func killAfterTheDraftKeeps(warning: String, in window: ComposeProcess, _ sandbox: NetworkSandbox) throws -> URL {
        window.key("ctrl+shift+w")
        window.type(warning)
        let options = sandbox.draftFile.deletingLastPathComponent().appendingPathComponent("default.options.json")
        XCTAssertTrue(
            waitUntil(timeout: 10) { ((try? String(contentsOf: options, encoding: .utf8)) ?? "").contains(warning) },
            "the draft has no options file")
        window.signal(SIGKILL)
        _ = window.finish()
        return options
    }

    /// A content warning is text the person wrote: the draft keeps it (with the other options), and
    /// a window killed before Send comes back with it.
    func testTheDraftKeepsTheContentWarningThroughAKill() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let first = try sandbox.window("Written before the crash", to: "mastodon", extra: ["--visibility", "private"])
        let options = try killAfterTheDraftKeeps(warning: "Spoiler ahead", in: first, sandbox)
        let again = try sandbox.reopen(to: "mastodon")
        again.waitForText("Written before the crash")
        again.key("ctrl+Return")
        let finished = try XCTUnwrap(again.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.first?["spoiler_text"] as? String, "Spoiler ahead")
        XCTAssertEqual(sandbox.statuses.first?["visibility"] as? String, "private")
        XCTAssertFalse(FileManager.default.fileExists(atPath: options.path), "removed with the posted draft")
    }

    /// Opened with other text, the window offers the saved draft; "Restore draft" brings back its
    /// image, content warning and visibility with its text, and Send posts the draft as it was.
    func testRestoringADraftBringsBackItsOptionsAndImages() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let first = try sandbox.window(
            "The draft's text", to: "mastodon",
            extra: [
                "--visibility", "private", "--attach", pictures.appendingPathComponent("photo.jpg").path, "--alt",
                "A gradient",
            ])
        _ = try killAfterTheDraftKeeps(warning: "The draft's warning", in: first, sandbox)
        let second = try sandbox.window("Other text", to: "mastodon")
        second.key("alt+r")  // Restore draft
        XCTAssertTrue(second.waitForText("The draft's text"))
        second.key("ctrl+Return")
        let finished = try XCTUnwrap(second.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.first?["spoiler_text"] as? String, "The draft's warning")
        XCTAssertEqual(sandbox.statuses.first?["visibility"] as? String, "private")
        let media = sandbox.state["media"] as? [[String: Any]] ?? []
        XCTAssertEqual(media.count, 1, "the draft's image, uploaded once")
        XCTAssertEqual(sandbox.statuses.first?["media"] as? [String], media.compactMap { $0["id"] as? String })
    }

    /// Cross-posted with a warning and Followers only: Mastodon gets both; Bluesky, which has
    /// neither, gets the text (the window said so), in a record the lexicon accepts. Both get the
    /// spell checker's language.
    func testACrossPostGivesEachNetworkWhatItHas() throws {
        let sandbox = try NetworkSandbox.signedInToBoth()
        let window = try sandbox.window(
            "Both networks", to: "mastodon,bluesky", extra: ["--cw", "A warning", "--visibility", "private"],
            spell: "en_US")
        window.key("ctrl+Return")
        let finished = try XCTUnwrap(window.finish(timeout: 60))
        XCTAssertEqual(finished.code, 0, finished.stderr)
        XCTAssertEqual(sandbox.statuses.first?["spoiler_text"] as? String, "A warning")
        XCTAssertEqual(sandbox.statuses.first?["visibility"] as? String, "private")
        XCTAssertEqual(sandbox.statuses.first?["language"] as? String, "en", "the spell checker's")
        let record = try XCTUnwrap(sandbox.records.first)
        XCTAssertEqual((record["value"] as? [String: Any])?["text"] as? String, "Both networks")
        XCTAssertEqual((record["value"] as? [String: Any])?["langs"] as? [String], ["en"])
        try assertTheLexiconAccepts(record)
    }
}
