import Foundation
import XCTest

/// A person's desktop configuration in temporary folders, as a desktop registers a default browser:
/// `$XDG_DATA_HOME/applications/fake-browser.desktop` (MimeType=x-scheme-handler/https) and a
/// `mimeapps.list` in `$XDG_CONFIG_HOME` naming it. The "browser" records each URI it is started
/// with. GSettings keeps its values in a key file under the same `$XDG_CONFIG_HOME`.
struct FakeDesktop {
    let root: URL
    let record: URL

    init(browser: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("desktop-\(UUID().uuidString)")
        record = root.appendingPathComponent("opened.txt")
        let applications = root.appendingPathComponent("data/applications")
        let config = root.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        guard browser else { return }
        let recorder = root.appendingPathComponent("record-uri")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record.path)'\n".write(
            to: recorder, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder.path)
        try """
        [Desktop Entry]
        Type=Application
        Name=Fake Browser
        Exec=\(recorder.path) %u
        MimeType=x-scheme-handler/http;x-scheme-handler/https;
        NoDisplay=true

        """.write(to: applications.appendingPathComponent("fake-browser.desktop"), atomically: true, encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/https=fake-browser.desktop\n".write(
            to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
    }

    var environment: [String: String] {
        [
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path, "GSETTINGS_BACKEND": "keyfile",
        ]
    }

    /// Every URI the browser was started with, in order.
    var opened: [String] {
        ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits (with a deadline) until the browser has been started `count` times.
    @discardableResult
    func waitForOpened(_ count: Int = 1, timeout: Double = 10) -> [String] {
        _ = waitUntil(timeout: timeout) { opened.count >= count }
        return opened
    }

    /// The query parameter `name` of `uri`, percent-decoded (nil when absent or not UTF-8).
    static func parameter(_ name: String, of uri: String) -> String? {
        guard let components = URLComponents(string: uri) else { return nil }
        // URLComponents decodes '+' as itself, as RFC 3986 says; the raw item is decoded here.
        let raw = components.percentEncodedQueryItems?.first { $0.name == name }?.value
        return raw?.removingPercentEncoding
    }
}

/// The suite's one polling loop, for effects nothing announces (a file's content, X windows, the
/// selection): checks every 50 ms until `condition` holds or `timeout` seconds pass.
func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
}

/// Picks a target in the header bar's menu (Alt+T, then the item's mnemonic), waiting for the menu
/// to open before the letter and to close after it; `windows` counts the app's mapped windows.
func chooseInTargetMenu(_ mnemonic: String, windows: () -> Int) {
    Xdotool.run("key", "alt+t")
    XCTAssertTrue(waitUntil(timeout: 10) { windows() >= 2 }, "the menu did not open")
    Xdotool.run("key", mnemonic)
    XCTAssertTrue(waitUntil(timeout: 10) { windows() == 1 }, "the menu did not close")
}
