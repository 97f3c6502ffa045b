import Foundation
import Testing

/// The shipping binary has no environment-variable hooks: the only variables compose-window reads
/// are the desktop's own (where the display, session bus and sandbox are; where state lives).
@Suite struct EnvironmentTests {
    static let desktopVariables: Set<String> = [
        "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "SNAP", "GTK_USE_PORTAL",
        "XDG_STATE_HOME", "HOME",
        // Where systemd reads user units: the scheduled posts' timers go there.
        "XDG_CONFIG_HOME",
    ]

    @Test func appReadsOnlyTheDesktopsVariables() throws {
        var read = Set<String>()
        for directory in ["Sources/ComposeWindow/App", "Sources/ComposeWindow/Core", "Sources/ComposeWindow/Glue"] {
            let folder = TranslationTests.root.appendingPathComponent(directory)
            for file in FileManager.default.subpaths(atPath: folder.path) ?? [] where file.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let reads = try Regex(#"(?:environment\(|environment\[|getenv\()\s*"([A-Za-z0-9_]+)""#)
                for match in source.matches(of: reads) { read.insert(String(match.output[1].substring!)) }
            }
        }
        #expect(read.contains("DISPLAY"), "the scan finds the reads")
        #expect(read.subtracting(Self.desktopVariables).isEmpty, "hooks: \(read.subtracting(Self.desktopVariables))")
    }
}
