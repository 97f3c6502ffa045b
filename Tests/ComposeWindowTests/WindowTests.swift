import Foundation
import XCTest

/// The window, driven with xdotool: Send, Cancel, keys, limits, undo, drafts, signals, languages.
final class WindowTests: XCTestCase {
    var state: StateHome!

    override func setUpWithError() throws {
        state = try StateHome()
    }

    func launch(_ arguments: [String] = [], stdin: Data = Data(), environment: [String: String] = [:]) throws
        -> ComposeProcess
    {
        let process = try ComposeProcess(arguments, stateHome: state.url, stdin: stdin, environment: environment)
        process.waitForWindow()
        return process
    }

    func testTypeAndCtrlEnterPrintsExactlyTheText() throws {
        let window = try launch()
        XCTAssertEqual(window.windowTitle, "New Post")
        // The desktop file's name: how task switchers find the window's icon and name.
        XCTAssertTrue(window.hasWindowClass("io.github.gtkplaceholder.ComposeWindow"))
        window.type("Hello there")
        window.key("Return")
        window.type("second line")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "Hello there\nsecond line", "Enter is a newline")
        XCTAssertNil(state.draft(), "the draft is removed after Send")
    }

    func testStandardInputIsKeptByteExactIncludingCRLF() throws {
        let text = "第一行\r\nsecond 👍🏽\r\n"
        let window = try launch(stdin: Data(text.utf8))
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, Data(text.utf8))
    }

    /// A megabyte of text in (`INPUT_MEGABYTES`: `make check-durability` sends 50), a few
    /// keystrokes at the end (where the caret is), the same text plus them out, byte for byte.
    func testLargeStandardInputRoundTrips() throws {
        let megabytes = ProcessInfo.processInfo.environment["INPUT_MEGABYTES"].flatMap(Int.init) ?? 1
        let line = "分享新鲜事 Share something new 👍🏽\n"
        let text = String(repeating: line, count: megabytes * 1_048_576 / line.utf8.count + 1)
        let window = try launch(["--no-draft", "--limit", "1000000000"], stdin: Data(text.utf8))
        window.type("end")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish(timeout: 20 + 3 * Double(megabytes)))
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout.count, text.utf8.count + 3, "\(megabytes) MB")
        XCTAssertEqual(result.stdout, Data((text + "end").utf8))
    }

    /// An empty standard input is an empty text: the window opens; nothing to send, Escape cancels.
    func testEmptyStandardInputOpensAnEmptyWindow() throws {
        let window = try launch(["--text", "-"], stdin: Data())
        window.key("ctrl+Return")
        window.type("x")  // handled after Ctrl+Enter: once it is in, Ctrl+Enter was handled too
        XCTAssertTrue(window.waitForText("x"))
        XCTAssertTrue(window.isRunning, "an empty text is not sent")
        window.key("BackSpace")
        window.key("Escape")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stdout, Data())
    }

    /// The header bar's buttons, through their mnemonics: Cancel (Alt+C) and Send (Alt+S).
    func testCancelAndSendButtons() throws {
        let cancelled = try launch(["--text", "as given"])
        cancelled.key("alt+c")
        let cancelledResult = try XCTUnwrap(cancelled.finish())
        XCTAssertEqual(cancelledResult.code, 1)
        XCTAssertEqual(cancelledResult.stdout, Data())

        let sent = try launch()
        sent.type("by the button")
        sent.key("alt+s")
        let sentResult = try XCTUnwrap(sent.finish())
        XCTAssertEqual(sentResult.code, 0, sentResult.stderr)
        XCTAssertEqual(String(decoding: sentResult.stdout, as: UTF8.self), "by the button")
    }

    func testEscapeWithEmptyOrUnchangedTextCancelsAtOnce() throws {
        let empty = try launch()
        empty.key("Escape")
        let emptyResult = try XCTUnwrap(empty.finish())
        XCTAssertEqual(emptyResult.code, 1)
        XCTAssertEqual(emptyResult.stdout, Data())

        let unchanged = try launch(["--text", "as given"])
        unchanged.key("ctrl+w")
        let unchangedResult = try XCTUnwrap(unchanged.finish())
        XCTAssertEqual(unchangedResult.code, 1)
        XCTAssertEqual(unchangedResult.stdout, Data())
    }

    func testTheWindowCloseButtonCancels() throws {
        let empty = try launch()
        XCTAssertTrue(WindowManager.requestClose(windowID: empty.windowID))
        let emptyResult = try XCTUnwrap(empty.finish())
        XCTAssertEqual(emptyResult.code, 1)

        let edited = try launch(["--no-draft"])
        edited.type("typed")
        XCTAssertTrue(WindowManager.requestClose(windowID: edited.windowID))
        XCTAssertTrue(edited.waitForWindows(2), "edited text: the close button asks first")
        XCTAssertTrue(edited.isRunning)
        edited.key("alt+s")  // no Save draft button with --no-draft: nothing happens
        edited.key("alt+k")  // Keep editing: back to the text, as it was
        XCTAssertTrue(edited.waitForWindows(1))
        XCTAssertTrue(edited.waitForText("typed"))
        XCTAssertTrue(edited.isRunning)
        XCTAssertTrue(WindowManager.requestClose(windowID: edited.windowID))
        XCTAssertTrue(edited.waitForWindows(2))
        edited.key("alt+d")
        XCTAssertEqual(try XCTUnwrap(edited.finish()).code, 1)
    }

    func testDiscardDraftFromTheRestoredInfoBar() throws {
        try state.writeDraft("stale draft")
        let window = try launch()
        window.key("alt+d")  // the info bar's Discard draft
        XCTAssertTrue(waitUntil(timeout: 10) { state.draft() == nil }, "the draft file is gone")
        window.type("new")
        window.key("ctrl+Return")
        XCTAssertEqual(String(decoding: try XCTUnwrap(window.finish()).stdout, as: UTF8.self), "new")
    }

    /// Cancel, then Discard: a draft that stays on disk would come back at the next start, so a
    /// failure to remove it is reported (nothing is saved after a discard to report it otherwise).
    func testADiscardedDraftThatCannotBeRemovedIsReported() throws {
        let window = try launch()
        window.type("to be discarded")
        // Autosaved a second after typing.
        XCTAssertTrue(waitUntil(timeout: 10) { state.draft() == "to be discarded" }, state.draft() ?? "no draft")
        // Where the draft was, now a directory: unlink fails (EISDIR), even for root.
        try FileManager.default.removeItem(at: state.draftURL())
        try FileManager.default.createDirectory(at: state.draftURL(), withIntermediateDirectories: false)
        window.key("Escape")
        XCTAssertTrue(window.waitForWindows(2), "a dialog asks first")
        window.key("alt+d")  // Discard
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot remove the draft"), result.stderr)
    }

    func testCancellingEditedTextAsksAndDiscardRemovesTheDraft() throws {
        let window = try launch()
        window.type("not lost silently")
        window.key("Escape")
        XCTAssertTrue(window.waitForWindows(2), "a dialog asks first")
        XCTAssertTrue(window.isRunning)
        window.key("alt+k")  // Keep editing
        XCTAssertTrue(window.waitForWindows(1))
        XCTAssertTrue(window.waitForText("not lost silently"), "the text is kept")
        XCTAssertTrue(window.isRunning)
        window.key("Escape")
        XCTAssertTrue(window.waitForWindows(2))
        window.key("alt+d")  // Discard
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 1)
        XCTAssertEqual(result.stdout, Data())
        XCTAssertNil(state.draft(), "Discard removes the draft")
    }

    func testSaveDraftFromTheDialogThenRestoreOnNextStart() throws {
        let first = try launch()
        first.type("keep me")
        first.key("Escape")
        XCTAssertTrue(first.waitForWindows(2), "a dialog asks first")
        first.key("alt+s")  // Save draft
        let firstResult = try XCTUnwrap(first.finish())
        XCTAssertEqual(firstResult.code, 1)
        XCTAssertEqual(state.draft(), "keep me")

        let second = try launch()
        second.type(" please")  // the caret is at the end of the restored draft
        second.key("ctrl+Return")
        let secondResult = try XCTUnwrap(second.finish())
        XCTAssertEqual(secondResult.code, 0, secondResult.stderr)
        XCTAssertEqual(String(decoding: secondResult.stdout, as: UTF8.self), "keep me please")
    }

    func testInitialTextWinsAndTheInfoBarOffersTheDraft() throws {
        try state.writeDraft("older draft")
        let window = try launch(["--text", "fresh"])
        window.key("ctrl+Return")
        let kept = try XCTUnwrap(window.finish())
        XCTAssertEqual(String(decoding: kept.stdout, as: UTF8.self), "fresh")

        try state.writeDraft("older draft")
        let restoring = try launch(["--text", "fresh"])
        restoring.key("alt+r")  // Restore draft (a button: clicked a moment after its mnemonic)
        XCTAssertTrue(restoring.waitForText("older draft"))
        restoring.key("ctrl+Return")
        let restored = try XCTUnwrap(restoring.finish())
        XCTAssertEqual(String(decoding: restored.stdout, as: UTF8.self), "older draft")
    }

    /// Initial text over a saved draft: editing must not destroy the older draft.
    func testTheOlderDraftIsKeptAsideWhenTheInitialTextIsEdited() throws {
        try state.writeDraft("older draft")
        let window = try launch(["--text", "fresh"])
        window.type(" and more")
        XCTAssertTrue(waitUntil(timeout: 10) { state.draft() == "fresh and more" }, state.draft() ?? "no draft")
        let aside = state.draftURL().path + "~"
        XCTAssertEqual(try String(contentsOfFile: aside, encoding: .utf8), "older draft")
        window.signal(SIGTERM)
        _ = window.finish()
    }

    func testAutosaveWithinASecondSurvivesSIGKILL() throws {
        let window = try launch()
        let typed = Date()
        window.type("typed before the crash")
        XCTAssertTrue(waitUntil(timeout: 10) { state.draft() == "typed before the crash" }, state.draft() ?? "no draft")
        // Typing itself takes a third of a second; the save comes a second after the last key.
        XCTAssertLessThan(Date().timeIntervalSince(typed), 2.5, "saved at most 1 s after the last edit")
        let attributes = try FileManager.default.attributesOfItem(atPath: state.draftURL().path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        window.signal(SIGKILL)
        _ = window.finish()

        let restarted = try launch()
        restarted.key("ctrl+Return")
        let result = try XCTUnwrap(restarted.finish())
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "typed before the crash")
    }

    func testTerminationSignalsSaveTheDraftAndExit1() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let window = try launch()
            window.type("sig \(signal)")
            window.signal(signal)  // well within the autosave second
            let result = try XCTUnwrap(window.finish())
            XCTAssertEqual(result.code, 1, "signal \(signal)")
            XCTAssertEqual(result.stdout, Data())
            XCTAssertEqual(state.draft(), "sig \(signal)", "nothing typed is lost on signal \(signal)")
            try FileManager.default.removeItem(at: state.draftURL())
        }
    }

    /// A signal while "Discard this post?" is open: the window goes, the dialog with it (no
    /// access to the freed dialog), the draft is saved.
    func testSignalWhileTheDiscardDialogIsOpenSavesTheDraft() throws {
        let window = try launch(environment: ["G_DEBUG": "fatal-criticals"])
        window.type("asked, then terminated")
        window.key("Escape")
        XCTAssertTrue(window.waitForWindows(2), "the dialog is open")
        XCTAssertTrue(window.isRunning)
        window.signal(SIGTERM)
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 1, result.stderr)
        XCTAssertFalse(result.stderr.contains("CRITICAL"), result.stderr)
        XCTAssertEqual(state.draft(), "asked, then terminated")
    }

    func testTimeoutExits5AndKeepsTheDraft() throws {
        let window = try launch(["--timeout", "2"])
        window.type("half written")
        let result = try XCTUnwrap(window.finish(timeout: 8))
        XCTAssertEqual(result.code, 5)
        XCTAssertEqual(result.stdout, Data())
        XCTAssertEqual(state.draft(), "half written")
    }

    /// Every number --timeout takes opens the window: the longest (a year) used to overflow its
    /// milliseconds and kill the window with SIGILL as it opened.
    func testTheLongestTimeoutOpensTheWindow() throws {
        for seconds in ["31536000", "4294968"] {
            let window = try launch(["--timeout", seconds])
            XCTAssertTrue(window.isRunning, "--timeout \(seconds)")
            XCTAssertTrue(WindowManager.requestClose(windowID: window.windowID))
            let result = try XCTUnwrap(window.finish(), "--timeout \(seconds): did not exit on close")
            XCTAssertEqual(result.code, 1, "--timeout \(seconds): \(result.stderr)")
        }
    }

    func testLimitDisablesSendUntilTheTextFits() throws {
        let window = try launch(["--limit", "3", "--no-draft"])
        window.type("abcd")
        window.key("ctrl+Return")
        XCTAssertTrue(window.waitForText("abcd"))
        XCTAssertTrue(window.isRunning, "over the limit: Send is disabled")
        window.key("BackSpace")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "abc")
    }

    func testWhitespaceOnlyCannotBeSent() throws {
        let window = try launch(["--no-draft"])
        window.type("   ")
        window.key("ctrl+Return")
        XCTAssertTrue(window.waitForText("   "))
        XCTAssertTrue(window.isRunning, "nothing but spaces")
        window.type("x")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "   x")
    }

    func testUndoRedoFromGtkSourceView() throws {
        let window = try launch(["--text", "base ", "--no-draft"])
        window.type("added")
        window.key("ctrl+z")
        window.key("ctrl+shift+z")
        window.key("ctrl+z")
        window.key("ctrl+y")
        window.key("ctrl+z")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(
            String(decoding: result.stdout, as: UTF8.self), "base ", "the initial text is not undoable; typing is")
    }

    func testWeiboCountingAndChineseInterface() throws {
        let window = try launch(
            ["--limit", "3", "--count", "weibo", "--text", "分享新鲜", "--no-draft"],
            environment: ["LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8"])
        XCTAssertEqual(window.windowTitle, "发微博")
        window.key("ctrl+Return")
        XCTAssertTrue(window.waitForText("分享新鲜"))
        XCTAssertTrue(window.isRunning, "4 CJK characters count 4 > 3")
        window.key("BackSpace")
        window.type("ab")  // 3 + ½ + ½ = 4 > 3
        window.key("ctrl+Return")
        XCTAssertTrue(window.waitForText("分享新ab"))
        XCTAssertTrue(window.isRunning)
        window.key("BackSpace")  // 3 + ½ → rounds up to 4 > 3
        window.key("ctrl+Return")
        XCTAssertTrue(window.waitForText("分享新a"))
        XCTAssertTrue(window.isRunning)
        window.key("BackSpace")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "分享新")
    }

    func testUnwritableDraftKeepsTheTextAndStillSends() throws {
        // The state "directory" is a file: every draft write fails.
        let blocker = state.url.appendingPathComponent("compose-window")
        try Data("not a directory".utf8).write(to: blocker)
        let window = try launch()
        window.type("still here")
        XCTAssertTrue(window.waitForStderr(containing: "compose-window: cannot"), "the failed save is reported")
        XCTAssertTrue(window.isRunning, "a failed save does not end the window")
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "still here")
        XCTAssertEqual(try String(contentsOf: blocker, encoding: .utf8), "not a directory")
    }

    func testTwoScriptsGetTwoWindows() throws {
        let first = try launch(["--no-draft", "--text", "one"])
        let second = try launch(["--no-draft", "--text", "two"])
        XCTAssertNotEqual(first.windowID, second.windowID)
        Xdotool.run("windowfocus", "--sync", second.windowID)
        second.key("ctrl+Return")
        Xdotool.run("windowfocus", "--sync", first.windowID)
        first.key("ctrl+Return")
        XCTAssertEqual(String(decoding: try XCTUnwrap(first.finish()).stdout, as: UTF8.self), "one")
        XCTAssertEqual(String(decoding: try XCTUnwrap(second.finish()).stdout, as: UTF8.self), "two")
    }

    /// gspell underlines a misspelling in red; --no-spell leaves the text alone.
    func testSpellCheckingUnderlinesMisspellings() throws {
        /// Red underline pixels once gspell (from an idle callback) had its say: at least `expected`
        /// of them, or — where none are expected — the count after the text is in and two
        /// screenshots agree.
        func redPixels(
            _ arguments: [String], text: String = "Thiss sentense is mispelled", environment: [String: String] = [:],
            expected: Int? = nil
        ) throws -> Int {
            let window = try launch(arguments + ["--no-draft", "--text", text], environment: environment)
            defer {
                window.signal(SIGTERM)
                _ = window.finish()
            }
            func count() -> Int {
                ((try? window.pixels()) ?? []).filter { red, green, blue in
                    red > 150 && red - green > 60 && red - blue > 60  // antialiased wavy red
                }.count
            }
            var last = -1
            if let expected {
                _ = waitUntil(timeout: 10) {
                    last = count()
                    return last >= expected
                }
                return last
            }
            XCTAssertTrue(window.waitForText(text))
            _ = waitUntil(timeout: 10) {
                let now = count()
                defer { last = now }
                return now == last
            }
            return last
        }
        XCTAssertGreaterThan(try redPixels(["--spell", "en_US"], expected: 21), 20, "misspellings underlined")
        XCTAssertEqual(try redPixels(["--no-spell"]), 0, "no spell checking")
        let chinese = ["LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8"]
        XCTAssertEqual(
            try redPixels([], text: "今天天气真好，出去走走吧！", environment: chinese), 0,
            "no English dictionary forced on a Chinese locale")
        XCTAssertGreaterThan(
            try redPixels([], environment: ["LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"], expected: 21), 20,
            "the locale's own dictionary by default")
    }
}
