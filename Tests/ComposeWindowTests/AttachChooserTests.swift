import Foundation
import XCTest

/// Attach… (and Ctrl+Shift+A): GtkFileChooserNative, which without a portal on the bus (as here)
/// is GTK's own file chooser. The file is chosen as a person does: its path typed, Return.
final class AttachChooserTests: SandboxTestCase {
    func testAnImageChosenInTheFileChooserJoinsThePostAndTheTextKeepsTheKeys() throws {
        let sandbox = try NetworkSandbox.signedIn("mastodon")
        let pictures = try sandbox.testImages()
        let photo = pictures.appendingPathComponent("photo.jpg").path
        // GTK 3's own file chooser logs a critical of its own as keys reach it this fast (the same
        // in a Python GTK program); so here criticals are not fatal, and any other one fails below.
        let window = try sandbox.window("Chosen", to: "mastodon", environment: ["G_DEBUG": ""])
        window.key("ctrl+shift+a")
        let chooser = Xdotool.run("search", "--sync", "--onlyvisible", "--name", "^Attach Images or a Video$")
            .split(separator: "\n").first.map(String.init)
        let id = try XCTUnwrap(chooser, "the file chooser did not open")
        Xdotool.run("windowfocus", "--sync", id)
        // Ctrl+L opens the location field (a typed "/" would too, but GTK 3's chooser then hands
        // that key to the field before the field is realized: a GTK critical, fatal in the tests).
        Xdotool.run("key", "ctrl+l")
        Xdotool.run("type", "--delay", "15", photo)
        let closed = { Xdotool.run("search", "--onlyvisible", "--name", "^Attach Images or a Video$").isEmpty }
        Xdotool.run("key", "Return")
        // The field's completion, when its list was showing, takes the first Return, as a person sees.
        // Sent to the chooser's own window: if it closed meanwhile, no Return reaches the text.
        if !waitUntil(timeout: 3, closed) { Xdotool.run("key", "--window", id, "Return") }
        XCTAssertTrue(waitUntil(timeout: 10, closed), "the chooser stayed open")
        XCTAssertTrue(waitUntil(timeout: 10) { sandbox.draftImages().count == 1 }, "the chosen image joins the post")
        XCTAssertEqual(sandbox.draftImages().first?["path"] as? String, photo)
        // The text has the keys again.
        Xdotool.run("windowfocus", "--sync", window.windowID)
        window.key("ctrl+End")
        window.type(" it")
        XCTAssertTrue(window.waitForText("Chosen it"))
        let criticals = window.stderrSoFar.split(separator: "\n").filter { $0.contains("CRITICAL") }
        XCTAssertTrue(
            criticals.allSatisfy {
                $0.hasSuffix("gtk_widget_event: assertion 'WIDGET_REALIZED_FOR_EVENT (widget, event)' failed")
            },
            "\(criticals)")
    }
}
