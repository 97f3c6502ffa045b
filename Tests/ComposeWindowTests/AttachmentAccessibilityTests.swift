import Foundation
import XCTest

/// What a screen reader hears of the post's images: each thumbnail is a push button named
/// "Image N: FILE" whose description is its alt text ("No description" without one). Read through
/// AT-SPI on a D-Bus session of the test's own, the window under Xvfb.
final class AttachmentAccessibilityTests: XCTestCase {
    /// Waits (on AT-SPI's events, 20 s at most) until COUNT buttons named "Image …" are there,
    /// then prints each as "NAME|DESCRIPTION".
    static let reader = """
        import sys, gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi, GLib

        def images(node, found, depth=0):
            if node is None or depth > 40:
                return
            if node.get_role() == Atspi.Role.PUSH_BUTTON and (node.get_name() or "").startswith("Image "):
                found.append(node)
            for index in range(node.get_child_count()):
                images(node.get_child_at_index(index), found, depth + 1)

        def search():
            found = []
            desktop = Atspi.get_desktop(0)
            for index in range(desktop.get_child_count()):
                application = desktop.get_child_at_index(index)
                if application is not None and application.get_name() == "io.github.gtkplaceholder.ComposeWindow":
                    images(application, found)
            return found

        count = int(sys.argv[1])
        changed, expired = [False], [False]
        listener = Atspi.EventListener.new(lambda event: changed.__setitem__(0, True))
        for kind in ("window:", "object:children-changed", "object:state-changed", "object:property-change"):
            listener.register(kind)
        GLib.timeout_add_seconds(20, lambda: expired.__setitem__(0, True))
        context = GLib.MainContext.default()
        while not expired[0]:
            changed[0] = False
            found = search()
            if len(found) >= count:
                for node in found:
                    print(node.get_name() + "|" + node.get_description())
                sys.exit(0)
            while not changed[0] and not expired[0]:
                context.iteration(True)
        sys.exit("images: not found")
        """

    static let script = """
        unset NO_AT_BRIDGE
        out=$1 binary=$2 photo=$3 turned=$4
        XDG_STATE_HOME=$out/state "$binary" --to mastodon --instance mastodon.social --no-draft --no-spell \\
            --text "Two pictures" --attach "$photo" --alt "A gradient, red to green" --attach "$turned" \\
            >"$out/stdout" 2>"$out/stderr" &
        pid=$!
        /usr/bin/python3 "$out/reader.py" 2 >"$out/heard" || { kill "$pid"; exit 10; }
        kill "$pid"
        wait "$pid"
        exit 0
        """

    func testEachImageIsHeardWithItsAltText() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-\(getpid())")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        try Self.reader.write(to: out.appendingPathComponent("reader.py"), atomically: true, encoding: .utf8)
        let made = try Shell.run(
            "/usr/bin/python3",
            [Shell.packageRoot.appendingPathComponent("Tests/Support/Networks/make-test-images.py").path, out.path])
        XCTAssertEqual(made.code, 0, made.stderr)
        let run = try Shell.run(
            "/usr/bin/dbus-run-session",
            [
                "--", "/bin/sh", "-c", Self.script, "sh", out.path, ComposeProcess.binary.path,
                out.appendingPathComponent("photo.jpg").path, out.appendingPathComponent("turned.jpg").path,
            ])
        let heard = (try? String(contentsOf: out.appendingPathComponent("heard"), encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: out.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
        XCTAssertEqual(run.code, 0, run.stdout + run.stderr + stderr)
        XCTAssertEqual(
            heard.split(separator: "\n").map(String.init),
            ["Image 1: photo.jpg|A gradient, red to green", "Image 2: turned.jpg|No description"])
    }
}
