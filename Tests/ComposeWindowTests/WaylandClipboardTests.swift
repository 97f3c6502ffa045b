import Foundation
import XCTest

/// `--to clipboard` on a Wayland desktop with no clipboard manager (headless sway, no Xwayland):
/// after the window has closed, wl-paste gets the text exactly, and once something else is copied
/// nothing of ours is left running. wtype's modifier keys do not reach GTK 3 (see WaylandTests), so
/// Send is pressed as an assistive technology presses it, through AT-SPI (the session gets its own
/// D-Bus); the keys typed first give GTK the input serial a compositor requires of a new selection,
/// as a person's typing does.
final class WaylandClipboardTests: XCTestCase {
    /// `wait-text TEXT`: until a text field holds TEXT; `press NAME`: the push button's action.
    static let accessibility = """
        import sys, gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi, GLib

        def find(node, matches, depth=0):
            if node is None or depth > 40:
                return None
            if matches(node):
                return node
            for index in range(node.get_child_count()):
                found = find(node.get_child_at_index(index), matches, depth + 1)
                if found is not None:
                    return found
            return None

        def holds(text):
            def matches(node):
                return node.get_role() == Atspi.Role.TEXT and text in Atspi.Text.get_text(node, 0, -1)
            return matches

        def named(name):
            return lambda node: node.get_role() == Atspi.Role.PUSH_BUTTON and node.get_name() == name

        mode, value = sys.argv[1], sys.argv[2]

        def search():
            desktop = Atspi.get_desktop(0)
            for index in range(desktop.get_child_count()):
                application = desktop.get_child_at_index(index)
                if application is None or application.get_name() != "io.github.gtkplaceholder.ComposeWindow":
                    continue
                found = find(application, holds(value) if mode == "wait-text" else named(value))
                if found is not None:
                    return found
            return None

        # Searched again whenever an application reports a change (AT-SPI events: an app appearing,
        # its widgets, their text and states), until the deadline: no polling.
        changed, expired = [False], [False]
        listener = Atspi.EventListener.new(lambda event: changed.__setitem__(0, True))
        for kind in ("window:", "object:children-changed", "object:text-changed", "object:state-changed"):
            listener.register(kind)
        GLib.timeout_add_seconds(20, lambda: expired.__setitem__(0, True))
        context = GLib.MainContext.default()
        while not expired[0]:
            changed[0] = False  # before searching: a change during the search wakes the wait below
            found = search()
            if found is not None:
                if mode == "press":
                    Atspi.Action.do_action(found, 0)
                sys.exit(0)
            while not changed[0] and not expired[0]:
                context.iteration(True)
        sys.exit(mode + " " + value + ": not found")
        """

    /// One D-Bus session: launch, type, press Send, paste, copy something else; each fact in a file.
    static let script = """
        unset NO_AT_BRIDGE
        out=$1 binary=$2 text=$3
        "$binary" --to clipboard --no-draft --text "$text" >"$out/stdout" 2>"$out/stderr" &
        pid=$!
        python3 "$out/a11y.py" wait-text "$text" || exit 10
        wtype -k Shift_L -d 20 " typed"
        python3 "$out/a11y.py" wait-text "$text typed" || exit 11
        python3 "$out/a11y.py" press Send || exit 12
        wait "$pid"; echo "$?" >"$out/status"
        wl-paste --no-newline >"$out/pasted"
        ours="^$binary --to clipboard"
        pgrep -f -- "$ours" >"$out/serving"
        # In the foreground, to be stopped below: a daemonized wl-copy would outlive the session.
        wl-copy --foreground "something else" </dev/null >/dev/null 2>&1 &
        copier=$!
        # Until the windowless copy exits (10 s at most).
        serving=$(pgrep -f -- "$ours" | head -1)
        [ -z "$serving" ] || timeout 10 tail --pid="$serving" -f /dev/null
        pgrep -f -- "$ours" >"$out/left"
        wl-paste --no-newline >"$out/pasted-after"
        kill "$copier"
        """

    func testTheClipboardOutlivesTheWindowOnWayland() throws {
        guard FileManager.default.isExecutableFile(atPath: InstalledTests.binary) else {
            XCTFail("no staged install: run `make test`, which runs `make stage` first")
            throw XCTSkip("nothing staged")
        }
        let session = try WaylandSession()
        defer { session.stop() }
        let out = session.home.appendingPathComponent("clipboard")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Self.accessibility.write(to: out.appendingPathComponent("a11y.py"), atomically: true, encoding: .utf8)
        for path in [out.path, out.appendingPathComponent("a11y.py").path] {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: path)
        }
        let text = "分享 😀 & # + % on Wayland"
        let run = try session.run(
            [
                "/usr/bin/dbus-run-session", "--", "/bin/sh", "-c", Self.script, "sh", out.path, InstalledTests.binary,
                text,
            ])
        XCTAssertEqual(run.code, 0, run.stdout + run.stderr)
        func read(_ name: String) -> String {
            (try? String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)) ?? "(missing)"
        }
        XCTAssertEqual(read("status"), "0\n", read("stderr"))
        XCTAssertEqual(read("stdout"), "", "the post never goes to standard output")
        XCTAssertEqual(read("stderr"), "")
        XCTAssertEqual(read("pasted"), text + " typed", "pasted after the window had closed")
        XCTAssertFalse(read("serving").isEmpty, "nothing served the clipboard")
        XCTAssertEqual(read("left"), "", "still running after something else was copied")
        XCTAssertEqual(read("pasted-after"), "something else")
    }
}
