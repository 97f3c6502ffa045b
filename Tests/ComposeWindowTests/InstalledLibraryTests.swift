import Foundation
import XCTest

/// The C libraries as C, Python, GJS and Vala programs use them: `make install-files` into a fresh
/// prefix (what `make test` built), each program built and run against those files only
/// (PKG_CONFIG_PATH, GI_TYPELIB_PATH, LD_LIBRARY_PATH), with the Swift toolchain hidden. The programs
/// are Tests/Bindings/binding-test.{c,py,js,vala}: each prints "ok WHAT" per check.
final class InstalledLibraryTests: XCTestCase {
    static let apis = ["3.0", "4.0"]
    static let bindings = Shell.packageRoot.appendingPathComponent("Tests/Bindings")
    static let uiFile = bindings.appendingPathComponent("placeholder-test.ui").path
    /// What every language's program checks, in every toolkit.
    static let checks = [
        "placeholder-text set and read back", "the placeholder shows on an empty buffer",
        "typing hides it, with one notify", "typing more: no further notify",
        "clearing the text shows it again, with one notify", "wraps the text view it is given",
        "GtkBuilder builds it with its placeholder-text", "1000 widgets created and destroyed",
    ]

    /// One install per test run, shared by the tests (the copy takes a few seconds).
    nonisolated(unsafe) private static var installed: Result<URL, InstallFailure>?
    struct InstallFailure: Error { let message: String }

    /// The prefix `make install-files PREFIX=…` filled, made afresh on first use (in .build: the next
    /// run replaces it, `make clean` removes it).
    static func installedPrefix() throws -> URL {
        if installed == nil {
            let prefix = Shell.packageRoot.appendingPathComponent(".build/installed-prefix")
            try? FileManager.default.removeItem(at: prefix)
            let install = try Shell.run("/usr/bin/make", ["-s", "install-files", "PREFIX=\(prefix.path)"])
            installed = install.code == 0 ? .success(prefix) : .failure(InstallFailure(message: install.stderr))
        }
        return try installed!.get()
    }

    var prefix: URL { get throws { try Self.installedPrefix() } }

    /// What finds the installed files: pkg-config, GObject-Introspection and the loader.
    static func environment(_ prefix: URL) -> [String: String] {
        let lib = prefix.appendingPathComponent("lib").path
        return [
            "PKG_CONFIG_PATH": lib + "/pkgconfig", "GI_TYPELIB_PATH": lib + "/girepository-1.0",
            "LD_LIBRARY_PATH": lib, "NO_AT_BRIDGE": "1", "G_DEBUG": "fatal-criticals",
        ]
    }

    func environment(_ prefix: URL) -> [String: String] { Self.environment(prefix) }

    /// Runs `command` with the toolchain out of sight and checks every line the program printed.
    func runChecks(
        _ command: [String], prefix: URL, _ label: String, file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        let hidden = try InstalledTests.withoutToolchain()
        let result = try Shell.run(hidden[0], Array(hidden.dropFirst()) + command, environment: environment(prefix))
        XCTAssertEqual(result.code, 0, "\(label): \(result.stdout)\(result.stderr)", file: file, line: line)
        let printed = result.stdout.split(separator: "\n").map(String.init)
        for check in Self.checks {
            XCTAssertTrue(
                printed.contains { $0.hasPrefix("ok " + check) }, "\(label): no “ok \(check)” in \(printed)",
                file: file, line: line)
        }
        XCTAssertFalse(printed.contains { $0.hasPrefix("FAILED") }, "\(label): \(printed)", file: file, line: line)
    }

    /// `cc` with `pkg-config --cflags --libs gtkplaceholder-API`, warnings as errors.
    func buildC(_ api: String, prefix: URL) throws -> String {
        let program = prefix.appendingPathComponent("binding-test-c-\(api)").path
        let build = try Shell.bash(
            "cc -Wall -Wextra -Werror -o \"$1\" \"$2\" $(pkg-config --cflags --libs gtkplaceholder-$3)", program,
            Self.bindings.appendingPathComponent("binding-test.c").path, api, environment: environment(prefix))
        XCTAssertEqual(build.code, 0, build.stderr)
        return program
    }

    func testTheLibrariesAreSelfContainedAndExportOnlyTheCAPI() throws {
        let prefix = try prefix
        for api in Self.apis {
            let library = prefix.appendingPathComponent("lib/libgtkplaceholder-\(api).so.0").path
            let dynamic = try Shell.run("/usr/bin/readelf", ["-d", library]).stdout
            XCTAssertTrue(dynamic.contains("Library soname: [libgtkplaceholder-\(api).so.0]"), dynamic)
            XCTAssertFalse(dynamic.contains("RUNPATH") || dynamic.contains("RPATH"), dynamic)
            XCTAssertFalse(dynamic.lowercased().contains("swift"), dynamic)
            // Global symbols (upper-case kinds): the C API and nothing of Swift or its runtime.
            let symbols = try Shell.run("/usr/bin/nm", ["-D", "--defined-only", library]).stdout
            let exported = symbols.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ")
                return fields.count == 3 && fields[1].uppercased() == fields[1] ? String(fields[2]) : nil
            }
            XCTAssertTrue(exported.contains("placeholder_text_view_get_type"), symbols)
            XCTAssertTrue(exported.contains("placeholder_text_view_new_with_text_view"), symbols)
            XCTAssertEqual(exported.filter { !$0.hasPrefix("placeholder_text_view_") }, [])
        }
    }

    func testFromC() throws {
        let prefix = try prefix
        for api in Self.apis {
            try runChecks([try buildC(api, prefix: prefix), Self.uiFile], prefix: prefix, "C, GTK \(api)")
        }
    }

    /// placeholder_text_view_get_type() from eight threads at once, first thing in a process: one
    /// type; the class initialised off the main thread; the C API and g_object_set off the main
    /// thread: a critical each, nothing done (Tests/Bindings/threads-test.c).
    func testTheTypeFromAnyThreadAndTheAPIOffTheMainThreadAsGObjectDoes() throws {
        let prefix = try prefix
        for api in Self.apis {
            let program = prefix.appendingPathComponent("threads-test-\(api)").path
            let build = try Shell.bash(
                "cc -Wall -Wextra -Werror -o \"$1\" \"$2\" $(pkg-config --cflags --libs gtkplaceholder-$3)", program,
                Self.bindings.appendingPathComponent("threads-test.c").path, api, environment: environment(prefix))
            XCTAssertEqual(build.code, 0, build.stderr)
            let hidden = try InstalledTests.withoutToolchain()
            let run = try Shell.run(hidden[0], Array(hidden.dropFirst()) + [program], environment: environment(prefix))
            XCTAssertEqual(run.code, 0, "GTK \(api): \(run.stdout)\(run.stderr)")
            for check in [
                "get_type from 8 threads at once: one type", "the class initialised off the main thread",
                "a widget of that class works on the main thread",
                "off the main thread: one critical per call, nothing read", "off the main thread: nothing changed",
            ] {
                XCTAssertTrue(
                    run.stdout.contains("ok \(check)\n"), "GTK \(api): no “ok \(check)” in \(run.stdout)\(run.stderr)")
            }
        }
    }

    func testFromPython() throws {
        let prefix = try prefix
        let script = Self.bindings.appendingPathComponent("binding_test.py").path
        for api in Self.apis {
            try runChecks(["/usr/bin/python3", script, api, Self.uiFile], prefix: prefix, "Python, GTK \(api)")
        }
    }

    func testFromGJS() throws {
        let prefix = try prefix
        let script = Self.bindings.appendingPathComponent("binding-test.js").path
        for api in Self.apis {
            try runChecks(["/usr/bin/gjs", script, api, Self.uiFile], prefix: prefix, "GJS, GTK \(api)")
        }
    }

    func testFromVala() throws {
        let prefix = try prefix
        for api in Self.apis {
            let program = prefix.appendingPathComponent("binding-test-vala-\(api)").path
            let build = try Shell.run(
                "/usr/bin/valac",
                ["--vapidir", prefix.appendingPathComponent("share/vala/vapi").path, "--pkg", "gtkplaceholder-\(api)"]
                    + (api == "4.0" ? ["-D", "GTK4"] : []) + [
                        "-o", program, Self.bindings.appendingPathComponent("binding-test.vala").path,
                    ], environment: environment(prefix), directory: prefix)
            XCTAssertEqual(build.code, 0, build.stdout + build.stderr)
            try runChecks([program, Self.uiFile], prefix: prefix, "Vala, GTK \(api)")
        }
    }

    /// `make docs`' C API reference: gi-docgen reads the installed GIR with no warning, and every
    /// function and property has its page (their descriptions come from the C sources' comments).
    func testTheAPIReferenceIsGeneratedFromTheGIR() throws {
        let prefix = try prefix
        for api in Self.apis {
            let output = prefix.appendingPathComponent("docs-\(api)")
            let generate = try Shell.bash(
                """
                sed -e "s/@API@/$1/g" -e "s/@GTK@/${1%.0}/g" -e "s/@VERSION@/0/" Resources/docs/gtkplaceholder.toml.in \
                  >"$2.toml" && gi-docgen generate --quiet --fatal-warnings --config "$2.toml" --output-dir "$2" "$3"
                """, api, output.path, prefix.appendingPathComponent("share/gir-1.0/GtkPlaceholder-\(api).gir").path)
            XCTAssertEqual(generate.code, 0, generate.stdout + generate.stderr)
            let pages = output.appendingPathComponent("GtkPlaceholder-\(api)")
            for page in [
                "class.TextView.html", "ctor.TextView.new_with_text_view.html",
                "method.TextView.set_placeholder_text.html", "method.TextView.get_placeholder_visible.html",
            ] {
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: pages.appendingPathComponent(page).path),
                    "GTK \(api): \(page)")
            }
            let property = try String(
                contentsOf: pages.appendingPathComponent("property.TextView.placeholder-text.html"), encoding: .utf8)
            XCTAssertTrue(property.contains("never Pango markup"), "GTK \(api): the property's own description")
        }
    }

    /// The C program's 1,000 widgets under valgrind memcheck: no error, nothing definitely lost
    /// (both toolkits at once, one per core).
    func testTheCProgramUnderValgrindHasNoErrorAndLosesNothing() throws {
        let prefix = try prefix
        let programs = try Self.apis.map { try buildC($0, prefix: prefix) }
        let suppressions = Shell.packageRoot.appendingPathComponent("scripts/valgrind-gtk.supp").path
        // One slot per program, each written by its own thread only.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Shell.Result?>.allocate(capacity: programs.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let environment = environment(prefix)
        DispatchQueue.concurrentPerform(iterations: programs.count) { index in
            results[index] = try? Shell.run(
                "/usr/bin/valgrind",
                [
                    "--error-exitcode=3", "--leak-check=full", "--errors-for-leak-kinds=definite",
                    "--show-leak-kinds=definite", "--child-silent-after-fork=yes", "--suppressions=\(suppressions)",
                    programs[index], Self.uiFile,
                ], environment: environment)
        }
        for (api, result) in zip(Self.apis, results) {
            let result = try XCTUnwrap(result, "valgrind did not run")
            XCTAssertEqual(result.code, 0, "GTK \(api): \(result.stderr.suffix(4000))")
            XCTAssertTrue(
                result.stderr.contains("definitely lost: 0 bytes in 0 blocks"), String(result.stderr.suffix(2000)))
            XCTAssertTrue(result.stdout.contains("ok 1000 widgets created and destroyed, all finalized"), result.stdout)
        }
    }
}
