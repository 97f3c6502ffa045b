import ComposeWindowCore
import Foundation
import XCTest

/// The installed metainfo, man page and shell completions, checked with the desktop's own tools and
/// against what the binary itself says (--help, --version, --list-dictionaries) and CHANGELOG.md.
final class DesktopMetadataTests: XCTestCase {
    static func installed(_ path: String) -> String { InstalledTests.stage.appendingPathComponent("usr/" + path).path }
    static let metainfo = installed("share/metainfo/\(InstalledTests.appID).metainfo.xml")
    static let manPage = installed("share/man/man1/compose-window.1")

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: Self.metainfo) else {
            XCTFail("no staged install: run `make test`, which runs `make stage` first")
            throw XCTSkip("nothing staged")
        }
    }

    /// What the man page and every completion must offer: each of compose-window's options (declared
    /// once, in ComposeOption), GLib's help options and GTK's --display.
    static let documentedOptions = Set(ComposeOption.allCases.map { "--" + $0.name }).union([
        "--help", "--help-all", "--help-gtk", "--display",
    ])

    /// The long options `--help-all` lists, less GTK's internal ones.
    static func helpOptions() throws -> Set<String> {
        let help = try Shell.run(InstalledTests.binary, ["--help-all"])
        var options = Set<String>()
        for line in help.stdout.split(separator: "\n") where line.hasPrefix("  -") {
            for word in line.split(separator: " ").prefix(2) where word.hasPrefix("--") {
                options.insert(String(word.split(separator: "=")[0].filter { $0 != "," }))
            }
        }
        return options.subtracting(["--class", "--name", "--gtk-module", "--g-fatal-warnings"])
    }

    /// The installed binary's --help-all lists exactly the declared options (and GLib's and GTK's).
    func testHelpListsTheDeclaredOptions() throws {
        XCTAssertEqual(try Self.helpOptions(), Self.documentedOptions)
    }

    /// Released versions and dates in CHANGELOG.md, newest first: `## [0.1.0] - 2026-11-29`.
    static func changelogReleases() throws -> [(version: String, date: String)] {
        let changelog = try String(
            contentsOf: Shell.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        return try changelog.split(separator: "\n").compactMap { line in
            try Regex(#"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$"#).wholeMatch(in: line).map {
                (String($0.output[1].substring!), String($0.output[2].substring!))
            }
        }
    }

    func testMetainfoValidatesWithNoErrorsOrWarnings() throws {
        let result = try Shell.run("/usr/bin/appstreamcli", ["validate", "--no-net", Self.metainfo])
        XCTAssertEqual(result.code, 0, result.stdout + result.stderr)
        let findings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        XCTAssertEqual(findings, [], result.stdout)
    }

    func testMetainfoDescribesTheInstalledApp() throws {
        // gettext 0.23 (Debian 13) writes the language as BCP 47 ("zh-Hans-CN"), older ones as the
        // .po file's name ("zh_CN"); AppStream reads both. Compared in the older spelling.
        let xml = try String(contentsOfFile: Self.metainfo, encoding: .utf8)
            .replacingOccurrences(of: "xml:lang=\"zh-Hans-CN\"", with: "xml:lang=\"zh_CN\"")
        let desktopID = "\(InstalledTests.appID).desktop"
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.installed("share/applications/\(desktopID)")))
        for expected in [
            "<launchable type=\"desktop-id\">\(desktopID)</launchable>", "<binary>compose-window</binary>",
            "<content_rating type=\"oars-1.1\"", "<screenshot type=\"default\">",
            "<name xml:lang=\"zh_CN\">发微博</name>", "<summary xml:lang=\"zh_CN\">写一条微博；崩溃后草稿依然保留</summary>",
        ] {
            XCTAssertTrue(xml.contains(expected), "metainfo lacks \(expected)")
        }
        // Every translatable paragraph and list item carries its zh_CN translation.
        let english = try xml.matches(of: Regex(#"<(p|li)>"#)).count
        let chinese = try xml.matches(of: Regex(#"<(p|li) xml:lang="zh_CN">"#)).count
        XCTAssertGreaterThan(english, 0)
        XCTAssertEqual(chinese, english)
        let releases = try xml.matches(of: Regex(#"<release version="([^"]+)" date="([^"]+)""#)).map {
            "\($0.output[1].substring!) \($0.output[2].substring!)"
        }
        XCTAssertEqual(releases, try Self.changelogReleases().map { "\($0.version) \($0.date)" })
    }

    /// One version everywhere: CHANGELOG's newest release, --version, the man page and the metainfo.
    func testVersionsAgree() throws {
        let newest = try XCTUnwrap(try Self.changelogReleases().first)
        let version = try Shell.run(InstalledTests.binary, ["--version"])
        XCTAssertEqual(version.stdout, "compose-window \(newest.version)\n")
        let man = try String(contentsOfFile: Self.manPage, encoding: .utf8)
        XCTAssertTrue(man.contains(".TH COMPOSE-WINDOW 1 \(newest.date) \"compose-window \(newest.version)\""))
    }

    func testManPageLintsClean() throws {
        let lint = try Shell.run("/usr/bin/mandoc", ["-Tlint", "-W", "style", Self.manPage])
        XCTAssertEqual(lint.code, 0, lint.stdout + lint.stderr)
        XCTAssertEqual(lint.stdout + lint.stderr, "")
        let groff = try Shell.run("/usr/bin/man", ["--warnings", "-l", "-Tutf8", Self.manPage])
        XCTAssertEqual(groff.stderr, "")
    }

    /// The man page documents exactly the options --help lists, and the same exit statuses.
    func testManPageAgreesWithHelp() throws {
        let man = try String(contentsOfFile: Self.manPage, encoding: .utf8)
        let lines = man.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var documented = Set<String>()
        for (index, line) in lines.enumerated() where index > 0 && lines[index - 1] == ".TP" {
            for match in line.matches(of: try Regex(#"\\-\\-([a-z\\-]+)"#)) {
                documented.insert("--" + match.output[1].substring!.replacingOccurrences(of: "\\-", with: "-"))
            }
        }
        XCTAssertEqual(documented, Self.documentedOptions)

        let help = try Shell.run(InstalledTests.binary, ["--help"]).stdout
        let helpStatuses = try help.matches(of: Regex(#"(?m)^  ([0-9])  (.+)$"#)).map {
            "\($0.output[1].substring!) \($0.output[2].substring!)"
        }
        var manStatuses: [String] = []
        if let section = lines.firstIndex(of: ".SH EXIT STATUS") {
            var index = section + 1
            while index + 2 < lines.count, lines[index] == ".TP", lines[index + 1].hasPrefix(".B ") {
                manStatuses.append(
                    "\(lines[index + 1].dropFirst(3)) \(lines[index + 2].replacingOccurrences(of: "\\-", with: "-"))")
                index += 3
            }
        }
        XCTAssertEqual(helpStatuses.count, 6)
        XCTAssertEqual(manStatuses, helpStatuses)
    }

    /// Bash completion for real: loaded the way bash-completion loads it, asked as bash asks.
    func testBashCompletion() throws {
        let script = """
            source "$1"
            complete -p compose-window
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _compose_window; echo "${COMPREPLY[*]}"; }
            ask compose-window --count ""
            ask compose-window --count = w
            ask compose-window --spell ""
            ask compose-window ""
            ask compose-window --no-
            ask compose-window --to ""
            ask compose-window --desktop "$2/s"
            ask compose-window --visibility ""
            ask compose-window --label ""
            ask compose-window --language e
            """
        let pictures = try Self.folderOfFiles()
        let result = try Shell.bash(
            script, Self.installed("share/bash-completion/completions/compose-window"), pictures.path,
            environment: ["PATH": InstalledTests.stage.appendingPathComponent("usr/bin").path + ":/usr/bin:/bin"])
        XCTAssertEqual(result.code, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "complete -F _compose_window compose-window")
        XCTAssertEqual(lines[1].split(separator: " ").map(String.init), CountingRule.allCases.map(\.name))
        XCTAssertEqual(lines[2], "weibo")
        let dictionaries = try Shell.run(InstalledTests.binary, ["--list-dictionaries"]).stdout
        XCTAssertTrue(dictionaries.contains("en_US"), dictionaries)
        XCTAssertEqual(lines[3], dictionaries.split(separator: "\n").joined(separator: " "))
        let offered = Set(lines[4].split(separator: " ").map { String($0.split(separator: "=")[0]) })
        XCTAssertEqual(offered, Self.documentedOptions)
        XCTAssertEqual(lines[5], "--no-draft --no-delay --no-spell")
        XCTAssertEqual(lines[6].split(separator: " ").map(String.init), PostTarget.allCases.map(\.rawValue))
        // After the options: images, and folders to go into; not the other files.
        XCTAssertEqual(
            Set(lines[7].split(separator: " ").map(String.init)),
            Set(["sunset.png", "still.JPG", "summer"].map { pictures.appendingPathComponent($0).path }))
        XCTAssertEqual(lines[8].split(separator: " ").map(String.init), PostOptions.Visibility.allCases.map(\.rawValue))
        XCTAssertEqual(lines[9].split(separator: " ").map(String.init), PostOptions.SelfLabel.allCases.map(\.rawValue))
        XCTAssertEqual(lines[10], "en", "the installed dictionaries' languages")
    }

    /// sunset.png, still.JPG, summer/ and the non-images song.mp3 and sketch.txt.
    static func folderOfFiles() throws -> URL {
        let folder = try StateHome().url.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("summer"), withIntermediateDirectories: true)
        for name in ["sunset.png", "still.JPG", "song.mp3", "sketch.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    func testFishCompletion() throws {
        let script = """
            source $argv[1]
            complete -C'compose-window --count '
            echo ---
            complete -C'compose-window --'
            echo ---
            complete -C'compose-window --to '
            echo ---
            complete -C"compose-window $argv[2]/s"
            echo ---
            complete -C"compose-window --attach=$argv[2]/s"
            echo ---
            complete -C'compose-window --visibility '
            echo ---
            complete -C'compose-window --label '
            """
        let path = Self.installed("share/fish/vendor_completions.d/compose-window.fish")
        let pictures = try Self.folderOfFiles()
        let result = try Shell.run("/usr/bin/fish", ["--no-config", "-c", script, path, pictures.path])
        XCTAssertEqual(result.code, 0, result.stderr)
        let parts = result.stdout.components(separatedBy: "---\n")
        // fish sorts what it offers.
        XCTAssertEqual(
            Set(parts[0].split(separator: "\n").map { String($0.split(separator: "\t")[0]) }),
            Set(CountingRule.allCases.map(\.name)))
        let offered = Set(parts[1].split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        XCTAssertEqual(offered, Self.documentedOptions)
        XCTAssertEqual(
            Set(parts[2].split(separator: "\n").map { String($0.split(separator: "\t")[0]) }),
            Set(PostTarget.allCases.map(\.rawValue)))
        let images = Set(parts[3].split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        XCTAssertTrue(images.contains(pictures.appendingPathComponent("sunset.png").path), "\(images)")
        XCTAssertFalse(images.contains { $0.hasSuffix("song.mp3") || $0.hasSuffix("sketch.txt") }, "\(images)")
        let attached = Set(parts[4].split(separator: "\n").map { String($0.split(separator: "\t")[0]) })
        XCTAssertEqual(
            attached, Set(["still.JPG", "summer/", "sunset.png"].map { "--attach=" + pictures.path + "/" + $0 }))
        XCTAssertEqual(
            Set(parts[5].split(separator: "\n").map { String($0.split(separator: "\t")[0]) }),
            Set(PostOptions.Visibility.allCases.map(\.rawValue)))
        XCTAssertEqual(
            Set(parts[6].split(separator: "\n").map { String($0.split(separator: "\t")[0]) }),
            Set(PostOptions.SelfLabel.allCases.map(\.rawValue)))
    }

    /// zsh: the file parses, and its _arguments specs name exactly --help's options (`*` marks one
    /// that may be repeated).
    func testZshCompletion() throws {
        let path = Self.installed("share/zsh/site-functions/_compose-window")
        let syntax = try Shell.run("/usr/bin/zsh", ["-n", path])
        XCTAssertEqual(syntax.code, 0, syntax.stderr)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let specs = try text.matches(of: Regex(#"'(?:\([^)]*\))?\*?(--[a-z-]+)=?\["#)).map {
            String($0.output[1].substring!)
        }
        var options = Set(specs)
        if text.contains("{-h,--help}") { options.insert("--help") }
        XCTAssertEqual(options, Self.documentedOptions)
        XCTAssertTrue(text.contains("(\(CountingRule.allCases.map(\.name).joined(separator: " ")))"))
        XCTAssertTrue(text.contains("(\(PostTarget.allCases.map(\.rawValue).joined(separator: " ")))"))
        for words in [PostOptions.Visibility.allCases.map(\.rawValue), PostOptions.SelfLabel.allCases.map(\.rawValue)] {
            XCTAssertTrue(text.contains("(\(words.joined(separator: " ")))"), "\(words)")
        }
    }
}
