import ComposeWindowCore
import Foundation
import XCTest

/// compose-window as a person installs it: the tree `make test` staged with `make install
/// DESTDIR=.build/stage PREFIX=/usr` (the `stage` target), run with the Swift toolchain hidden, and
/// the desktop's metadata checked with the desktop's own tools.
final class InstalledTests: XCTestCase {
    static let appID = "io.github.gtkplaceholder.ComposeWindow"
    static let stage = Shell.packageRoot.appendingPathComponent(".build/stage")
    static let binary = stage.appendingPathComponent("usr/bin/compose-window").path

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            XCTFail("no staged install at \(Self.stage.path): run `make test`, which runs `make stage` first")
            throw XCTSkip("nothing staged")
        }
    }

    static var expectedFiles: Set<String> {
        let icons = [16, 32, 48, 64, 128, 256].map { "usr/share/icons/hicolor/\($0)x\($0)/apps/\(appID).png" }
        return Set(
            icons + [
                "usr/bin/compose-window", "usr/share/applications/\(appID).desktop",
                "usr/share/metainfo/\(appID).metainfo.xml", "usr/share/icons/hicolor/scalable/apps/\(appID).svg",
                "usr/share/icons/hicolor/symbolic/apps/\(appID)-symbolic.svg", "usr/share/man/man1/compose-window.1",
                "usr/share/bash-completion/completions/compose-window", "usr/share/zsh/site-functions/_compose-window",
                "usr/share/fish/vendor_completions.d/compose-window.fish",
                "usr/share/locale/zh_CN/LC_MESSAGES/compose-window.mo",
                "usr/share/glib-2.0/schemas/\(appID).gschema.xml", "usr/share/glib-2.0/schemas/gschemas.compiled",
            ] + cLibraryFiles)
    }

    /// The C libraries for GTK 3 and GTK 4 and what C, Python, GJS and Vala find them by (the
    /// development symlinks `libgtkplaceholder-API.so` are not regular files: checked apart).
    static var cLibraryFiles: [String] {
        ["3.0", "4.0"].flatMap { api in
            [
                "usr/lib/libgtkplaceholder-\(api).so.0", "usr/lib/pkgconfig/gtkplaceholder-\(api).pc",
                "usr/include/gtkplaceholder-\(api)/gtkplaceholder.h", "usr/share/gir-1.0/GtkPlaceholder-\(api).gir",
                "usr/lib/girepository-1.0/GtkPlaceholder-\(api).typelib",
                "usr/share/vala/vapi/gtkplaceholder-\(api).vapi", "usr/share/vala/vapi/gtkplaceholder-\(api).deps",
            ]
        }
    }

    static func files(under root: URL) -> Set<String> {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var found = Set<String>()
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.insert(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
            }
        }
        return found
    }

    func testTheStagedInstallIsExactlyTheExpectedFiles() throws {
        XCTAssertEqual(Self.files(under: Self.stage), Self.expectedFiles)
        for api in ["3.0", "4.0"] {
            let link = Self.stage.appendingPathComponent("usr/lib/libgtkplaceholder-\(api).so").path
            XCTAssertEqual(
                try FileManager.default.destinationOfSymbolicLink(atPath: link), "libgtkplaceholder-\(api).so.0")
        }
    }

    /// `make install` (its copying step; `make test` has just built what it copies) then `make uninstall` into a DESTDIR that already holds another app's files:
    /// ours come and go, theirs stay, and no directory of ours is left behind.
    func testMakeUninstallRemovesExactlyWhatMakeInstallPut() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("destdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let foreign = [
            "usr/local/share/applications/other.desktop", "usr/local/share/icons/hicolor/48x48/apps/other.png",
        ]
        for path in foreign {
            let url = destination.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("theirs".utf8).write(to: url)
        }
        let make = ["-s", "DESTDIR=\(destination.path)", "PREFIX=/usr/local"]
        let install = try Shell.run("/usr/bin/make", ["install-files"] + make)
        XCTAssertEqual(install.code, 0, install.stderr)
        let ours = Set(Self.expectedFiles.map { "usr/local/" + $0.dropFirst("usr/".count) })
        XCTAssertEqual(Self.files(under: destination), ours.union(foreign))
        let uninstall = try Shell.run("/usr/bin/make", ["uninstall"] + make)
        XCTAssertEqual(uninstall.code, 0, uninstall.stderr)
        XCTAssertEqual(Self.files(under: destination), Set(foreign))
        let directories = try Shell.run("/usr/bin/find", [destination.path, "-mindepth", "1", "-type", "d"])
        XCTAssertEqual(
            Set(directories.stdout.split(separator: "\n").map { String($0.dropFirst(destination.path.count + 1)) }),
            [
                "usr", "usr/local", "usr/local/share", "usr/local/share/applications", "usr/local/share/icons",
                "usr/local/share/icons/hicolor", "usr/local/share/icons/hicolor/48x48",
                "usr/local/share/icons/hicolor/48x48/apps",
            ])
    }

    /// Where the Swift toolchain lives (…/usr, holding bin/swift and lib/swift).
    static var toolchainDirectory: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: swift.path) {
                return swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
            }
        }
        return nil
    }

    /// A command line that runs what follows it with an empty tmpfs over the toolchain (a private
    /// mount namespace: nothing else sees it).
    static func withoutToolchain() throws -> [String] {
        let toolchain = try XCTUnwrap(toolchainDirectory, "no swift in PATH")
        // Not root: a user namespace (-r) lets the mount happen all the same.
        let namespaces = getuid() == 0 ? ["-m"] : ["-r", "-m"]
        return ["/usr/bin/unshare"] + namespaces + [
            "/bin/sh", "-c", "mount -t tmpfs none \"$0\" && exec \"$@\"", toolchain,
        ]
    }

    func testTheInstalledBinaryNeedsNoSwiftToolchain() throws {
        let hidden = try Self.withoutToolchain()
        // The control: a toolchain-linked build cannot start there, so the mount does hide it.
        let debug = try Shell.run(hidden[0], Array(hidden.dropFirst()) + [ComposeProcess.binary.path, "--help"])
        XCTAssertNotEqual(debug.code, 0)
        XCTAssertTrue(debug.stderr.contains("libswift"), debug.stderr)

        let help = try Shell.run(hidden[0], Array(hidden.dropFirst()) + [Self.binary, "--help"])
        XCTAssertEqual(help.code, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("--placeholder-color"), help.stdout)

        // Every library it loads is the system's, from a Debian package; none is Swift's.
        let libraries = try Shell.run("/usr/bin/ldd", [Self.binary])
        XCTAssertEqual(libraries.code, 0)
        XCTAssertFalse(libraries.stdout.contains("not found"), libraries.stdout)
        XCTAssertFalse(libraries.stdout.lowercased().contains("swift"), libraries.stdout)
        let paths = libraries.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("/") }.map(String.init)
        }
        XCTAssertGreaterThan(paths.count, 20)
        let owners = try Shell.run("/usr/bin/dpkg", ["-S"] + paths.map { URL(fileURLWithPath: $0).lastPathComponent })
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            XCTAssertTrue(owners.stdout.contains(name), "\(path) belongs to no Debian package")
        }
        let dynamic = try Shell.run("/usr/bin/readelf", ["-d", Self.binary])
        XCTAssertFalse(dynamic.stdout.contains("RUNPATH") || dynamic.stdout.contains("RPATH"), dynamic.stdout)
    }

    /// A script's round trip through the installed binary with the toolchain hidden: the text on
    /// standard input comes back byte for byte on Send.
    func testScriptedSendRoundTripsWithoutTheToolchain() throws {
        let text = "分享新鲜事 😀\r\nline two\t \n\n"
        let state = try StateHome()
        let window = try ComposeProcess(
            ["--no-draft"], stateHome: state.url, stdin: Data(text.utf8),
            launcher: try Self.withoutToolchain() + [Self.binary])
        guard window.waitForWindow() else { return }
        window.key("ctrl+Return")
        let result = try XCTUnwrap(window.finish())
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, Data(text.utf8))
    }

    /// Launched through PATH, argv[0] is a bare name: the translations are still found.
    func testTheInstalledBinaryFindsItsTranslationsThroughPATH() throws {
        let help = try Shell.bash(
            "cd / && compose-window --help",
            environment: [
                "PATH": Self.stage.appendingPathComponent("usr/bin").path + ":/usr/bin:/bin", "LANG": "zh_CN.UTF-8",
                "LC_ALL": "zh_CN.UTF-8",
            ])
        XCTAssertEqual(help.code, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("在窗口中写一条微博"), help.stdout)
    }

    func testIconsAreRenderedAtEverySize() throws {
        for size in [16, 32, 48, 64, 128, 256] {
            let png = try Data(
                contentsOf: Self.stage.appendingPathComponent(
                    "usr/share/icons/hicolor/\(size)x\(size)/apps/\(Self.appID).png"))
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            // IHDR: width and height, big-endian, at bytes 16 and 20.
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            XCTAssertEqual([width, height], [size, size])
        }
    }
}
